import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// `flowscript diff OLD NEW`, and `pack --previous` / `verify --previous`, which print the same
  /// report: exit codes, the report's lines, its JSON, and the reproduction lines it prints.
  @Suite("diff")
  struct DiffCommandTests {
    let demo = FlowscriptCLI.demoScript

    /// The demo as old.lua and, as new.lua, with its promo shown as a sheet instead of a cover.
    func demoAndAChangedCopy(in workspace: Workspace) throws {
      let text = try String(contentsOfFile: demo, encoding: .utf8)
      let rule = #"nav:app():presentCover("promo")"#
      try #require(text.components(separatedBy: rule).count == 2, "the demo no longer has the rule \(rule)")
      try workspace.write("old.lua", text)
      try workspace.write("new.lua", text.replacingOccurrences(of: rule, with: #"nav:app():presentSheet("promo")"#))
    }

    /// A flow of two tabs, and that flow with `help` presented as a sheet rather than pushed.
    static let small = """
      tab "home" { root = "feed" }
      tab "more" { root = "menu" }
      screen "feed" { actions = { "open" } }
      screen "item" {}
      screen "menu" { actions = { "helpTapped" } }
      screen "help" {}
      on("feed.open", function(nav) nav:push("item") end)
      on("menu.helpTapped", function(nav) nav:push("help") end)

      """
    static let smallChanged = small.replacingOccurrences(of: #"nav:push("help")"#, with: #"nav:presentSheet("help")"#)

    @Test func theDemoAgainstItselfHasNoDifference() async throws {
      let result = try await FlowscriptCLI.run(["diff", demo, demo, "--explore", "3"])
      #expect(result.exitCode == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix("diff \(demo) → \(demo): explored "))
      #expect(result.stdout.contains(" to depth 3 in "))
      #expect(result.stdout.hasSuffix("no behavioural difference to depth 3\n"))
      #expect(!result.stdout.contains("flowscript send"))
      #expect(result.stderr.isEmpty)
    }

    /// A comparison cut at `--max-states` compared only the pairs before the cut: it reads
    /// `incomplete: stopped at N states` and exits 1 (it said "no behavioural difference"), in
    /// JSON `complete` false and never `clean`; a difference found before the cut is still shown.
    @Test func aCutComparisonIsIncomplete() async throws {
      let cut = try await FlowscriptCLI.run(["diff", demo, demo, "--explore", "6", "--max-states", "40", "--jobs", "1"])
      #expect(cut.exitCode == 1)
      #expect(cut.stdoutLines.last?.hasPrefix("incomplete: stopped at 40 states") == true, "\(cut.stdout)")
      #expect(!cut.stdout.contains("no behavioural difference"))
      let json = try await FlowscriptCLI.run(["diff", demo, demo, "--explore", "6", "--max-states", "40", "--json"])
      #expect(json.exitCode == 1)
      let object = try FlowscriptCLI.jsonObject(json.stdout)
      #expect(object["truncated"] as? Bool == true)
      #expect(object["complete"] as? Bool == false)
      #expect(object["clean"] as? Bool == false)
      try await Workspace.with { workspace in
        try demoAndAChangedCopy(in: workspace)
        let both = try await FlowscriptCLI.run(
          ["diff", "old.lua", "new.lua", "--explore", "6", "--max-states", "200", "--jobs", "1"], in: workspace.url)
        #expect(both.exitCode == 1)
        #expect(both.stdout.contains("incomplete: stopped at 200 states"), "\(both.stdout)")
        #expect(both.stdout.contains(" (affecting "), "\(both.stdout)")
      }
      // A limit the comparison does not reach cuts nothing.
      let whole = try await FlowscriptCLI.run(["diff", demo, demo, "--explore", "2", "--max-states", "100000"])
      #expect(whole.exitCode == 0)
      #expect(whole.stdoutLines.last == "no behavioural difference to depth 2")
    }

    /// A changed rule: exit 1, the change once, with the send lines for both scripts — which,
    /// run, show the two outcomes.
    @Test func aChangedRuleIsReportedWithBothReproductions() async throws {
      try await Workspace.with { workspace in
        try demoAndAChangedCopy(in: workspace)
        let result = try await FlowscriptCLI.run(["diff", "old.lua", "new.lua", "--explore", "3"], in: workspace.url)
        #expect(result.exitCode == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.filter { $0.hasPrefix("1. ") }.count == 1)
        #expect(!lines.contains { $0.hasPrefix("2. ") })
        let heading = try #require(lines.firstIndex { $0.hasPrefix("1. ") })
        // One change, named by its cause, however many sequences reach it.
        #expect(lines[heading].hasPrefix("1. rule feed.promoTapped — "), "\(lines[heading])")
        #expect(lines[heading + 1] == "   'feed.promoTapped' on feed")
        #expect(lines[heading + 2] == "   old: shows promo (cover over the tabs), depth +1")
        #expect(lines[heading + 4] == "   new: shows promo (sheet over the tabs), depth +1")
        #expect(lines[heading + 6] == "   differs: app layer: cover:promo → sheet:promo")
        #expect(lines[heading + 7] == "   flowscript send old.lua feed.promoTapped")
        #expect(lines[heading + 8] == "   flowscript send new.lua feed.promoTapped")
        #expect(lines.contains { $0.hasPrefix("1 change (affecting ") && $0.hasSuffix(" input sequences)") })
        #expect(!result.stdout.contains("no behavioural difference"))

        // The reproductions, run, show the cover and the sheet.
        let old = try await FlowscriptCLI.run(["send", "old.lua", "feed.promoTapped"], in: workspace.url)
        let new = try await FlowscriptCLI.run(["send", "new.lua", "feed.promoTapped"], in: workspace.url)
        #expect(old.exitCode == 0 && new.exitCode == 0)
        #expect(old.stdout.contains("promo  [cover]"), "\(old.stdout)")
        #expect(new.stdout.contains("promo  [sheet"), "\(new.stdout)")
      }
    }

    @Test func theJSONReportParsesAndCarriesTheReproductions() async throws {
      try await Workspace.with { workspace in
        try demoAndAChangedCopy(in: workspace)
        let result = try await FlowscriptCLI.run(["diff", "old.lua", "new.lua", "--explore", "2", "--json"], in: workspace.url)
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 1)
        let json = try FlowscriptCLI.jsonObject(result.stdout)
        #expect(json["old"] as? String == "old.lua")
        #expect(json["new"] as? String == "new.lua")
        #expect(json["depth"] as? Int == 2)
        #expect(json["clean"] as? Bool == false)
        #expect(json["truncated"] as? Bool == false)
        #expect(json["complete"] as? Bool == true)
        #expect(json["initialDifference"] is NSNull)
        #expect((json["violations"] as? [Any])?.isEmpty == true)
        let differences = try #require(json["differences"] as? [[String: Any]])
        #expect(differences.count == 1)
        let first = try #require(differences.first)
        #expect(first["input"] as? String == "feed.promoTapped")
        #expect(first["screen"] as? String == "feed")
        #expect(first["lines"] as? [String] == ["feed.promoTapped"])
        let reproduce = try #require(first["reproduce"] as? [String: String])
        #expect(reproduce["old"] == "flowscript send old.lua feed.promoTapped")
        #expect(reproduce["new"] == "flowscript send new.lua feed.promoTapped")
        let old = try #require(first["old"] as? [String: Any])
        let new = try #require(first["new"] as? [String: Any])
        #expect(old["outcome"] as? String == "shows promo (cover over the tabs), depth +1")
        #expect(new["outcome"] as? String == "shows promo (sheet over the tabs), depth +1")
        #expect((old["state"] as? [String: Any])?["selectedTab"] as? String == "home")

        let clean = try await FlowscriptCLI.run(["diff", "old.lua", "old.lua", "--explore", "2", "--json"], in: workspace.url)
        #expect(clean.exitCode == 0)
        let cleanJSON = try FlowscriptCLI.jsonObject(clean.stdout)
        #expect(cleanJSON["clean"] as? Bool == true)
        #expect((cleanJSON["differences"] as? [Any])?.isEmpty == true)
      }
    }

    /// Usage and script errors: exit 2 with a message saying what is wrong, and no report.
    @Test func aMissingOrBrokenScriptOrABadOptionExitsTwo() async throws {
      try await Workspace.with { workspace in
        try workspace.write("old.lua", Self.small)
        try workspace.write("broken.lua", "tab(\n")
        let missing = try await FlowscriptCLI.run(["diff", "old.lua", "missing.lua"], in: workspace.url)
        #expect(missing.exitCode == 2)
        #expect(missing.stderr.contains("missing.lua: no such script"), "\(missing.stderr)")
        #expect(missing.stdout.isEmpty)

        let broken = try await FlowscriptCLI.run(["diff", "old.lua", "broken.lua"], in: workspace.url)
        #expect(broken.exitCode == 2)
        #expect(broken.stderr.contains("broken.lua:2:"), "\(broken.stderr)")
        #expect(broken.stdout.isEmpty)

        let depth = try await FlowscriptCLI.run(["diff", "old.lua", "old.lua", "--explore=-1"], in: workspace.url)
        #expect(depth.exitCode == 2)
        #expect(depth.stderr.contains("--explore must be 0 or more, got -1"))
        let states = try await FlowscriptCLI.run(["diff", "old.lua", "old.lua", "--max-states", "0"], in: workspace.url)
        #expect(states.exitCode == 2)
        #expect(states.stderr.contains("--max-states must be 1 or more, got 0"))
        let one = try await FlowscriptCLI.run(["diff", "old.lua"], in: workspace.url)
        #expect(one.exitCode == 2)
        #expect(one.stderr.contains("Missing expected argument '<new>'"))
      }
    }

    /// A key pair and old.lua packed as release 1, in `workspace`.
    func packedRelease(_ workspace: Workspace) async throws -> (key: String, package: String) {
      let keygen = try await FlowscriptCLI.run(["keygen", "--out", "release.key"], in: workspace.url)
      #expect(keygen.exitCode == 0, "\(keygen.stderr)")
      let pack = try await FlowscriptCLI.run(
        ["pack", "old.lua", "--key", "release.key", "--release", "1", "--runtime", "1.0", "--out", "old.flowpkg"],
        in: workspace.url)
      #expect(pack.exitCode == 0, "\(pack.stderr)")
      return ("release.key", "old.flowpkg")
    }

    /// A package is verified before it is compared: without its key, exit 2.
    @Test func aPackageNeedsItsPublicKey() async throws {
      try await Workspace.with { workspace in
        try workspace.write("old.lua", Self.small)
        try workspace.write("new.lua", Self.smallChanged)
        let (key, package) = try await packedRelease(workspace)
        let unverified = try await FlowscriptCLI.run(["diff", package, "new.lua", "--explore", "2"], in: workspace.url)
        #expect(unverified.exitCode == 2)
        #expect(unverified.stderr.contains("old.flowpkg: is a rule package; give the public key to verify it with --public-key KEY.pub"),
          "\(unverified.stderr)")
        #expect(unverified.stdout.isEmpty)

        let verified = try await FlowscriptCLI.run(
          ["diff", package, "new.lua", "--explore", "2", "--public-key", key + ".pub"], in: workspace.url)
        #expect(verified.exitCode == 1, "\(verified.stderr)")
        #expect(verified.stdout.contains("   flowscript send old.flowpkg --public-key release.key.pub 'tab more' menu.helpTapped\n"))
        #expect(verified.stdout.contains("   flowscript send new.lua 'tab more' menu.helpTapped\n"))

        // Another key does not verify it.
        _ = try await FlowscriptCLI.run(["keygen", "--out", "other.key"], in: workspace.url)
        let foreign = try await FlowscriptCLI.run(
          ["diff", package, "new.lua", "--public-key", "other.key.pub"], in: workspace.url)
        #expect(foreign.exitCode == 2)
        #expect(foreign.stderr.contains("old.flowpkg: refused, not a rule package signed by the given key"), "\(foreign.stderr)")
        #expect(foreign.stdout.isEmpty)
      }
    }

    /// `map NEW.lua --against OLD.flowpkg --public-key K.pub`: the key verifies the package only
    /// (NEW is a script); the map is written with the changed transition marked. `diff` and
    /// `map --against` run both scripts under the `--budget` given: one too small for a rule
    /// fails both sides alike.
    @Test func mapAgainstAPackageAndTheLimitsOfBothSides() async throws {
      try await Workspace.with { workspace in
        try workspace.write("old.lua", Self.small)
        try workspace.write("new.lua", Self.smallChanged)
        let (key, package) = try await packedRelease(workspace)
        let map = try await FlowscriptCLI.run(
          ["map", "new.lua", "--against", package, "--public-key", key + ".pub", "--explore", "2", "-o", "flow.html"],
          in: workspace.url)
        #expect(map.exitCode == 0, "\(map.stderr)")
        #expect(map.stderr.contains("against old.flowpkg: 1 change (affecting 1 input sequence); marked 1 transition whose outcome differs"), "\(map.stderr)")
        // The package the page is compared with cannot be the page.
        let overwrite = try await FlowscriptCLI.run(
          ["map", "new.lua", "--against", "old.lua", "-o", "old.lua", "--force", "--explore", "1"], in: workspace.url)
        #expect(overwrite.exitCode == 2, "\(overwrite.stderr)")
        #expect(try String(contentsOf: workspace.url.appendingPathComponent("old.lua"), encoding: .utf8) == Self.small)

        let starved = try await FlowscriptCLI.run(
          ["diff", "old.lua", "new.lua", "--explore", "2", "--budget", "1000", "--json"], in: workspace.url)
        let roomy = try await FlowscriptCLI.run(["diff", "old.lua", "new.lua", "--explore", "2", "--json"], in: workspace.url)
        #expect(roomy.exitCode == 1, "\(roomy.stderr)")
        #expect(starved.stdout != roomy.stdout, "--budget 1000 changed nothing: \(starved.stdout)")
        let tooSmall = try await FlowscriptCLI.run(["diff", "old.lua", "new.lua", "--budget", "10"], in: workspace.url)
        #expect(tooSmall.exitCode == 2)
        #expect(tooSmall.stderr.contains("--budget must be between 1000 and"), "\(tooSmall.stderr)")
      }
    }

    /// `pack --previous` prints the behaviour since the previous release, and packs all the same.
    @Test func packWithPreviousPrintsTheDiffAndStillPacks() async throws {
      try await Workspace.with { workspace in
        try workspace.write("old.lua", Self.small)
        try workspace.write("new.lua", Self.smallChanged)
        let (key, previous) = try await packedRelease(workspace)
        let pack = try await FlowscriptCLI.run(
          ["pack", "new.lua", "--key", key, "--release", "2", "--runtime", "1.0", "--out", "new.flowpkg",
           "--name", "old", "--previous", previous, "--previous-depth", "3"],
          in: workspace.url)
        #expect(pack.exitCode == 0, "\(pack.stderr)")
        #expect(pack.stdout.hasPrefix("behaviour since old.flowpkg:\ndiff old.flowpkg → new.lua: explored "))
        #expect(pack.stdout.contains("1. rule menu.helpTapped — 2 input sequences\n   'menu.helpTapped' on menu"))
        #expect(pack.stdout.contains("   differs: tab more: menu > help → menu > sheet:help\n"))
        #expect(pack.stdout.contains("1 change (affecting 2 input sequences)\n"))
        #expect(pack.stdout.contains("   old: shows help (push), depth +1\n"))
        #expect(pack.stdout.contains("   new: shows help (sheet), depth +1\n"))
        // Reproductions of the previous package name the signing key's public half.
        #expect(pack.stdout.contains("   flowscript send old.flowpkg --public-key release.key.pub 'tab more' menu.helpTapped\n"))
        #expect(pack.stdout.contains("packed old release 2 for runtime 1.0 → new.flowpkg"))
        #expect(FileManager.default.fileExists(atPath: workspace.path("new.flowpkg")))

        // The signing key's public half given again with --public-key (by another spelling of
        // its path too) is named once in each reproduction.
        for spelling in [key + ".pub", "./" + key + ".pub"] {
          let twice = try await FlowscriptCLI.run(
            ["pack", "new.lua", "--key", key, "--release", "2", "--runtime", "1.0", "--out", "twice.flowpkg", "--force",
             "--name", "old", "--previous", previous, "--previous-depth", "3", "--public-key", spelling],
            in: workspace.url)
          #expect(twice.exitCode == 0, "\(twice.stderr)")
          let sends = twice.stdoutLines.filter { $0.contains("flowscript send old.flowpkg") }
          #expect(!sends.isEmpty, "\(twice.stdout)")
          for line in sends {
            #expect(line.components(separatedBy: "--public-key").count == 2, "\(line)")
          }
        }
        let verify = try await FlowscriptCLI.run(["verify", "new.flowpkg", "--public-key", key + ".pub"], in: workspace.url)
        #expect(verify.exitCode == 0, "\(verify.stderr)")

        // The same script as before: no difference, still packed.
        let same = try await FlowscriptCLI.run(
          ["pack", "old.lua", "--key", key, "--release", "3", "--runtime", "1.0", "--out", "same.flowpkg",
           "--previous", previous],
          in: workspace.url)
        #expect(same.exitCode == 0, "\(same.stderr)")
        #expect(same.stdout.contains("behaviour since old.flowpkg:"))
        #expect(same.stdout.contains("no behavioural difference to depth "))
        #expect(FileManager.default.fileExists(atPath: workspace.path("same.flowpkg")))

        // A bad depth is a usage error, and nothing is written.
        let bad = try await FlowscriptCLI.run(
          ["pack", "new.lua", "--key", key, "--release", "4", "--runtime", "1.0", "--out", "bad.flowpkg", "--name", "old",
           "--previous", previous, "--previous-depth=-1"],
          in: workspace.url)
        #expect(bad.exitCode == 2)
        #expect(bad.stderr.contains("--previous-depth must be 0 or more, got -1"))
        #expect(!FileManager.default.fileExists(atPath: workspace.path("bad.flowpkg")))

        // A previous release that is not there: a usage error, and nothing is written.
        let missing = try await FlowscriptCLI.run(
          ["pack", "new.lua", "--key", key, "--release", "4", "--runtime", "1.0", "--out", "missing.flowpkg", "--name", "old",
           "--previous", "nothere.flowpkg"],
          in: workspace.url)
        #expect(missing.exitCode == 2)
        #expect(missing.stderr.contains("nothere.flowpkg: no such script"))
        #expect(!FileManager.default.fileExists(atPath: workspace.path("missing.flowpkg")))
      }
    }

    /// `verify --previous`: the package is valid (exit 0), and the behaviour since is printed.
    @Test func verifyWithPreviousPrintsTheSummaryAndExitsZero() async throws {
      try await Workspace.with { workspace in
        try workspace.write("old.lua", Self.small)
        try workspace.write("new.lua", Self.smallChanged)
        let (key, previous) = try await packedRelease(workspace)
        let pack = try await FlowscriptCLI.run(
          ["pack", "new.lua", "--key", key, "--release", "2", "--runtime", "1.0", "--out", "new.flowpkg", "--name", "old"],
          in: workspace.url)
        #expect(pack.exitCode == 0, "\(pack.stderr)")
        let verify = try await FlowscriptCLI.run(
          ["verify", "new.flowpkg", "--public-key", key + ".pub", "--previous", previous, "--previous-depth", "2"],
          in: workspace.url)
        #expect(verify.exitCode == 0, "\(verify.stderr)")
        let lines = verify.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("valid: old release 2 for runtime 1.0") == true)
        #expect(lines.dropFirst().first == "behaviour since old.flowpkg:")
        #expect(lines.contains { $0.hasPrefix("diff old.flowpkg → new.flowpkg: explored ") })
        #expect(lines.contains("   flowscript send new.flowpkg --public-key release.key.pub 'tab more' menu.helpTapped"))
        #expect(lines.last == "1 change (affecting 1 input sequence)", "\(lines)")
      }
    }

    /// `pack --previous` and `verify --previous` refuse a package that cannot follow the previous
    /// release — not above it, another name, another runtime — with the reason (exit 1), and a
    /// refused or unreadable `--previous` never prints "valid".
    @Test func aPackageThatCannotFollowThePreviousReleaseIsRefused() async throws {
      try await Workspace.with { workspace in
        try workspace.write("old.lua", Self.small)
        try workspace.write("new.lua", Self.smallChanged)
        let (key, previous) = try await packedRelease(workspace)
        let refusals: [([String], String)] = [
          (["--release", "1", "--runtime", "1.0", "--name", "old"], "release 1 is not above release 1 of --previous old.flowpkg"),
          (["--release", "2", "--runtime", "1.0"], "the name 'new' is not 'old', the name of --previous old.flowpkg"),
          (["--release", "2", "--runtime", "2.0", "--name", "old"], "the runtime '2.0' is not '1.0', the runtime of --previous old.flowpkg"),
        ]
        for (options, reason) in refusals {
          let pack = try await FlowscriptCLI.run(
            ["pack", "new.lua", "--key", key, "--out", "refused.flowpkg", "--previous", previous] + options, in: workspace.url)
          #expect(pack.exitCode == 1, "\(options): \(pack.stderr)")
          #expect(pack.stderr.contains("refusing to pack new.lua: " + reason), "\(pack.stderr)")
          #expect(!pack.stdout.contains("packed"))
          #expect(!FileManager.default.fileExists(atPath: workspace.path("refused.flowpkg")))
        }
        let five = try await FlowscriptCLI.run(
          ["pack", "new.lua", "--key", key, "--release", "5", "--runtime", "1.0", "--out", "five.flowpkg", "--name", "old"],
          in: workspace.url)
        #expect(five.exitCode == 0, "\(five.stderr)")
        let backwards = try await FlowscriptCLI.run(
          ["verify", previous, "--public-key", key + ".pub", "--previous", "five.flowpkg"], in: workspace.url)
        #expect(backwards.exitCode == 1, "\(backwards.stderr)")
        #expect(!backwards.stdout.contains("valid"), "\(backwards.stdout)")
        #expect(backwards.stderr.contains(
          "old.flowpkg: invalid: release 1 is not above release 5 of --previous five.flowpkg"), "\(backwards.stderr)")
        try workspace.write("broken.lua", "this is not lua")
        for bad in ["nothere.flowpkg", "broken.lua"] {
          let verify = try await FlowscriptCLI.run(
            ["verify", "five.flowpkg", "--public-key", key + ".pub", "--previous", bad], in: workspace.url)
          #expect(verify.exitCode == 2, "\(bad): \(verify.stderr)")
          #expect(!verify.stdout.contains("valid"), "\(bad): \(verify.stdout)")
        }
      }
    }

    /// An invariant the new script breaks fails the diff; one only the old script broke is a note.
    @Test func anInvariantTheNewScriptBreaksExitsOne() async throws {
      let invariant = """
        invariant("help is never shown", function(s)
          if s.top == "help" then return false, "help shows in " .. s.currentTab end
          return true
        end)

        """
      try await Workspace.with { workspace in
        try workspace.write("plain.lua", Self.small)
        try workspace.write("checked.lua", Self.small + invariant)
        let broken = try await FlowscriptCLI.run(["diff", "plain.lua", "checked.lua", "--explore", "2"], in: workspace.url)
        #expect(broken.exitCode == 1, "\(broken.stdout)")
        #expect(!broken.stdout.contains("1. "))
        #expect(broken.stdout.contains(
          "\ninvariant violated: invariant 'help is never shown' (checked.lua:9) does not hold: help shows in more\n"))
        #expect(broken.stdout.contains("   flowscript send checked.lua 'tab more' menu.helpTapped\n"))
        #expect(broken.stdout.hasSuffix("\nthe new script violates an invariant\n"), "\(broken.stdout)")

        let fixed = try await FlowscriptCLI.run(["diff", "checked.lua", "plain.lua", "--explore", "2"], in: workspace.url)
        #expect(fixed.exitCode == 0, "\(fixed.stdout)")
        #expect(fixed.stdout.contains(
          "invariant violated in the old script (note): invariant 'help is never shown' (checked.lua:9) does not hold"))
        #expect(fixed.stdout.contains("   flowscript send checked.lua 'tab more' menu.helpTapped\n"))
        #expect(fixed.stdout.hasSuffix("no behavioural difference to depth 2\n"))
      }
    }

    /// One input sequence that differs is counted in the singular.
    @Test func oneDifferingSequenceIsCountedInTheSingular() async throws {
      try await Workspace.with { workspace in
        try workspace.write("old.lua", Self.small)
        try workspace.write("new.lua", Self.smallChanged)
        let result = try await FlowscriptCLI.run(["diff", "old.lua", "new.lua", "--explore", "2"], in: workspace.url)
        #expect(result.exitCode == 1)
        #expect(result.stdout.contains("1. rule menu.helpTapped — 1 input sequence\n   'menu.helpTapped' on menu"))
        #expect(result.stdout.hasSuffix("1 change (affecting 1 input sequence)\n"), "\(result.stdout)")
      }
    }
  }
}
