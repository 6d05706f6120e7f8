@testable import FlowscriptKit
import TabFlowCore
import TabFlowNavigation
@testable import TabFlowScriptExploration
import TestSupport
import Testing

/// A failure made from a discarded batch writes its message out when read
/// (`ScriptStepFailure.message`), and `check` writes out a failed step's message only for a batch
/// not met before: the message, equality and hash are those of a failure made with its message,
/// and a rejection met again, or met from another batch with the same message, is one finding.
@Suite struct ScriptStepFailureMessageTests {
  static let batches: [BatchFailure] = [
    BatchFailure(source: .host, reason: .rejected(guard: "auth", reason: "log in first")),
    BatchFailure(source: .tabTap("home"), reason: .rejected(guard: "auth", reason: "sure?"), asks: true),
    BatchFailure(
      source: .rule("feed.open"), reason: .invalidCommand(index: 0, command: "pop", error: .emptyStack(operation: "pop")),
      location: "s.lua:3"),
    BatchFailure(source: .host, reason: .noDeepLinkMatch(url: "shop://x", patterns: ["shop://item/:id"])),
    BatchFailure(source: .host, reason: .redirectLoop(["a", "b", "a"], cycle: true, guard: "loop", site: nil)),
  ]

  @Test func readsAsAFailureMadeWithItsMessage() {
    for batch in Self.batches {
      let failure = ScriptStepFailure(batch)
      let written = ScriptStepFailure(kind: FailureKind(batch), message: ScriptStepFailure.message(for: batch))
      #expect(failure.message == ScriptStepFailure.message(for: batch))
      #expect(failure.batchFailure == batch)
      #expect(written.batchFailure == nil)
      #expect(failure == written)
      #expect(failure.hashValue == written.hashValue)
      var changed = failure
      changed.message = "other"
      #expect(changed.message == "other")
      #expect(changed.batchFailure == nil)
      #expect(changed != failure)
    }
  }

  /// A guard rejecting the same batch from two states (before and after a visit to the other
  /// tab), and another batch with the same message: one finding, at the first state met.
  @Test func reportsARejectionMetAgainOnce() async throws {
    let script = """
      tab "home" { root = "feed" }
      tab "more" { root = "menu" }
      screen "feed" { actions = { "open", "other" } }
      screen "menu" { actions = { "next" } }
      screen "page" {}
      screen "item" {}
      on("feed.open", function(nav) nav:push("item") end)
      on("feed.other", function(nav) nav:push("item") end)
      on("menu.next", function(nav) nav:push("page") end)
      guard("no items", function(change) if change.after.top == "item" then return false, "not now" end end)
      """
    let outcomes = try await ScriptExplorationDifferentialTests.compare("rejects.lua", script, depths: [4], jobs: [1])
    let rows = try #require(outcomes.first).rows.filter { $0.label == "guard rejection (note)" }
    #expect(rows.map(\.message) == ["rejected by guard 'no items': not now"])
    #expect(rows.first?.lines.count == 1)
  }
}
