import Foundation
import TabFlow
import Testing

extension ScriptedRulesTests {
  /// A property of the bundled demo (scripts/demo.lua): for every state five inputs reach —
  /// tab taps, back, every declared action of the top screen, every link, the context flag —
  /// whose top screen has a link, opening `url(for: state)` from the initial state (with the same
  /// context) shows the same top screen with the same payload — at once, or, for a link the
  /// orders guard defers while logged out, once logging in opens it.
  @Suite("Demo links round-trip")
  struct DemoLinkRoundTripTests {
    typealias Coordinator = TabCoordinator<DynamicRules>

    static let demo: String = {
      let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/demo.lua").path
      return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }()

    /// Every input worth trying in `state`.
    static func inputs(for state: DynamicState, rules: DynamicRules) -> [DynamicCoordinatorAction] {
      var inputs: [DynamicCoordinatorAction] = state.tabIDs.map { .tabTapped($0) } + [.back]
      inputs.append(.setContext("loggedIn", state.context["loggedIn"] == true ? false : true))
      let top = state.selectedStack.top
      let id = state.selectedStack.ids[state.selectedStack.count - 1]
      for (action, sample) in rules.declarations.screen(named: top.screen.name)?.actions ?? [] {
        inputs.append(.router(.routeAction(id: id, action: DynamicAction(action, payload: sample))))
      }
      for link in rules.declarations.links {
        inputs.append(.openURL(link.pattern.replacingOccurrences(of: ":id", with: "4").replacingOccurrences(of: ":highlight", with: "6")))
      }
      return inputs
    }

    @MainActor
    @Test func everyReachedLinkedScreenRoundTrips() throws {
      let rules = try DynamicRules(source: Self.demo, name: "demo.lua")
      let coordinator = Coordinator(script: rules)
      let initial = try rules.initialState()
      // States as navigation shows them (route IDs aside).
      func key(_ state: DynamicState) -> String {
        "\(state.selectedTab) \(state.tabs.map { $0.stack.routes.map { "\($0.style) \($0.screen)" } }) \(state.history) "
          + "\(state.context) \(state.pendingLink ?? "")"
      }
      var seen: [String: DynamicState] = [key(initial): initial]
      var frontier = [initial]
      var checked = 0
      for _ in 0..<5 {
        var next: [DynamicState] = []
        for state in frontier {
          for input in Self.inputs(for: state, rules: rules) {
            var after = state
            _ = coordinator.apply(input, to: &after)
            if seen.updateValue(after, forKey: key(after)) == nil { next.append(after) }
          }
        }
        frontier = next
      }
      #expect(seen.count > 500)
      var linkedScreens = Set<String>()
      for state in seen.values {
        guard let url = rules.deepLinks.url(for: state) else { continue }
        var opened = initial
        if let loggedIn = state.context["loggedIn"] { _ = coordinator.apply(.setContext("loggedIn", loggedIn), to: &opened) }
        _ = coordinator.apply(.openURL(url), to: &opened)
        if opened.pendingLink == url {
          #expect(state.selectedStack.top.screen.name == "orders")
          _ = coordinator.apply(.setContext("loggedIn", true), to: &opened)
          #expect(opened.pendingLink == nil)
        }
        #expect(opened.selectedStack.top.screen == state.selectedStack.top.screen, "\(url)")
        linkedScreens.insert(state.selectedStack.top.screen.name)
        checked += 1
      }
      #expect(linkedScreens == ["feed", "item", "orders"])
      #expect(checked > 100)
    }
  }
}
