import Foundation
import Testing
import TabFlow

extension ScriptedRulesTests {
  /// docs/LUA-RULES.md, "The app layer": `nav:app()` reaches the sheets and covers presented over
  /// the whole tab bar; a rule for a route there navigates there; guards see it.
  @MainActor
  @Suite("Lua app layer")
  struct ScriptAppLayerTests {
    static let script = """
      app "Shop"
      tab "home" { root = "feed" }
      tab "profile" { root = "account" }
      screen "feed" { actions = { "login", "onboard", "dismissNothing", "pushNothing", "peek" } }
      screen "account" {}
      screen "login" { state = { step = 1 }, actions = { "next", "done", "where", "profile" } }
      screen "code" { actions = { "done" } }
      screen "welcome" {}
      on("feed.login", function(nav) nav:app():presentCover("login", {}, { navigation = true }) end)
      on("feed.onboard", function(nav) nav:app():presentSheet("welcome") end)
      on("feed.dismissNothing", function(nav) nav:app():dismiss() end)
      on("feed.pushNothing", function(nav) nav:push("code"); nav:app():push("code") end)
      on("feed.peek", function(nav)
        nav:emit("peek", { top = nav:app().top or "none", depth = nav:app().depth, tab = nav.currentTab })
      end)
      on("login.next", function(nav) nav:setState({ step = nav.depth + 1 }); nav:push("code") end)
      on("login.where", function(nav)
        nav:emit("where", { top = nav.top, depth = nav.depth, app = nav.event.app == true,
          tab = nav.event.tab or "none", current = nav.currentTab, home = nav:tab("home").top })
      end)
      on("login.profile", function(nav) nav:selectTab("profile") end)
      on("code.done", function(nav) nav:dismiss() end)
      guard("watch", function(change)
        if change.after:app().top == "code" and change.after:app().depth > 2 then return false, "too deep" end
      end)
      """

    static func appRoute(_ flow: ScriptedFlow) throws -> RouteID {
      try #require(flow.state.appLayerIDs.last)
    }

    static func sendFromApp(_ flow: ScriptedFlow, _ action: String) throws {
      flow.store.send(.router(.routeAction(id: try appRoute(flow), action: DynamicAction(action))))
    }

    @Test func aRuleForARouteInTheAppLayerNavigatesTheAppLayer() throws {
      let flow = try ScriptedFlow(Self.script)
      try flow.send("login")
      #expect(flow.state.appLayer.pathDescription() == "cover:login")
      #expect(flow.path == "feed")
      try Self.sendFromApp(flow, "next")
      #expect(flow.state.appLayer.pathDescription() == "cover:login > code")
      #expect(flow.state.appLayer.first?.screen.state["step"] == .int(2))
      #expect(flow.path == "feed")
      try Self.sendFromApp(flow, "done")
      #expect(flow.state.appLayer.isEmpty)
      #expect(flow.failures.isEmpty)
    }

    @Test func itsViewsDescribeTheAppLayerAndItsEventSaysSo() throws {
      let flow = try ScriptedFlow(Self.script)
      try flow.send("peek")
      try flow.send("login")
      try flow.send("peek", from: "feed", in: "home")
      try Self.sendFromApp(flow, "where")
      #expect(flow.events.map(\.name) == ["peek", "peek", "where"])
      #expect(flow.events[0].payload == ["top": "none", "depth": 0, "tab": "home"])
      #expect(flow.events[1].payload == ["top": "login", "depth": 1, "tab": "home"])
      #expect(flow.events[2].payload == [
        "top": "login", "depth": 1, "app": true, "tab": "none", "current": "home", "home": "feed",
      ])
    }

    @Test func invalidAppLayerCommandsFailTheBatchAndChangeNothing() throws {
      let flow = try ScriptedFlow(Self.script)
      try flow.send("dismissNothing")
      #expect(flow.failures.last?.description.contains("cannot dismiss 1: nothing is presented") == true)
      try flow.send("pushNothing")
      #expect(flow.failures.last?.description.contains("nothing is presented over the tab bar") == true)
      #expect(flow.path == "feed")
      #expect(flow.state.appLayer.isEmpty)
    }

    @Test func guardsSeeTheAppLayerAndBackRemovesItFirst() throws {
      let flow = try ScriptedFlow(Self.script)
      try flow.send("login")
      try Self.sendFromApp(flow, "next")
      flow.store.send(.back)
      #expect(flow.state.appLayer.pathDescription() == "cover:login")
      flow.store.send(.tabTapped("profile"))
      #expect(flow.failures.last?.description.contains("presented over the tab bar") == true)
      try Self.sendFromApp(flow, "profile")
      #expect(flow.state.selectedTab == "profile")
      #expect(flow.state.appLayer.pathDescription() == "cover:login")
      flow.store.send(.back)
      #expect(flow.state.appLayer.isEmpty)
    }

    @Test func aTabIDStartingWithAnAtIsRefused() {
      #expect {
        _ = try ScriptedFlow("tab \"@app\" { root = \"feed\" }\nscreen \"feed\" {}")
      } throws: { error in
        "\(error)".contains("ids starting with '@' are reserved")
      }
    }
  }
}
