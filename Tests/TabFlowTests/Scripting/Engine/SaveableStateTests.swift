import Foundation
import Testing

@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowPresentation
@testable import TabFlowRuntime

/// State a rule makes is always saveable, and names mean one thing: a value JSON cannot hold
/// (NaN, infinity) is refused where the rule queues it, and two spellings of one text that Swift
/// would merge but Lua tells apart are refused where they are declared or made.
@MainActor
@Suite struct SaveableStateTests {
  static let header = """
    tab "home" { root = "feed" }
    screen "feed" { actions = { "tap" } }
    screen "item" { state = { id = 0, note = "" } }

    """

  @Test(arguments: [("0/0", "nan"), ("math.huge", "inf"), ("-math.huge", "-inf")])
  func aNumberJSONCannotHoldIsRefusedAtTheCommand(expression: String, shown: String) throws {
    let flow = try ScriptedFlow(Self.header + #"on("feed.tap", function(nav) nav:push("item", { id = \#(expression) }) end)"#)
    let error = try #require(throws: ScriptError.self) { try flow.batch("tap") }
    #expect(error.message.hasPrefix("shop.lua:4:"), "\(error.message)")
    #expect(error.message.contains("is \(shown), not a finite number"), "\(error.message)")
    try flow.send("tap")
    #expect(flow.path == "feed")
    // What the flow holds can still be saved.
    let document = try NavigationDocument.encode(flow.state)
    #expect(!document.isEmpty)
  }

  @Test func aNumberHiddenDeepInStateIsRefusedToo() throws {
    let flow = try ScriptedFlow(
      """
      tab "home" { root = "feed" }
      screen "feed" { actions = { "tap" } }
      screen "item" { state = { data = { } } }
      on("feed.tap", function(nav) nav:push("item", { data = { list = { 1, 2, 0/0 } } }) end)
      """)
    let error = try #require(throws: ScriptError.self) { try flow.batch("tap") }
    #expect(error.message.contains("is nan, not a finite number"), "\(error.message)")
  }

  @Test func screensTabsAndActionsSpelledTwoWaysAreRefused() throws {
    for source in [
      "tab \"home\" { root = \"caf\u{E9}\" }\nscreen \"caf\u{E9}\" {}\nscreen \"cafe\u{301}\" {}",
      "tab \"t\u{E9}\" { root = \"feed\" }\ntab \"te\u{301}\" { root = \"feed\" }\nscreen \"feed\" {}",
      "tab \"home\" { root = \"feed\" }\nscreen \"feed\" { actions = { \"caf\u{E9}\", \"cafe\u{301}\" } }",
    ] {
      let error = try #require(throws: ScriptError.self) { try ScriptedFlow(source) }
      #expect(error.message.contains("declared twice in different Unicode spellings"), "\(error.message)")
    }
  }

  @Test func aTableWithTwoSpellingsOfOneKeyIsRefused() throws {
    let flow = try ScriptedFlow(
      """
      tab "home" { root = "feed" }
      screen "feed" { actions = { "tap" } }
      screen "item" { state = { data = { } } }
      on("feed.tap", function(nav) nav:push("item", { data = { ["caf\u{E9}"] = 1, ["cafe\u{301}"] = 2 } }) end)
      """)
    let error = try #require(throws: ScriptError.self) { try flow.batch("tap") }
    #expect(error.message.contains("has two keys spelled"), "\(error.message)")
  }

  /// A table with several bad members names the same one in every VM (the first in a stable
  /// order), though each VM iterates it in its own hash order.
  @Test func aBadTableGetsTheSameMessageInEveryVM() throws {
    let source = Self.header.replacingOccurrences(of: "state = { id = 0, note = \"\" }", with: "state = { data = { } }") + """
      on("feed.tap", function(nav)
        nav:push("item", { data = { zeta = 0/0, alpha = 0/0, mid = math.huge, beta = print, gamma = 1 } })
      end)
      """
    var messages = Set<String>()
    for _ in 0..<12 {
      let flow = try ScriptedFlow(source)
      let error = try #require(throws: ScriptError.self) { try flow.batch("tap") }
      messages.insert(error.message)
    }
    #expect(messages.count == 1, "\(messages)")
    #expect(messages.first?.contains("alpha") == true, "\(messages)")
  }
}
