import Foundation
import TabFlow

/// The example app: typed screens and screen reducers, with navigation decided entirely by a
/// Lua script loaded at start-up. The app itself only records that the user logged in.
public struct ShopApp: Reducer {
  /// One stack per tab of typed screens.
  public typealias State = TabCoordinatorState<ShopScreen>
  /// Screen actions addressed by route ID, taps, back, deep links.
  public typealias Action = TabCoordinatorAction<ShopScreen, ShopAction>

  /// The Lua rules (reloadable while the app runs).
  public let rules: ScriptedRules<ShopScreen, ShopAction>
  let clock: any Clock<Duration>

  /// Loads the rules from a script's text.
  public init(script: String? = nil, clock: any Clock<Duration> = ContinuousClock()) throws(ScriptError) {
    let source: String
    if let script { source = script } else { source = try Self.bundledScript }
    rules = try ScriptedRules(source: source, name: "shop.lua", catalog: ShopScreen.catalog)
    self.clock = clock
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
      TabCoordinator(script: rules)
    }
    .forEachRoute(\.self, action: .router()) { ShopScreenFeature(clock: clock) }
  }

  /// The script the app ships with: `shop.lua`, a resource of this module, loaded at start-up.
  public static var bundledScript: String {
    get throws(ScriptError) {
      guard let url = Bundle.module.url(forResource: "shop", withExtension: "lua") else {
        throw ScriptError(.runtime, "the example's shop.lua resource is missing")
      }
      do {
        return try String(contentsOf: url, encoding: .utf8)
      } catch {
        throw ScriptError(.runtime, "cannot read \(url.path): \(error)")
      }
    }
  }
}
