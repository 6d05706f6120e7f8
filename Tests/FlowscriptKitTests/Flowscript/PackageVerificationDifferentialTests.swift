import DeliveryTestSupport
@testable import FlowscriptKit
import Foundation
@testable import TabFlowDelivery
import TestSupport
import Testing

extension FlowscriptTests {
  /// One package verification for the app and the CLI (`RulePackageVerification`): over good and
  /// tampered packages, `flowscript verify` and an app's `RuleDelivery.install` accept the same
  /// ones and refuse the others with the same check and reason, and a command given a package with
  /// `--public-key` refuses the same unsigned or mis-signed ones. The differences that remain are
  /// the CLI having no app (no runtime to match, no catalog or state to fit) and its gate against
  /// guards that raise errors; the last tests pin them.
  @Suite("package verification: CLI and app")
  struct PackageVerificationDifferentialTests {
    typealias F = DeliveryFixture

    /// What a reader did with a package: took it, or refused it with one line (`check: reason`).
    enum Outcome: Equatable, CustomStringConvertible {
      case accepted
      case refused(String)

      var description: String {
        switch self {
        case .accepted: "accepted"
        case let .refused(reason): "refused: \(reason)"
        }
      }
    }

    /// A package to verify, and the release the reader has installed.
    struct Case: Sendable, CustomStringConvertible {
      let name: String
      let bytes: Data
      var installed = 0
      var description: String { name }
    }

    /// A key that is pinned nowhere.
    static let foreignKey = RuleSigningKey()

    /// Good packages and packages tampered with in each way a check catches.
    static func cases() throws -> [Case] {
      let good = try F.bytes(release: 2)
      let object = try F.object(good)
      func edited(_ edit: (inout [String: Any]) -> Void) throws -> Data {
        var copy = object
        edit(&copy)
        return try F.data(copy)
      }
      let editedScript = (object["script"] as? String ?? "").replacingOccurrences(of: "id = 1", with: "id = 9")
      return [
        Case(name: "good", bytes: good),
        Case(name: "signed by the second pinned key", bytes: try F.bytes(release: 2, key: F.otherKey)),
        Case(name: "signed by a key pinned nowhere", bytes: try F.bytes(release: 2, key: foreignKey)),
        Case(name: "script edited, digest kept", bytes: try edited { $0["script"] = editedScript }),
        Case(
          name: "script edited, digest fixed", bytes: try edited {
            $0["script"] = editedScript
            $0["sha256"] = RulePackage.digest(of: editedScript)
          }),
        Case(name: "release edited", bytes: try edited { $0["release"] = 9 }),
        Case(name: "not JSON", bytes: Data("{not json".utf8)),
        Case(name: "cut short", bytes: good.prefix(good.count / 2)),
        Case(name: "another format", bytes: try edited { $0["format"] = "tabflow.other" }),
        Case(name: "version 1", bytes: try edited { $0["version"] = 1 }),
        Case(name: "no signature", bytes: try edited { $0["signature"] = nil }),
        Case(name: "not above the installed release", bytes: good, installed: 2),
        Case(name: "above the installed release", bytes: try F.bytes(release: 5), installed: 4),
        Case(name: "a script that does not parse", bytes: try F.bytes("tab \"home\" {", release: 2)),
        Case(
          name: "a script that does not validate",
          bytes: try F.bytes(F.bundled + "\non(\"nowhere.open\", function(nav) end)", release: 2)),
      ]
    }

    /// What an app does with `bytes`: its delivery, pinning both keys of the fixture, with
    /// `installed` as its bundled release, installs them over its initial state or refuses them.
    static func app(_ bytes: Data, installed: Int) throws -> Outcome {
      let delivery = try F.delivery(keys: [F.key.publicKey, F.otherKey.publicKey], bundledRelease: installed)
      let state = try delivery.rules.initialState()
      do {
        _ = try delivery.install(bytes, keeping: state)
        return .accepted
      } catch {
        return .refused(error.description)
      }
    }

    /// The package file, and the two public key files the CLI is given.
    static func files(_ bytes: Data, in workspace: Workspace) throws -> (package: String, keys: [String]) {
      let package = workspace.path("case.flowpkg")
      try bytes.write(to: URL(fileURLWithPath: package))
      let keys = try [("team.pub", F.key), ("rotated.pub", F.otherKey)].map { name, key in
        try workspace.write(name, key.publicKey.text + "\n")
      }
      return (package, keys)
    }

