import Clocks
import Foundation
import ShopExample
import TabFlow
import Testing

/// The example app taking a changed flow while it runs: a signed package installed with
/// navigation kept, broken packages rejected with the old rules running, and the canary rolling
/// back a release that fails.
@MainActor
@Suite struct ShopDeliveryTests {
  let clock = TestClock()
  /// The team's key; the app pins its public half.
  let key = RuleSigningKey()

  func makeStore(folder: String? = nil, canary: RuleCanary? = nil) throws -> (ShopApp, TestStore<ShopApp.State, ShopApp.Action>) {
    let app = try ShopApp(clock: clock, pinnedKeys: [key.publicKey], packageFolder: folder, canary: canary)
    return (app, try TestStore(initialState: app.initialState()) { app })
  }

  func package(_ script: String? = nil, release: Int, signedWith signer: RuleSigningKey? = nil) throws -> Data {
    try RulePackage(
      script: script ?? ShopApp.confirmingScript, name: "shop", release: release, runtime: ShopApp.runtime,
      signedWith: signer ?? key
    ).encoded()
  }

  func id(_ store: TestStore<ShopApp.State, ShopApp.Action>, at index: Int) throws -> RouteID {
    try #require(store.state.selectedStack.ids.dropFirst(index).first)
  }

  /// Logged in, on item 3: where buying happens.
  func onItem(_ store: TestStore<ShopApp.State, ShopApp.Action>) async throws -> RouteID {
    await store.send(.setContext("loggedIn", true)) { $0.context["loggedIn"] = true }
    await store.send(.router(.routeAction(id: try id(store, at: 0), action: .itemTapped(id: 3)))) {
      try $0.apply([.push(.item(.init(id: 3)))])
    }
    return try id(store, at: 1)
  }

  @Test func aSignedPackageChangesBuyingWhileTheAppRunsWithNavigationKept() async throws {
    let folder = NSTemporaryDirectory() + "shop-rules-\(UUID().uuidString)"
    let (app, store) = try makeStore(folder: folder)
    let item = try await onItem(store)
    let migrated = try app.install(try package(release: 2), keeping: store.state)
    #expect(migrated == store.state)  // same tabs, same screens: nothing to migrate
    await store.send(.adoptReloaded(migrated))
    #expect(app.delivery.installedRelease == 2)

    await store.send(.router(.routeAction(id: item, action: .buyTapped))) {
      try $0.apply([.presentSheet(.confirmPurchase(.init(id: 3)), configuration: SheetConfiguration(detents: [.medium]))])
    }
    let confirm = try id(store, at: 2)
    await store.send(.router(.routeAction(id: confirm, action: .confirmTapped))) {
      try $0.apply([.dismiss(), .tab("profile", .popToRoot), .tab("profile", .push(.orders(.init(highlight: 3)))), .selectTab("profile")])
    }
    await store.receive(.delegate(.report(.event(NavigationEvent("purchased", payload: ["id": 3])))))
    await store.finish()

    // The next launch runs release 2 from the folder.
    let relaunched = try ShopApp(clock: clock, pinnedKeys: [key.publicKey], packageFolder: folder)
    #expect(relaunched.delivery.installedRelease == 2)
  }

  @Test func brokenPackagesAreRejectedAndTheOldRulesKeepRunning() async throws {
    let (app, store) = try makeStore()
    let item = try await onItem(store)
    let tampered = try package(release: 2).replacingFirst("confirmTapped", with: "confirmTappet")
    let broken: [(Data, String)] = [
      (tampered, "sha256"),
      (try package(release: 2, signedWith: RuleSigningKey()), "key"),
      (try package("app \"Example shop\"\ntab \"home\" {", release: 2), "script"),
      // One screen fewer than the app's catalog.
      (try package(try ShopApp.bundledScript.replacingOccurrences(of: "screen \"confirm\"", with: "-- screen \"confirm\""), release: 2), "compatibility"),
    ]
    for (bytes, check) in broken {
      let error = try #require(throws: RulePackageError.self) { try app.install(bytes, keeping: store.state) }
      #expect(error.check == check, "\(error)")
    }
    #expect(app.delivery.installedRelease == 1)  // the bundled script, release 1
    // Buying still goes straight to the orders: the bundled rules run.
    await store.send(.router(.routeAction(id: item, action: .buyTapped))) {
      try $0.apply([.tab("profile", .push(.orders(.init(highlight: 3)))), .selectTab("profile")])
    }
    await store.receive(.delegate(.report(.event(NavigationEvent("purchased", payload: ["id": 3])))))
    await store.finish()
  }

  @Test func theCanaryRollsBackAReleaseThatFails() async throws {
    let (app, store) = try makeStore(canary: RuleCanary(maxFailures: 1, outOf: 10))
    let item = try await onItem(store)
    let failing = try ShopApp.confirmingScript.replacingOccurrences(
      of: "local id = nav.stack[nav.depth].state.id", with: "local id = nav.stack[nav.depth].state.missing.id")
    await store.send(.adoptReloaded(try app.install(try package(failing, release: 2), keeping: store.state)))
    await store.send(.router(.routeAction(id: item, action: .buyTapped))) {
      try $0.apply([.presentSheet(.confirmPurchase(.init(id: 3)), configuration: SheetConfiguration(detents: [.medium]))])
    }
    let confirm = try id(store, at: 2)
    // The first failure is tolerated (K = 1) …
    await store.send(.router(.routeAction(id: confirm, action: .confirmTapped)))
    await store.receive { if case .delegate(.failed) = $0 { true } else { false } }
    #expect(app.delivery.installedRelease == 2)
    // … the second brings the bundled rules back; the confirmation sheet stays (its screen is declared).
    await store.send(.router(.routeAction(id: confirm, action: .confirmTapped)))
    await store.receive { if case .delegate(.failed) = $0 { true } else { false } }
    await store.receive {
      if case let .delegate(.report(.rulesRolledBack(release, restored, failures, kept))) = $0 {
        return release == 2 && restored == 1 && failures.count == 2 && kept
      }
      return false
    }
    #expect(app.delivery.installedRelease == 1)
    #expect(app.delivery.rejectedReleases == [2])
    await store.send(.router(.routeAction(id: confirm, action: .cancelled))) { try $0.apply([.dismiss()]) }
    await store.send(.router(.routeAction(id: item, action: .buyTapped))) {
      try $0.apply([.tab("profile", .push(.orders(.init(highlight: 3)))), .selectTab("profile")])
    }
    await store.receive(.delegate(.report(.event(NavigationEvent("purchased", payload: ["id": 3])))))
    await store.finish()
  }
}

extension Data {
  /// The bytes with the first occurrence of `text` replaced (same length: a few bits flipped).
  func replacingFirst(_ text: String, with replacement: String) -> Data {
    guard let range = range(of: Data(text.utf8)) else { return self }
    var copy = self
    copy.replaceSubrange(range, with: Data(replacement.utf8))
    return copy
  }
}
