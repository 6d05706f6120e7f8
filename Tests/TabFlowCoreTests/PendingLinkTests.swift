import CoreTestSupport
import Foundation
import TabFlowCore
import TabFlowNavigation
import Testing

extension TabsTests {
  /// A guard may defer a deep link it rejects: the link becomes the state's `pendingLink` (only
  /// the newest), persists with the navigation document, and is superseded by a newer link or
  /// cancelled by the host. (Retrying it after context changes and batches is the coordinator's
  /// job: see the coordinator's pending-link tests.)
  @Suite("Deferred deep links")
  struct PendingLinkTests {
    static func links() throws -> DeepLinks<TabTestScreen> {
      var links = DeepLinks<TabTestScreen>()
      try links.register("shop://orders") { _, _ in DeepLinks.open(tab: "profile", [.push(.orders)], mode: .keepRoot) }
      try links.register("shop://item/:id") { match, _ in
        [.push(.item(id: Int(match["id"] ?? "") ?? 0))]
      }
      return links
    }

    /// Defers every link to `orders` while not logged in, showing a login sheet meanwhile.
    static var auth: NavigationGuard<TabTestScreen> {
      NavigationGuard("auth") { change in
        guard change.after.top.screen == .orders, change.after.context["loggedIn"] != true else { return .allow }
        return .deferLink("login required", redirect: [.presentSheet(.login(reason: "orders"), withNavigation: true)])
      }
    }

    @Test func aDeferredLinkIsKeptAndItsRedirectApplied() throws {
      var state = try TabFixtures.coordinator()
      let reports = try state.open(url: "shop://orders", deepLinks: try Self.links(), guards: [Self.auth])
      #expect(state.pendingLink == "shop://orders")
      #expect(state.routes(ofTab: "home").map(\.screen) == [.feed, .login(reason: "orders")])
      #expect(reports.contains(.linkDeferred(url: "shop://orders", guard: "auth", reason: "login required")))
    }

    @Test func withoutARedirectTheStacksStayAsTheyWere() throws {
      var state = try TabFixtures.coordinator()
      let before = state.tabs
      let later = NavigationGuard<TabTestScreen>("later") { _ in .deferLink("not now") }
      try state.open(url: "shop://orders", deepLinks: try Self.links(), guards: [later])
      #expect(state.tabs == before)
      #expect(state.pendingLink == "shop://orders")
    }

    @Test func aNewerLinkSupersedesThePendingOne() throws {
      var state = try TabFixtures.coordinator()
      let links = try Self.links()
      try state.open(url: "shop://orders", deepLinks: links, guards: [Self.auth])
      try state.open(url: "shop://item/4", deepLinks: links, guards: [Self.auth])
      #expect(state.pendingLink == nil)
      #expect(state.top.screen == .item(id: 4))
    }

    @Test func aDeferralOutsideADeepLinkIsARejectionWithItsRedirect() throws {
      var state = try TabFixtures.coordinator()
      try state.apply([.tab("profile", .push(.orders)), .selectTab("profile")], guards: [Self.auth])
      #expect(state.pendingLink == nil)
      #expect(state.routes(ofTab: "home").map(\.screen) == [.feed, .login(reason: "orders")])
    }

    @Test func theHostCancelsIt() throws {
      var state = try TabFixtures.coordinator()
      try state.open(url: "shop://orders", deepLinks: try Self.links(), guards: [Self.auth])
      state.cancelPendingLink()
      #expect(state.pendingLink == nil)
    }

    @Test func itPersistsWithTheNavigationDocument() throws {
      var state = try TabFixtures.coordinator()
      try state.open(url: "shop://orders", deepLinks: try Self.links(), guards: [Self.auth])
      let data = try NavigationDocument.encode(state)
      #expect(String(decoding: data, as: UTF8.self).contains("\"pendingLink\":\"shop:\\/\\/orders\""))
      let restored = try NavigationDocument.decode(data, as: TabTestScreen.self)
      #expect(restored.pendingLink == "shop://orders")
      #expect(restored == state)
      // A document without the field (older, or no pending link) restores none.
      let none = try NavigationDocument.decode(try NavigationDocument.encode(try TabFixtures.coordinator()), as: TabTestScreen.self)
      #expect(none.pendingLink == nil)
    }
  }
}
