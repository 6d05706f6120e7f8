@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

/// `diff` groups differences by cause before it counts, and names the difference itself: five
/// regressions planted in copies of the demo each read as one change, with the field, the guard,
/// the other tab or the pop that differs; a refactor still reports nothing.
@Suite struct DiffCauseTests {
  /// The demo, as old.lua.
  static func demo() throws -> String {
    try String(contentsOfFile: FlowscriptCLI.demoScript, encoding: .utf8)
  }

  /// The report of the demo against the demo with `target` replaced by `replacement`, `depth`
  /// lines deep.
  static func review(
    replacing target: String, with replacement: String, depth: Int = 4, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> DiffReport {
    let old = try demo()
    let new = try BehaviourDiffTests.replacing(target, with: replacement, in: old, sourceLocation: sourceLocation)
    return try await Workspace.with { workspace in
      try BehaviourDiffTests.review(old, new, depth: depth, in: workspace)
    }
  }

  /// Every difference belongs to exactly one change, and the changes count them all.
  static func expectConsistent(_ report: DiffReport, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(report.changes.map(\.count).reduce(0, +) == report.result.differences.count, sourceLocation: sourceLocation)
    #expect(report.changeOfDifference.count == report.result.differences.count, sourceLocation: sourceLocation)
    #expect(
      Set(report.changes.flatMap(\.indices)) == Set(report.groups.indices), "each group in one change",
      sourceLocation: sourceLocation)
    // Most affected first.
    #expect(report.changes.map(\.count) == report.changes.map(\.count).sorted(by: >), sourceLocation: sourceLocation)
  }

