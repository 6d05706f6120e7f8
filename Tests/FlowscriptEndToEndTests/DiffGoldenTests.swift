import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// `flowscript diff` of the frozen demo against edited copies of it, printed as the explorer of
  /// its own printed them before `diff` moved onto the library's paired engine: every line but the
  /// timing, on one thread and on two (`Benchmarks/Frozen/diff/NAME.txt`, written by the pre-engine
  /// binary).
  @Suite("diff as before the paired engine")
  struct DiffGoldenTests {
    /// Each copy's name and its edits of the frozen demo: a guard, a removed screen, links, a
    /// changed sample and a new action, a rule error with a new context key, a hideable tab with
    /// an invariant that breaks.
    static let copies: [(name: String, edits: [(String, String)])] = [
      ("guard", [(#"if change.after.top == "checkout" and not change.context.loggedIn then"#, #"if change.after.top == "checkout" then"#)]),
      ("noscreen", [
        (", promoTapped = {} }", " }"),
        ("screen \"promo\"    { title = \"Promo\", actions = { \"closeTapped\" } }\n", ""),
        ("on(\"feed.promoTapped\", function(nav) nav:presentCover(\"promo\") end)\n", ""),
      ]),
      ("link", [
        (#"link("shop://item/:id", "item", { tab = "home" })"#, #"link("shop://item/:id", "item", { tab = "search" })"#),
        ("deeplink(\"shop://orders\", function(nav, p)\n  nav:selectTab(\"profile\")", "deeplink(\"shop://orders\", function(nav, p)\n  nav:selectTab(\"home\")"),
      ]),
      ("sample", [
        ("itemTapped = { id = 1 }, cartTapped = {}", "itemTapped = { id = 3 }, cartTapped = {}, newsTapped = {}"),
        (#"on("feed.itemTapped""#, "on(\"feed.newsTapped\", function(nav) nav:push(\"help\") end)\non(\"feed.itemTapped\""),
      ]),
      ("error", [
        (#"on("review.posted", function(nav) nav:pop() end)"#, #"on("review.posted", function(nav) error("boom") end)"#),
        ("context \"loggedIn\"", "context \"loggedIn\"\ncontext \"tier\" { \"gold\", \"silver\" }"),
        (
          #"on("cart.checkoutTapped", function(nav) nav:push("checkout", { total = 42 }) end)"#,
          #"on("cart.checkoutTapped", function(nav) if nav.context.tier == "gold" then nav:push("checkout", { total = 40 }) else nav:push("checkout", { total = 42 }) end end)"#
        ),
      ]),
      ("hide", [
        (#"tab "search"  { root = "search","#, #"tab "search"  { root = "search", hideable = true,"#),
        (#"return logins <= 1, logins .. " login sheets in one stack""#, #"return logins <= 0 or s.stack[1].screen ~= "feed", logins .. " login sheets in one stack""#),
      ]),
    ]

    static let frozen = FlowscriptCLI.packageRoot.appendingPathComponent("Benchmarks/Frozen")

    /// The frozen demo's text with `edits` made, each of a text the demo holds once.
    static func copy(edits: [(String, String)]) throws -> String {
      var text = try String(contentsOf: frozen.appendingPathComponent("demo-2026-11-28.lua"), encoding: .utf8)
      for (from, to) in edits {
        try #require(text.components(separatedBy: from).count == 2, "the frozen demo lacks \(from)")
        text = text.replacingOccurrences(of: from, with: to)
      }
      return text
    }

    /// A report without its timing (` in N ms`).
    static func untimed(_ text: String) -> String {
      text.replacing(/\ in \d+ ms/, with: "")
    }

    @Test(arguments: copies.indices)
    func theReportIsAsBefore(_ index: Int) async throws {
      let (name, edits) = Self.copies[index]
      let golden = try String(contentsOf: Self.frozen.appendingPathComponent("diff/\(name).txt"), encoding: .utf8)
      try await Workspace.with { workspace in
        try workspace.write("demo.lua", try Self.copy(edits: []))
        try workspace.write("\(name).lua", try Self.copy(edits: edits))
        for jobs in ["1", "2"] {
          let result = try await FlowscriptCLI.run(
            ["diff", "demo.lua", "\(name).lua", "--explore", "4", "--jobs", jobs], in: workspace.url, timeout: .seconds(120))
          #expect(result.exitCode == 1, "\(result.stderr)")
          #expect(Self.untimed(result.stdout) == golden, "--jobs \(jobs)")
        }
      }
    }
  }
}