    /// What `flowscript verify` does with `bytes`, with both keys and `--installed-release`.
    static func cli(_ bytes: Data, installed: Int, in workspace: Workspace) async throws -> Outcome {
      let (package, keys) = try files(bytes, in: workspace)
      let result = try await FlowscriptCLI.run(
        ["verify", package] + keys.flatMap { ["--public-key", $0] } + ["--installed-release", String(installed)])
      switch result.exitCode {
      case 0:
        return .accepted
      case 1:
        let prefix = "\(package): invalid: "
        let line = try #require(result.stderrLines.first { $0.hasPrefix(prefix) }, "\(result.stderr)")
        return .refused(String(line.dropFirst(prefix.count)))
      default:
        Issue.record("flowscript verify exited \(String(describing: result.exitCode)): \(result.stderr)")
        return .refused("exit \(String(describing: result.exitCode))")
      }
    }

    @Test(arguments: try cases())
    func verifyAndTheAppAgree(_ package: Case) async throws {
      let app = try Self.app(package.bytes, installed: package.installed)
      let cli = try await Workspace.with { try await Self.cli(package.bytes, installed: package.installed, in: $0) }
      #expect(cli == app, "\(package.name): flowscript verify \(cli), the app \(app)")
    }

    /// A command that runs a package (`send`, like `run`, `check`…) verifies its signature with the
    /// same check: what the app refuses before the release is looked at, it refuses (exit 2) with
    /// the same reason; what passes, it runs.
    @Test(arguments: try cases())
    func aCommandRunningThePackageRefusesWhatTheSignatureCheckRefuses(_ package: Case) async throws {
      let signed: Outcome
      do {
        _ = try RulePackageVerification(pinnedKeys: [F.key.publicKey, F.otherKey.publicKey]).signed(package.bytes)
        signed = .accepted
      } catch {
        signed = .refused(error.description)
      }
      let app = try Self.app(package.bytes, installed: package.installed)
      if case .refused = signed { #expect(app == signed, "\(package.name): the app refused it later than the signature") }
      try await Workspace.with { workspace in
        let (path, keys) = try Self.files(package.bytes, in: workspace)
        let result = try await FlowscriptCLI.run(["send", path] + keys.flatMap { ["--public-key", $0] })
        switch signed {
        case .accepted:
          // A script that loads runs; one that does not is a script error (exit 2) either way.
          if case .refused(let reason) = app, reason.hasPrefix("script:") {
            #expect(result.exitCode == 2, "\(package.name): \(result.stderr)")
          } else {
            #expect(result.exitCode == 0, "\(package.name): \(result.stderr)")
          }
        case let .refused(reason):
          #expect(result.exitCode == 2, "\(package.name): \(result.stdout)")
          #expect(
            result.stderr.contains("\(path): refused, not a rule package signed by the given key: \(reason)"),
            "\(package.name): \(result.stderr)")
        }
      }
    }

    /// flowscript has no app: a package for another runtime verifies (`pack --runtime` chose it),
    /// where the app, which declares its runtime, refuses it.
    @Test func onlyTheAppHasARuntimeToMatch() async throws {
      let bytes = try F.bytes(release: 2, runtime: "2.0")
      #expect(try Self.app(bytes, installed: 0) == .refused("runtime: the package is for runtime '2.0', this app is runtime '1.0'"))
      #expect(try await Workspace.with { try await Self.cli(bytes, installed: 0, in: $0) } == .accepted)
    }

    /// `verify` refuses a guard that raises an error in the first moves; an app installs it and
    /// counts each such error as a failure of the rules (its canary rolls the release back).
    @Test func onlyTheCLIRefusesAGuardThatRaisesAnError() async throws {
      let script = F.bundled + "\nguard(\"crash\", function(change) error(\"guard down\") end)"
      let bytes = try F.bytes(script, release: 2)
      #expect(try Self.app(bytes, installed: 0) == .accepted)
      let outcome = try await Workspace.with { try await Self.cli(bytes, installed: 0, in: $0) }
      guard case let .refused(reason) = outcome else {
        Issue.record("flowscript verify accepted a guard that raises an error")
        return
      }
      #expect(reason.contains("a guard raises an error"))
    }
  }
}