  /// One `leave =` option: every state from which the search tab is left differs (by a tab tap,
  /// a link, a rule selecting another tab, a guard asking on one side) — one change.
  @Test func aLeaveOptionIsOneChange() async throws {
    let report = try await Self.review(
      replacing: #"leave = "popToRoot", role = "search""#, with: #"role = "search""#)
    Self.expectConsistent(report)
    #expect(report.changes.count == 1, "\(report.changes.map { ($0.cause.text, $0.count) })")
    let change = try #require(report.changes.first)
    #expect(change.cause.text == "tab search's leave policy (popToRoot → keep)")
    #expect(change.cause.kind == .leave)
    #expect(change.count > 20, "the edit affects many sequences: \(change.count)")
    #expect(change.groups.count > 1)
    // The other tab whose stack differs is named.
    let differs = DiffReport.differs(change.first)
    #expect(differs.contains { $0.hasPrefix("tab search (not the selected tab): ") }, "\(differs)")
  }

  /// One `link` line: its URL opened from every screen differs — one change, the link's pattern.
  @Test func aLinkLineIsOneChange() async throws {
    let report = try await Self.review(
      replacing: #"link("shop://item/:id", "item", { tab = "home" })"#,
      with: #"link("shop://item/:id", "item", { tab = "search" })"#)
    Self.expectConsistent(report)
    #expect(report.changes.count == 1, "\(report.changes.map { ($0.cause.text, $0.count) })")
    let change = try #require(report.changes.first)
    #expect(change.cause.text == "link shop://item/:id")
    #expect(Set(change.groups.map(\.first.screen)).count > 3, "sent from many screens, one change")
    #expect(DiffReport.differs(change.first).contains("selected tab home → search"))
  }

  /// A payload that differs names the field and both values, though both sides "show login".
  @Test func aPayloadDifferenceNamesTheField() async throws {
    let report = try await Self.review(
      replacing: #"nav:presentSheet("login", { reason = "buy" }, { navigation = true })"#,
      with: #"nav:presentSheet("login", { reason = "orders" }, { navigation = true })"#)
    Self.expectConsistent(report)
    #expect(report.changes.count == 1)
    let change = try #require(report.changes.first)
    #expect(change.cause.text == "rule item.buyTapped")
    #expect(change.groups[0].old == change.groups[0].new, "the shapes read the same…")
    #expect(DiffReport.differs(change.first) == [#"login reason: "buy" → "orders""#], "…the difference is named")
  }

  /// A rule that now pushes orders, which a guard redirects to the login sheet: the guard is
  /// named, and so is the field the redirect changed.
  @Test func aRedirectNamesTheGuard() async throws {
    let report = try await Self.review(
      replacing: #"nav:presentSheet("login", { reason = "buy" }, { navigation = true })"#, with: #"nav:push("orders")"#)
    Self.expectConsistent(report)
    #expect(report.changes.count == 1)
    let change = try #require(report.changes.first)
    #expect(change.cause.text == "guard 'login required for orders'")
    let differs = DiffReport.differs(change.first)
    #expect(differs.contains("guard 'login required for orders' redirects: login required (new only)"), "\(differs)")
    #expect(differs.contains(#"login reason: "buy" → "orders""#), "\(differs)")
  }

  /// A pop reads as a pop on both sides, and the event only one side emits is named.
  @Test func aPopSaysPop() async throws {
    let report = try await Self.review(
      replacing: #"on("review.posted", function(nav) nav:pop() end)"#,
      with: #"on("review.posted", function(nav) nav:pop() nav:emit("posted") end)"#)
    Self.expectConsistent(report)
    #expect(report.changes.count == 1)
    let change = try #require(report.changes.first)
    #expect(change.groups[0].old == "pops to item, depth -1")
    #expect(change.groups[0].new == "pops to item, depth -1; emits posted")
    #expect(!report.groups.contains { $0.old.contains("(push), depth -") || $0.new.contains("(push), depth -") })
    #expect(DiffReport.differs(change.first) == ["event posted emitted by new only"])
  }

  /// A dismiss reads as a dismiss.
  @Test func aDismissSaysDismiss() async throws {
    let report = try await Self.review(
      replacing: #"on("share.sent", function(nav) nav:dismiss() end)"#,
      with: #"on("share.sent", function(nav) nav:dismiss() nav:emit("shared") end)"#, depth: 3)
    let change = try #require(report.changes.first)
    #expect(change.groups[0].old == "dismisses to item, depth -1")
  }

  /// A guard that refuses for another reason on each side is named, with both reasons.
  @Test func aRejectionNamesTheGuard() async throws {
    let report = try await Self.review(
      replacing: #"return false, "discard the review?", { ask = true }"#,
      with: #"return false, "lose the review?", { ask = true }"#)
    Self.expectConsistent(report)
    #expect(report.changes.count == 1)
    let change = try #require(report.changes.first)
    #expect(change.cause.text == "guard 'unsaved review'")
    #expect(DiffReport.differs(change.first) == ["guard 'unsaved review' asks: discard the review? → asks: lose the review?"])
  }

  /// A refactor of the demo (a helper extracted) changes no behaviour and reports nothing.
  @Test func aRefactorOfTheDemoReportsNothing() async throws {
    let report = try await Self.review(
      replacing: #"on("share.sent", function(nav) nav:dismiss() end)"#,
      with: "local function close(n) n:dismiss() end\non(\"share.sent\", function(nav) close(nav) end)")
    #expect(report.isClean)
    #expect(report.changes.isEmpty)
    #expect(report.result.differences.isEmpty)
  }

  /// The JSON carries the grouping: each change's cause, count and differences, each
  /// difference's change.
  @Test func theJSONCarriesTheChanges() async throws {
    let report = try await Self.review(
      replacing: #"leave = "popToRoot", role = "search""#, with: #"role = "search""#, depth: 3)
    let json = try FlowscriptCLI.jsonObject(report.json())
    let changes = try #require(json["changes"] as? [[String: Any]])
    let differences = try #require(json["differences"] as? [[String: Any]])
    #expect(changes.count == 1)
    #expect(changes.first?["cause"] as? String == "tab search's leave policy (popToRoot → keep)")
    #expect(changes.first?["kind"] as? String == "leave")
    #expect(changes.first?["count"] as? Int == report.result.differences.count)
    #expect(json["sequences"] as? Int == report.result.differences.count)
    #expect((changes.first?["differences"] as? [Int])?.count == differences.count)
    #expect(differences.allSatisfy { $0["change"] as? Int == 0 })
    #expect(differences.allSatisfy { ($0["differs"] as? [String])?.isEmpty == false })
  }
}
