import Foundation
import TabFlow

/// The example app: typed screens and screen reducers, with navigation decided entirely by a
/// Lua script loaded at start-up. The app itself only records that the user logged in.
///
/// The script can change while the app is installed: ``delivery`` takes signed rule packages
/// (``install(_:keeping:)``), keeps the last good one in `packageFolder` for the next launch, and
/// — with a canary — brings the previous rules back when a new release fails.
public struct ShopApp: Reducer {
  /// One stack per tab of typed screens.
  public typealias State = TabCoordinatorState<ShopScreen>
  /// Screen actions addressed by route ID, taps, back, deep links.
  public typealias Action = TabCoordinatorAction<ShopScreen, ShopAction>

  /// Where the rules come from: the bundled script, or the newest signed package installed.
  public let delivery: RuleDelivery<ShopScreen, ShopAction>
  let clock: any Clock<Duration>

  /// The Lua rules running now (swapped in place by installs and rollbacks).
  public var rules: ScriptedRules<ShopScreen, ShopAction> { delivery.rules }

  /// The app runtime this build declares: it takes only rule packages packed for it
  /// (`flowscript pack … --runtime 1.0`).
  public static let runtime = "1.0"

  /// Loads the rules from a script's text (default: the bundled `shop.lua`, release
  /// `bundledRelease`), then the newest package in `packageFolder` signed by one of `pinnedKeys`,
  /// for ``runtime`` and above the bundled release.
  public init(
    script: String? = nil, bundledRelease: Int = 1, clock: any Clock<Duration> = ContinuousClock(),
    pinnedKeys: [RulePublicKey] = [], packageFolder: String? = nil, canary: RuleCanary? = nil
  ) throws(ScriptError) {
    let source: String
    if let script { source = script } else { source = try Self.bundledScript }
    delivery = try RuleDelivery(
      bundledScript: source, name: "shop.lua", bundledRelease: bundledRelease, runtime: Self.runtime,
      catalog: ShopScreen.catalog, pinnedKeys: pinnedKeys, folder: packageFolder, canary: canary)
    self.clock = clock
  }

  /// Installs a rule package the app fetched; returns the state to adopt
  /// (`store.send(.adoptReloaded(…))`). On error nothing changed: log it, show the user nothing.
  public func install(_ package: Data, keeping state: State) throws(RulePackageError) -> State {
    try delivery.install(package, keeping: state)
  }

  /// The state the script declares.
  public func initialState() throws(ScriptError) -> State { try rules.initialState() }

  /// The screens' reducer under `forEachRoute`, then the host's session logic and the coordinator.
  public var body: some Reducer<State, Action> {
    CombineReducers {
      Reduce { state, action in
        // The host owns the session: a finished login sets the context the rules read.
        if case .router(.routeAction(_, .loginSucceeded)) = action {
          state.context["loggedIn"] = true
        }
        return .none
      }
      DeliveryCoordinator(delivery: delivery)
    }
    .forEachRoute(\.self, action: .router()) { ShopScreenFeature(clock: clock) }
  }

  /// The script the app ships with: `shop.lua`, a resource of this module, loaded at start-up.
  public static var bundledScript: String {
    get throws(ScriptError) { try resource("shop") }
  }

  /// Release 2 of the flow, which the team ships as a signed package (buying asks for
  /// confirmation first): `shop-confirm.lua`. In a real app this text arrives inside a package
  /// from the team's server; it is a resource here so the example and its tests can pack it.
  public static var confirmingScript: String {
    get throws(ScriptError) { try resource("shop-confirm") }
  }

  private static func resource(_ name: String) throws(ScriptError) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "lua") else {
      throw ScriptError(.runtime, "the example's \(name).lua resource is missing")
    }
    do {
      return try String(contentsOf: url, encoding: .utf8)
    } catch {
      throw ScriptError(.runtime, "cannot read \(url.path): \(error)")
    }
  }
}
