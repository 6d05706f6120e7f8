import DeliveryTestSupport
import Foundation
@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowRuntime
import TestSupport
import Testing

/// Fuzzes the package folder as whoever can write it would: between launches, generated edits
/// to every file it holds (packages old, foreign, tampered or not packages at all; copies of the
/// floor and the legacy file with any values, kinds and sizes; the canary's count; links to
/// devices, pipes and folders; deletions), while the app runs, installs, rolls back and switches
/// the kill switch. The host keeps its copy of the floor as a keychain would.
///
/// The oracle: nothing crashes; the release that runs is the bundled one or one the host's floor
/// allows (never while the kill switch is on); the floor never goes down (its highest release
/// and its rejected releases only grow).
///
/// `scripts/test` runs a fixed set of seeds. `scripts/fuzz SECONDS folder` sets
/// `TABFLOW_FOLDER_FUZZ_SECONDS` and the test draws new seeds until the time is up, printing each.
@MainActor
@Suite struct RulePackageFolderFuzzTests {
  typealias F = DeliveryFixture
  typealias Field = RuleDeliveryFieldTests

  /// Signed packages, made once: releases 1 to 8 of a correct script, a failing script, another
  /// runtime, another key.
  static let packages: [Data] = {
    var all: [Data] = []
    for release in 1...8 {
      if let correct = try? F.bytes(Field.correct, release: release) { all.append(correct) }
    }
    for release in [3, 6, 9] {
      if let failing = try? F.bytes(Field.correct.replacingOccurrences(of: "nav:push(\"item\", { id = 1 })", with: "error(\"x\")"), release: release) {
        all.append(failing)
      }
    }
    if let other = try? F.bytes(Field.correct, release: 9, runtime: "2.0") { all.append(other) }
    if let foreign = try? F.bytes(Field.correct, release: 9, key: F.otherKey) { all.append(foreign) }
    return all
  }()

  static let interestingNumbers = [
    "0", "1", "-1", "5", "8", "9", "9223372036854775807", "-9223372036854775808", "1e400", "2.5", "null", "\"7\"",
    "true", "[]", "{}",
  ]

  @MainActor struct Fuzzer {
    var choices: SeededChoices
    let folder = F.folder()
    var hostFloor: RuleFloor?

    init(seed: UInt64) {
      choices = SeededChoices(seed: seed)
    }

    mutating func number() -> String { choices.pick(RulePackageFolderFuzzTests.interestingNumbers) }

    mutating func numbers() -> String {
      "[" + (0..<choices.next(4)).map { _ in number() }.joined(separator: ",") + "]"
    }

