import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// The tests of this suite that need the binary (the rest run in process, in FlowscriptKitTests).
  @Suite("check")
  struct CheckTests {
    /// `--explore 0` runs no rule, so it cannot pass one: a rule pushing an undeclared screen (an
    /// error the first tap finds) got `check passed`. A static problem still fails it.
    @Test func exploreZeroNeverSaysPassed() async throws {
      try await Workspace.with { workspace in
        try workspace.write("broken.lua", """
          tab "home" { root = "feed" }
          screen "feed" { actions = { "open" } }
          on("feed.open", function(nav) nav:push("nowhere") end)
          link("app://feed", "feed")

          """)
        let zero = try await FlowscriptCLI.run(["check", "broken.lua", "--explore", "0"], in: workspace.url)
        #expect(zero.exitCode == 0, "\(zero.stderr)")
        #expect(zero.stdoutLines.last == "static checks only: rules not run")
        #expect(!zero.stdout.contains("check passed"))
        let one = try await FlowscriptCLI.run(["check", "broken.lua", "--explore", "1"], in: workspace.url)
        #expect(one.exitCode == 1)
        #expect(one.stdout.contains("nowhere"), "\(one.stdout)")
        try workspace.write("unhandled.lua", """
          tab "home" { root = "feed" }
          screen "feed" { actions = { "open" } }

          """)
        let unhandled = try await FlowscriptCLI.run(["check", "unhandled.lua", "--explore", "0"], in: workspace.url)
        #expect(unhandled.exitCode == 1)
        #expect(unhandled.stdoutLines.last == "check failed: 1 problem(s)")
        #expect(!unhandled.stdout.contains("check passed"))
      }
    }

    /// An exploration cut at `--max-states` checked only the states before the cut: it reads
    /// `incomplete: stopped at N states` and exits 1 — with or without problems found before the
    /// cut — never `check passed`. A limit the exploration does not reach cuts nothing.
    @Test func aCutExplorationIsIncomplete() async throws {
      let demo = FlowscriptCLI.demoScript
      for limit in [1, 2, 50, 1_000] {
        let result = try await FlowscriptCLI.run(["check", demo, "--explore", "6", "--max-states", String(limit), "--jobs", "1"])
        #expect(result.exitCode == 1, "--max-states \(limit)")
        #expect(result.stdoutLines.last?.hasPrefix("incomplete: stopped at \(limit) states") == true, "\(result.stdout)")
        #expect(!result.stdout.contains("check passed"))
      }
      // Depth 2 reaches fewer than 1,000 states: nothing is cut.
      let whole = try await FlowscriptCLI.run(["check", demo, "--explore", "2", "--max-states", "1000"])
      #expect(whole.exitCode == 0)
      #expect(whole.stdoutLines.last == "check passed")
      // A problem found before the cut is reported, and the cut is said too.
      try await Workspace.with { workspace in
        try workspace.write("wide.lua", """
          tab "home" { root = "feed" }
          screen "feed" { actions = { "open", "broken" } }
          screen "item" { state = { n = 0 }, actions = { "open", "broken" } }
          on("*.open", function(nav) nav:push("item", { n = nav.depth }) end)
          on("*.broken", function(nav) nav:push("nowhere") end)

          """)
        let cut = try await FlowscriptCLI.run(["check", "wide.lua", "--explore", "8", "--max-states", "3"], in: workspace.url)
        #expect(cut.exitCode == 1)
        #expect(cut.stdoutLines.suffix(2).first?.hasPrefix("incomplete: stopped at 3 states") == true, "\(cut.stdout)")
        #expect(cut.stdoutLines.last == "check failed: 1 problem(s)")
      }
    }

    /// A script with a bug that only a sequence of lines reaches.
    struct PlantedBug: CustomTestStringConvertible, Sendable {
      let name: String
      let script: String
      var options: [String] = []
      /// How the report labels it, and what it says.
      let label: String
      let message: String
      /// The shortest sequence that reproduces it.
      let lines: [String]

      var testDescription: String { name }
    }

    static let plantedBugs = [
      PlantedBug(
        name: "a rule that indexes nil, two lines deep",
        script: """
          tab "home" { root = "list" }
          screen "list" { actions = { "open", "detour" } }
          screen "hub" { actions = { "open" } }
          screen "detail" { state = { n = 0 }, actions = { "more" } }
          on("list.open", function(nav) nav:push("detail", { n = 1 }) end)
          on("list.detour", function(nav) nav:push("hub") end)
          on("hub.open", function(nav) nav:push("detail", { n = 2 }) end)
          on("detail.more", function(nav)
            local limits = nil
            nav:push("detail", { n = limits.max })
          end)
          """,
        label: "rule error",
        message: "bug.lua:10: detail.more: attempt to index a nil value (local 'limits')",
        lines: ["list.open", "detail.more"]),
      PlantedBug(
        name: "a push onto a sheet without navigation",
        script: """
          tab "home" { root = "list" }
          screen "list" { actions = { "share" } }
          screen "sheet" { actions = { "next" } }
          on("list.share", function(nav) nav:presentSheet("sheet") end)
          on("sheet.next", function(nav) nav:push("list") end)
          """,
        label: "invalid command",
        message: "bug.lua:5: rule sheet.next: command 1 (push list) failed: cannot push 'list': the top layer 'sheet' (sheet) "
          + "has no navigation — present it with navigation: true",
        lines: ["list.share", "sheet.next"]),
      PlantedBug(
        name: "a rule that loops forever",
        script: """
          tab "home" { root = "list" }
          screen "list" { actions = { "open" } }
          screen "detail" { actions = { "spin" } }
          on("list.open", function(nav) nav:push("detail") end)
          on("detail.spin", function(nav)
            while true do end
          end)
          """,
        options: ["--budget", "100000"],
        label: "rule error",
        message: "bug.lua:6: detail.spin: script stopped (instruction budget of 100000 exceeded)",
        lines: ["list.open", "detail.spin"]),
      PlantedBug(
        name: "guards that redirect to each other",
        script: """
          tab "home" { root = "list" }
          screen "list" { actions = { "pay" } }
          screen "checkout" {}
          screen "login" {}
          on("list.pay", function(nav) nav:push("checkout") end)
          guard("auth", function(change)
            if change.after.top == "checkout" then return false, "login", { redirect = function(nav) nav:push("login") end } end
          end)
          guard("cart", function(change)
            if change.after.top == "login" then return false, "cart", { redirect = function(nav) nav:push("checkout") end } end
          end)
          """,
        label: "redirect loop",
        message: "bug.lua:9: guard 'cart': redirect cycle: checkout → login → checkout",
        lines: ["list.pay"]),
    ]

    @Test func deferredLinksThatNeverOpenAndLinksThatDoNotRoundTripAreProblems() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write(
          "links.lua",
          """
          tab "home" { root = "feed" }
          tab "settings" { root = "prefs", navigation = false }
          screen "feed" { actions = { "open", "vip" } }
          screen "prefs" {}
          screen "item" { state = { id = 1 }, actions = { "close" } }
          screen "vip" { actions = { "close" } }
          on("feed.open", function(nav) nav:push("item", { id = 2 }) end)
          on("feed.vip", function(nav) nav:push("vip") end)
          on("item.close", function(nav) nav:pop() end)
          on("vip.close", function(nav) nav:pop() end)
          link("shop://item/:id", "item", { tab = "settings" })
          link("shop://vip", "vip")
          guard("members only", function(change)
            if change.after.top == "vip" and change.source:sub(1, 4) == "url " then
              return false, "members only", { defer = true }
            end
          end)
          """)
        let check = try await FlowscriptCLI.run(["check", script, "--explore", "3"])
        #expect(check.exitCode == 1)
        let lines = check.stdoutLines
        #expect(lines.contains(
          "deferred link never opens: shop://vip was deferred, and the script reads no context that could let it open"))
        #expect(lines.contains(
          "link does not round-trip: shop://item/2, the link of item(id=2), fails to open: cannot open (keepRoot): "
            + "cannot push 'item': the layer 'prefs' (root) has no navigation"))
        #expect(lines.contains("link does not round-trip: shop://vip, the link of vip, is deferred by a guard and never opens"))
        #expect(lines.last == "check failed: 5 problem(s)")
      }
    }

    @Test func theDemoExploresLeavePoliciesResetTabsRedirectsAndDeferredLinks() async throws {
      let result = try await FlowscriptCLI.run(["check", FlowscriptCLI.demoScript, "--explore", "5"])
      #expect(result.exitCode == 0)
      // The orders guard's redirect and deferral were reached; nothing is reported about links.
      #expect(result.stdout.contains("guard question (note): rejected by guard 'unsaved review': discard the review? (the guard asks: confirm re-sends the change)"))
      #expect(!result.stdout.contains("link"))
      #expect(result.stdoutLines.last == "check passed")
    }

    @Test(arguments: plantedBugs)
    func aPlantedBugIsFoundWithItsShortestReproduction(_ bug: PlantedBug) async throws {
      try await Workspace.with { workspace in
        try workspace.write("bug.lua", bug.script)
        // The script path as a user in the parent directory would type it.
        let parent = workspace.url.deletingLastPathComponent()
        let script = workspace.url.lastPathComponent + "/bug.lua"

        let check = try await FlowscriptCLI.run(["check", script] + bug.options, in: parent)
        #expect(check.exitCode == 1)
        let lines = check.stdoutLines
        let found = try #require(lines.firstIndex(of: "\(bug.label): \(bug.message)"), "reported: \(check.stdout)")
        try #require(lines.indices.contains(found + 1))
        let reproduction = lines[found + 1]
        #expect(reproduction.hasPrefix("  reproduce: flowscript send "))
        let words = ShellWords.split(String(reproduction.dropFirst("  reproduce: ".count)))
        #expect(
          words == ["flowscript", "send", script] + bug.options + bug.lines,
          "the shortest sequence, as a command line with the check's limits")
        #expect(check.stdoutLines.last?.hasPrefix("check failed: ") == true)

        // The reproduction fails the same way.
        let send = try await FlowscriptCLI.run(Array(words.dropFirst()), in: parent)
        #expect(send.exitCode == 1)
        #expect(send.stderrLines == ["line \(bug.lines.count): error: \(bug.message)"])
      }
    }
  }
}
