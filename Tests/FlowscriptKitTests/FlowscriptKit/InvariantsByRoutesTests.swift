@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

/// The checker keeps what the invariants found by the selected tab's routes' number when they
/// read nothing else, and does not ask them again for routes a script cannot tell apart: an
/// exploration doing so reports exactly what one asking them in every state reports — with
/// invariants reading only the selected stack, others reading the context, another tab or the
/// selected tab's name, and states whose stacks differ only in look-alike values.
@Suite struct InvariantsByRoutesTests {
  static let script = """
    tab "home" { root = "feed" }
    tab "other" { root = "desk" }
    screen "feed" { actions = { tap = { v = 0 }, "plain" } }
    screen "desk" { actions = { tap = { v = 0 }, "plain" } }
    screen "item" { state = { v = 0 }, actions = { tap = { v = 0 }, "plain" } }
    context "flag"

    on("*.tap", function(nav, p) nav:push("item", { v = p.v }) end)
    on("*.plain", function(nav) if nav.depth > 1 then nav:pop() else nav:push("item", { v = 1.0 }) end end)

    -- Only the selected stack: an integer and a float of the same value are told apart.
    invariant("no float on top of a float", function(s)
      local stack = s.stack
      local a, b = stack[#stack], stack[#stack - 1]
      if b ~= nil and math.type(a.state.v) == "float" and math.type(b.state.v) == "float" then
        return false, "two floats"
      end
      return true
    end)
    -- The selected stack, and then the context: kept by routes only when the stack alone decided.
    invariant("three items with the flag", function(s)
      if #s.stack < 4 then return true end
      return not s.context.flag, "four routes with the flag"
    end)
    -- Another tab's stack, and the selected tab's name.
    invariant("other tab shallow", function(s)
      return #s:tab("other").stack < 3 or s.currentTab == "other", "the other tab is deep"
    end)
    """

  @Test(arguments: [4, 6])
  func violationsKeptByRoutesAreThoseAskedInEveryState(depth: Int) throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("invariants-\(UUID().uuidString).lua")
    try Self.script.write(to: url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: url) }
    let kept = try ExplorationSummary.exploring(url.path, depth: depth) { $0.rememberInvariantsByRoutes = true }
    let asked = try ExplorationSummary.exploring(url.path, depth: depth) { $0.rememberInvariantsByRoutes = false }
    #expect(kept == asked)
    // Each invariant was broken somewhere: their answers were compared where it matters.
    for name in ["no float on top of a float", "three items with the flag", "other tab shallow"] {
      #expect(asked.contains { $0.contains(name) }, "\(name) never broken at depth \(depth)")
    }
  }
}