    /// A value for a file: JSON of the right shape with any numbers, of the wrong shape, garbage,
    /// empty or large.
    mutating func text(for name: String) -> Data {
      switch choices.next(16) {
      case 0: return Data()
      case 1: return Data((0..<choices.next(64)).map { _ in UInt8(choices.next(256)) })
      case 2: return Data(repeating: UInt8(ascii: " "), count: 5 << 20)
      case 3: return Data("{\"highestRelease\":".utf8)
      case 4...7: return Data(#"{"highestRelease":\#(choices.next(10)),"rejectedReleases":[\#(1 + choices.next(9))]}"#.utf8)
      default:
        if name == RulePackageFolder.canaryFile {
          return Data(#"{"release":\#(number()),"actions":\#(number()),"previousRelease":\#(number()),"maxFailures":\#(number()),"firstActions":\#(number()),"failures":["x"]}"#.utf8)
        }
        if name == RulePackageFolder.legacyRejectedFile { return Data(numbers().utf8) }
        var fields = [#""highestRelease":\#(number())"#, #""rejectedReleases":\#(numbers())"#]
        if choices.next(2) == 0 { fields.append(#""restoredRelease":\#(number())"#) }
        if choices.next(2) == 0 { fields.append(#""canaryPreviousRelease":\#(number())"#) }
        if choices.next(3) == 0 { fields.append(#""canaryFailures":["a","b"]"#) }
        if choices.next(3) == 0 { fields.append(#""killSwitch":\#(choices.next(2) == 0)"#) }
        let start = choices.next(fields.count)
        return Data(("{" + (fields[start...] + fields[..<start]).joined(separator: ",") + "}").utf8)
      }
    }

    /// One edit of the folder: a file that is there deleted or a byte of it flipped, or any of
    /// its files written anew.
    mutating func edit() throws {
      let present = F.files(in: folder)
      if !present.isEmpty, choices.next(3) == 0 {
        let path = folder + "/" + choices.pick(present)
        if choices.next(2) == 0, var bytes = FileManager.default.contents(atPath: path), !bytes.isEmpty {
          bytes[choices.next(bytes.count)] ^= UInt8(1 << choices.next(8))
          try? bytes.write(to: URL(fileURLWithPath: path))
        } else {
          try? FileManager.default.removeItem(atPath: path)
        }
        return
      }
      // Packages half the time: a bad copy of the floor fails closed, which hides the rest.
      let names = RulePackageFolder.floorFiles + [RulePackageFolder.canaryFile, RulePackageFolder.legacyRejectedFile]
      let name = choices.next(2) == 0 ? "t-\(choices.next(12)).flowpkg" : choices.pick(names)
      let path = folder + "/" + name
      try? FileManager.default.removeItem(atPath: path)
      // Mostly contents: a link, a pipe or a folder is one more unreadable file.
      let kind = choices.next(16)
      switch kind {
      case 0: return  // deleted
      case 1: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: choices.pick(["/dev/zero", "/dev/urandom", folder, "/nowhere"]))
      case 2: _ = mkfifo(path, 0o644)
      case 3: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      case 4...10:
        guard name.hasSuffix(".flowpkg") else { fallthrough }
        var package = choices.pick(RulePackageFolderFuzzTests.packages)
        if choices.next(3) == 0, !package.isEmpty { package[choices.next(package.count)] ^= 0x20 }
        try package.write(to: URL(fileURLWithPath: path))
      default: try text(for: name).write(to: URL(fileURLWithPath: path))
      }
    }

    /// A launch, a few actions, maybe an install and the kill switch; checks the oracle.
    mutating func session() throws {
      let before = hostFloor ?? RuleFloor()
      let canary = choices.next(3) == 0 ? nil : RuleCanary(maxFailures: choices.next(2), outOf: 1 + choices.next(4))
      let delivery = try F.delivery(folder: folder, canary: canary, floor: hostFloor)
      var kept = delivery.floor
      var floorWentDown: String?
      delivery.floorDidChange = { new in
        if new.highestRelease < kept.highestRelease || !kept.rejectedReleases.isSubset(of: new.rejectedReleases) {
          floorWentDown = "\(kept) → \(new)"
        }
        kept = new
      }
      #expect(delivery.floor.highestRelease >= before.highestRelease)
      #expect(before.rejectedReleases.isSubset(of: delivery.floor.rejectedReleases))
      let launched = delivery.installedRelease
      #expect(launched == 0 || (!before.killSwitch && before.allowsAtLaunch(launched)), "launched \(launched) under \(before)")
      hostFloor = delivery.floor
      let store = try Field.store(delivery, reports: Field.Box([]))
      for _ in 0..<choices.next(6) {
        switch choices.next(6) {
        case 0: Field.send("crash", store)
        case 1:
          if let installed = try? delivery.install(choices.pick(RulePackageFolderFuzzTests.packages), keeping: store.state) {
            store.send(.adoptReloaded(installed))
          }
        case 2: store.send(.adoptReloaded(delivery.engageKillSwitch(keeping: store.state)))
        case 3: delivery.liftKillSwitch()
        case 4: try edit()
        default: Field.send("open", store)
        }
        let running = delivery.installedRelease
        #expect(running == 0 || !delivery.killSwitch)
        #expect(running == 0 || !delivery.floor.rejectedReleases.contains(running))
      }
      #expect(floorWentDown == nil, "\(floorWentDown ?? "")")
      hostFloor = delivery.floor
    }
  }

  static func run(seed: UInt64, sessions: Int) throws {
    var fuzzer = Fuzzer(seed: seed)
    defer { try? FileManager.default.removeItem(atPath: fuzzer.folder) }
    for _ in 0..<sessions {
      for _ in 0..<fuzzer.choices.next(4) { try fuzzer.edit() }
      if fuzzer.choices.next(8) == 0 { fuzzer.hostFloor = nil }  // an app that keeps no copy
      try fuzzer.session()
    }
  }

  @Test(arguments: 1...8)
  func theFolderSteersNothing(seed: Int) throws {
    try Self.run(seed: UInt64(seed), sessions: 25)
  }

  /// `scripts/fuzz SECONDS folder`: new seeds until the time is up (off in `scripts/test`).
  @Test(.enabled(if: ProcessInfo.processInfo.environment["TABFLOW_FOLDER_FUZZ_SECONDS"] != nil))
  func theFolderSteersNothingForAWhile() throws {
    let seconds = Double(ProcessInfo.processInfo.environment["TABFLOW_FOLDER_FUZZ_SECONDS"] ?? "") ?? 60
    let end = Date().addingTimeInterval(seconds)
    var seed = UInt64(Date().timeIntervalSince1970 * 1_000)
    var runs = 0
    while Date() < end {
      print("folder fuzz: seed \(seed)")
      try Self.run(seed: seed, sessions: 25)
      seed &+= 1
      runs += 1
    }
    print("folder fuzz: \(runs) seeds × 25 launches, no finding")
  }
}
