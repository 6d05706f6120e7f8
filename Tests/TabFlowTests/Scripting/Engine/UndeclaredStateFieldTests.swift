import Testing

@testable import TabFlow
@testable import TabFlowLua

/// Reading a screen-state field the screen does not declare (`state.rideID` for `rideId`) is an
/// error with a did-you-mean, like every other name the DSL checks — in rules, guards and
/// invariants alike — where it used to read `nil`.
@MainActor
@Suite struct UndeclaredStateFieldTests {
  static let script = """
    tab "home" { root = "feed" }
    screen "feed" { actions = { "book", "typo", "declared", "bare" } }
    screen "ride" { state = { rideId = 0, driver = "" }, actions = { "typo", "declared", "bare", "leave" } }
    screen "done" {}
    on("feed.book", function(nav) nav:push("ride", { rideId = 7 }) end)
    on("ride.typo", function(nav) nav:push("ride", { rideId = nav.stack[nav.depth].state.rideID }) end)
    on("ride.declared", function(nav) nav:emit("id", { id = nav.stack[nav.depth].state.rideId }) end)
    on("ride.bare", function(nav) local _ = nav.stack[1].state.anything end)
    on("ride.leave", function(nav) nav:push("done") end)
    guard("ride id", function(change)
      local s = change.after.stack
      if s[#s].screen == "done" and s[#s - 1].state.rideID == 0 then return false end
    end)
    invariant("ride id is set", function(s)
      local route = s.stack[s.depth]
      return route.screen ~= "ride" or route.state.RideId ~= 0
    end)
    """

  static func booked() throws -> ScriptedFlow {
    let flow = try ScriptedFlow(Self.script)
    try flow.send("book")
    #expect(flow.path == "feed > ride")
    return flow
  }

  @Test func aRuleReadingAnUndeclaredFieldFails() throws {
    let flow = try Self.booked()
    let error = try #require(throws: ScriptError.self) { try flow.batch("typo") }
    #expect(error.message == "shop.lua:6: screen 'ride' has no field 'rideID' (fields: driver, rideId) — did you mean 'rideId'?")
    let bare = try #require(throws: ScriptError.self) { try flow.batch("bare") }
    #expect(bare.message == "shop.lua:8: screen 'feed' has no field 'anything' (it declares no state)")
  }

  @Test func aRuleReadingADeclaredFieldReadsIt() throws {
    let flow = try Self.booked()
    try flow.send("declared")
    #expect(flow.events.map(\.payload) == [["id": 7]])
  }

  @Test func aGuardReadingAnUndeclaredFieldFails() throws {
    let flow = try Self.booked()
    try flow.send("leave")
    #expect(flow.path == "feed > ride")
    let failure = try #require(flow.failures.first)
    #expect(failure.message.contains("shop.lua:12: guard 'ride id': screen 'ride' has no field 'rideID' (fields: driver, rideId) — did you mean 'rideId'?"), "\(failure.message)")
  }

  @Test func anInvariantReadingAnUndeclaredFieldFails() throws {
    let flow = try Self.booked()
    let violation = try #require(flow.rules.invariantViolations(in: flow.state).first)
    #expect(violation.description.contains("shop.lua:16: screen 'ride' has no field 'RideId' (fields: driver, rideId) — did you mean 'rideId'?"), "\(violation.description)")
  }
}
