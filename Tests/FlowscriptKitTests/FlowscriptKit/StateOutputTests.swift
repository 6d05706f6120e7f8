@testable import FlowscriptKit
@testable import TabFlowLua
import TabFlowScriptExploration
import TestSupport
import Testing

/// How flowscript writes a state: `StateJSON` (`state`, `--json`) and `StateText` (`tree`, stack
/// lines), on known states of the demo.
@Suite struct StateOutputTests {
  static func demo(after lines: [String] = []) throws -> FlowSession {
    let session = try FlowSession(origin: .file(FlowscriptCLI.demoScript))
    for text in lines {
      let outcome = session.execute(try FlowLineParser.parse(text))
      guard case .changed = outcome else {
        Issue.record("\(text): \(outcome)")
        continue
      }
    }
    return session
  }

  @Test func theInitialStateAsJSON() throws {
    let session = try Self.demo()
    #expect(
      StateJSON.render(session.state)
        == #"{"selectedTab":"home","tabs":[{"id":"home","routes":[{"style":"root","screen":"feed","state":{}}]},"#
        + #"{"id":"search","routes":[{"style":"root","screen":"search","state":{"query":""}}]},"#
        + #"{"id":"profile","routes":[{"style":"root","screen":"account","state":{}}]}],"context":{}}"#)
    #expect(StateJSON.render(session.state, url: session.currentURL).hasSuffix(#","context":{},"url":"shop://home"}"#))
  }

  /// A sheet shows its navigation and detents; a push and the context are written in order.
  @Test func presentedRoutesPushesAndContextAsJSON() throws {
    let sheet = try Self.demo(after: ["feed.cartTapped"])
    #expect(
      StateJSON.render(sheet.state).hasPrefix(
        #"{"selectedTab":"home","tabs":[{"id":"home","routes":[{"style":"root","screen":"feed","state":{}},"#
          + #"{"style":"sheet","screen":"cart","state":{},"withNavigation":true,"detents":["medium","large"]}]},"#))

    let pushed = try Self.demo(after: ["set loggedIn true", "feed.itemTapped {id=7}"])
    #expect(
      StateJSON.render(pushed.state, url: pushed.currentURL)
        == #"{"selectedTab":"home","tabs":[{"id":"home","routes":[{"style":"root","screen":"feed","state":{}},"#
        + #"{"style":"push","screen":"item","state":{"id":7,"qty":1}}]},"#
        + #"{"id":"search","routes":[{"style":"root","screen":"search","state":{"query":""}}]},"#
        + #"{"id":"profile","routes":[{"style":"root","screen":"account","state":{}}]}],"#
        + #""context":{"loggedIn":true},"url":"shop://item/7"}"#)
  }

  @Test func aPendingLinkIsWritten() throws {
    let session = try Self.demo(after: ["url shop://orders/7"])
    #expect(StateJSON.render(session.state).hasSuffix(#""context":{},"pendingLink":"shop://orders/7"}"#))
  }

  @Test func jsonStringsEscapeWhatATerminalWouldObey() {
    #expect(StateJSON.string("plain") == #""plain""#)
    #expect(StateJSON.string("a\"b\\\n\t") == #""a\"b\\\n\t""#)
    #expect(StateJSON.string("\u{7}\u{202E}é") == #""\u0007\u202eé""#)
    #expect(StateJSON.value(["b": 1, "a": [true, .null, 1.5]]) == #"{"a":[true,null,1.5],"b":1}"#)
  }

  @Test func screensAndTreesAsText() throws {
    #expect(StateText.screen(DynamicScreen("feed")) == "feed")
    #expect(StateText.screen(DynamicScreen("item", state: ["qty": 1, "id": 3, "name": "x y"])) == #"item(id=3, name="x y", qty=1)"#)

    let session = try Self.demo(after: ["feed.itemTapped {id=7}", "item.buyTapped"])
    #expect(StateText.path(session.state.selectedStack) == #"feed > item(id=7, qty=1) > sheet:login(reason="buy")"#)
    #expect(StateText.tree(session.state) == [
      "home *",
      "  feed  [root, navigation]",
      "    item(id=7, qty=1)  [push]",
      "      login(reason=\"buy\")  [sheet, navigation, large]",
      "search (leave: popToRoot)",
      "  search(query=\"\")  [root, navigation]",
      "profile (reselect: none)",
      "  account  [root, navigation]",
    ])
  }
}
