@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// `check --explore` stays linear in the context flags a script reads: a deferred link is
  /// tried in at most 256 contexts, the nearest first, each reached by changing one flag.
  @Suite("check bounds")
  struct ExploreBoundsTests {
    /// A script reading `flags` context flags in its rules, with a guard that defers every deep
    /// link unless `openWhen` (a Lua condition on `change.context`, `false`: never) holds.
    static func script(flags: Int, openWhen condition: String = "false") -> String {
      let reads = (0..<flags).map { "nav.context.f\($0)" }.joined(separator: " or ")
      return """
        tab "home" { root = "feed" }
        screen "feed" { actions = { "go" } }
        screen "item" { state = { id = 0 } }
        on("feed.go", function(nav) if \(reads) then nav:push("item", { id = 1 }) end end)
        deeplink("shop://item/:id", function(nav, p) nav:push("item", { id = tonumber(p.id) }) end)
        guard(function(change)
          if change.source:sub(1, 4) == "url " and not (\(condition)) then return false, "x", { defer = true } end
        end)
        """
    }

    @Test(arguments: [(12, 1, 14), (12, 2, 116), (16, 1, 18)])
    func aGuardDeferringEveryLinkTriesBoundedContexts(flags: Int, depth: Int, states: Int) async throws {
      // Before, every combination of the flags was tried for the deferred link (2^12 contexts,
      // each changing every flag: 96 s); now the 256 nearest, each changing every flag once.
      try await Workspace.with { workspace in
        let script = try workspace.write("flags.lua", Self.script(flags: flags))
        let result = try await FlowscriptCLI.run(["check", script, "--explore", String(depth)])
        #expect(result.exitCode == 1)
        let summary = try #require(result.stdoutLines.first)
        #expect(summary.hasPrefix("flags.lua: explored \(states) states "), "\(summary)")
        #expect(result.stdoutLines.contains(
          "deferred link never opens: shop://item/1 was deferred, and none of the 256 contexts nearest to it lets it open "
            + "(changing " + (0..<flags).map { "f\($0)" }.sorted().joined(separator: ", ")
            + "; not every combination of the \(flags) keys was tried)"), "\(result.stdout)")
      }
    }

    @Test func everyCombinationOfEightFlagsIsTried() async throws {
      // 2^8 = 256 contexts: the link that opens only with every flag set is found to open.
      try await Workspace.with { workspace in
        let all = (0..<8).map { "change.context.f\($0)" }.joined(separator: " and ")
        let opens = try workspace.write("opens.lua", Self.script(flags: 8, openWhen: all))
        let result = try await FlowscriptCLI.run(["check", opens, "--explore", "1"])
        #expect(!result.stdout.contains("never opens"), "\(result.stdout)")
        #expect(result.stdoutLines.first?.hasPrefix("opens.lua: explored 10 states ") == true, "\(result.stdout)")

        let never = try workspace.write("never.lua", Self.script(flags: 8))
        let stays = try await FlowscriptCLI.run(["check", never, "--explore", "1"])
        #expect(stays.exitCode == 1)
        #expect(stays.stdoutLines.contains(
          "deferred link never opens: shop://item/1 was deferred, and no change of the context "
            + "(f0, f1, f2, f3, f4, f5, f6, f7) lets it open"), "\(stays.stdout)")
      }
    }

    @Test func aLinkThatNeedsTwoOfManyFlagsIsFoundToOpen() async throws {
      // Past 8 flags not every combination is tried, but every change of one or two flags is.
      try await Workspace.with { workspace in
        let script = try workspace.write(
          "two.lua", Self.script(flags: 14, openWhen: "change.context.f3 and change.context.f11"))
        let result = try await FlowscriptCLI.run(["check", script, "--explore", "1"])
        #expect(!result.stdout.contains("never opens"), "\(result.stdout)")
        #expect(result.stdoutLines.first?.hasPrefix("two.lua: explored 16 states ") == true, "\(result.stdout)")
      }
    }
  }
}
