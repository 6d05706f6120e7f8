@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// `flowscript keygen`, `pack` and `verify`, and the commands that run a package with
  /// `--public-key`: exit codes, messages and file modes.
  @Suite("packages")
  struct PackageCommandTests {
    let demo = FlowscriptCLI.demoScript

    /// A key pair, and the demo packed as release 3, in `workspace`.
    func packedDemo(_ workspace: Workspace) async throws -> (key: String, package: String) {
      let key = workspace.path("release.key")
      let keygen = try await FlowscriptCLI.run(["keygen", "--out", key])
      #expect(keygen.exitCode == 0)
      let package = workspace.path("demo.flowpkg")
      let pack = try await FlowscriptCLI.run(["pack", demo, "--key", key, "--release", "3", "--runtime", "1.0", "--out", package])
      #expect(pack.exitCode == 0, "\(pack.stderr)")
      #expect(pack.stdout.contains("packed demo release 3"))
      return (key, package)
    }

    func mode(_ path: String) throws -> Int {
      try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func keygenWritesAPrivateKeyOnlyItsOwnerReadsAndAPublicKey() async throws {
      try await Workspace.with { workspace in
        let key = workspace.path("k")
        let result = try await FlowscriptCLI.run(["keygen", "--out", key])
        #expect(result.exitCode == 0)
        #expect(try mode(key) == 0o600)
        #expect(try mode(key + ".pub") == 0o644)
        #expect(try String(contentsOfFile: key, encoding: .utf8).hasPrefix("tabflow-ed25519-private "))
        #expect(try String(contentsOfFile: key + ".pub", encoding: .utf8).hasPrefix("tabflow-ed25519-public "))
        // A key is never overwritten (OutputOverwriteTests has the rest).
        let again = try await FlowscriptCLI.run(["keygen", "--out", key])
        #expect(again.exitCode == 2)
        #expect(again.stderr.contains("\(key): is a private signing key"))
        let missing = try await FlowscriptCLI.run(["keygen"])
        #expect(missing.exitCode == 2)
      }
    }

    @Test func verifyAcceptsTheRightKeyAndRefusesEverythingElse() async throws {
      try await Workspace.with { workspace in
        let (key, package) = try await packedDemo(workspace)
        let valid = try await FlowscriptCLI.run(["verify", package, "--public-key", key + ".pub"])
        #expect(valid.exitCode == 0)
        #expect(valid.stdout.contains("valid: demo release 3"))
        #expect(try await FlowscriptCLI.run(["verify", package, "--public-key", key + ".pub", "--installed-release", "2"]).exitCode == 0)

        let replay = try await FlowscriptCLI.run(["verify", package, "--public-key", key + ".pub", "--installed-release", "3"])
        #expect(replay.exitCode == 1)
        #expect(replay.stderr.contains("release: release 3 is not above the installed release 3"))

        let other = workspace.path("other.key")
        _ = try await FlowscriptCLI.run(["keygen", "--out", other])
        let foreign = try await FlowscriptCLI.run(["verify", package, "--public-key", other + ".pub"])
        #expect(foreign.exitCode == 1)
        #expect(foreign.stderr.contains("key: key"))
        // Several pinned keys: any of them may have signed it.
        #expect(try await FlowscriptCLI.run(["verify", package, "--public-key", other + ".pub", "--public-key", key + ".pub"]).exitCode == 0)

        // A bit flipped in the signed script, digest fixed up: the signature fails.
        var object = try FlowscriptCLI.jsonObject(try String(contentsOfFile: package, encoding: .utf8).replacingOccurrences(of: "\n", with: ""))
        let script = try #require(object["script"] as? String).replacingOccurrences(of: "Feed", with: "Fead")
        object["script"] = script
        let tampered = workspace.path("tampered.flowpkg")
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: tampered))
        let changed = try await FlowscriptCLI.run(["verify", tampered, "--public-key", key + ".pub"])
        #expect(changed.exitCode == 1)
        #expect(changed.stderr.contains("sha256:"))

        try workspace.write("junk.flowpkg", "{not json")
        let junk = try await FlowscriptCLI.run(["verify", workspace.path("junk.flowpkg"), "--public-key", key + ".pub"])
        #expect(junk.exitCode == 1)
        #expect(junk.stderr.contains("json: not a rule package"))

        // Usage errors: no key, a private key given as public, a missing package.
        #expect(try await FlowscriptCLI.run(["verify", package]).exitCode == 2)
        let privateKey = try await FlowscriptCLI.run(["verify", package, "--public-key", key])
        #expect(privateKey.exitCode == 2)
        #expect(privateKey.stderr.contains("this is a private key"))
        #expect(try await FlowscriptCLI.run(["verify", workspace.path("none.flowpkg"), "--public-key", key + ".pub"]).exitCode == 2)
      }
    }

    @Test func commandsRunASignedPackageAndRefuseAnUnsignedOne() async throws {
      try await Workspace.with { workspace in
        let (key, package) = try await packedDemo(workspace)
        let pub = key + ".pub"
        let send = try await FlowscriptCLI.run(["send", package, "--public-key", pub, "feed.itemTapped {id=3}"])
        #expect(send.exitCode == 0)
        #expect(send.stdout.contains("item(id=3, qty=1)"))
        let flow = try workspace.write("a.flow", "feed.itemTapped {id=3}\nexpect top item {id=3}\n")
        let run = try await FlowscriptCLI.run(["run", package, "--public-key", pub, flow])
        #expect(run.exitCode == 0)
        #expect(run.stdout.contains("1 passed, 0 failed"))
        let check = try await FlowscriptCLI.run(["check", package, "--public-key", pub, "--explore", "2"])
        #expect(check.exitCode == 0)
        let graph = try await FlowscriptCLI.run(["graph", package, "--public-key", pub, "--format", "mermaid"])
        #expect(graph.exitCode == 0)
        let repl = try await FlowscriptCLI.run(["repl", package, "--public-key", pub], stdin: "feed.itemTapped {id=4}\ntree\n")
        #expect(repl.exitCode == 0)
        #expect(repl.stdout.contains("item(id=4, qty=1)"))

        // Without the key: refused with a hint; with a foreign key or a plain script: refused.
        let unkeyed = try await FlowscriptCLI.run(["send", package, "tab profile"])
        #expect(unkeyed.exitCode == 2)
        #expect(unkeyed.stderr.contains("--public-key"))
        let other = workspace.path("other.key")
        _ = try await FlowscriptCLI.run(["keygen", "--out", other])
        for command in [["send", package, "tab profile"], ["check", package], ["run", package, flow], ["graph", package], ["repl", package]] {
          let refused = try await FlowscriptCLI.run(command + ["--public-key", other + ".pub"])
          #expect(refused.exitCode == 2, "\(command)")
          #expect(refused.stderr.contains("refused"), "\(command)")
        }
        let plain = try await FlowscriptCLI.run(["send", demo, "--public-key", pub, "tab profile"])
        #expect(plain.exitCode == 2)
        #expect(plain.stderr.contains("json: not a rule package"))
      }
    }
  }
}
