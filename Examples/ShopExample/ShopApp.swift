import Foundation
import TabFlow

/// The example app: typed screens and screen reducers, with navigation decided entirely by a
/// Lua script loaded at start-up. The app itself only records that the user logged in.
public struct ShopApp: Reducer {
  public typealias State = TabCoordinatorState<ShopScreen>
  public typealias Action = TabCoordinatorAction<ShopScreen, ShopAction>

  /// The Lua rules (reloadable while the app runs).
  public let rules: ScriptedRules<ShopScreen, ShopAction>
  let clock: any Clock<Duration>

  /// Loads the rules from a script's text.
  public init(script: String = ShopApp.bundledScript, clock: any Clock<Duration> = ContinuousClock()) throws(ScriptError) {
    rules = try ScriptedRules(source: script, name: "shop.lua", catalog: ShopScreen.catalog)
    self.clock = clock
  }

  /// The state the script declares.
  public func initialState() throws(ScriptError) -> State { try rules.initialState() }

  public var body: some Reducer<State, Action> {
    CombineReducers {
      Reduce { state, action in
        // The host owns the session: a finished login sets the context the rules read.
        if case .router(.routeAction(_, .loginSucceeded)) = action {
          state.context["loggedIn"] = true
        }
        return .none
      }
      TabCoordinator(rules: rules, guards: [rules.scriptGuard], deepLinks: rules.deepLinks)
    }
    .forEachRoute(\.self, action: .router()) { ShopScreenFeature(clock: clock) }
  }

  /// The script the app ships with (also in `Examples/ShopExample/shop.lua`).
  public static let bundledScript = #"""
    app "Example shop"
    tab "home"    { root = "feed" }
    tab "profile" { root = "account", reselect = "none" }

    screen "feed"    { actions = { itemTapped = { id = 1 } } }
    screen "item"    { state = { id = 0, qty = 1 }, actions = { "addTapped", "buyTapped" } }
    screen "login"   { state = { reason = "", isSubmitting = false }, actions = { "submitTapped", "loginSucceeded", "cancelled" } }
    screen "orders"  { state = { highlight = 0 } }
    screen "account" { actions = { "ordersTapped" } }

    on("feed.itemTapped", function(nav, p) nav:push("item", { id = p.id }) end)
    on("item.buyTapped", function(nav)
      if not nav.context.loggedIn then
        nav:presentSheet("login", { reason = "buy" }, { navigation = true, detents = { "medium", "large" } })
      else
        local id = nav.stack[nav.depth].state.id
        nav:tab("profile"):popToRoot()
        nav:tab("profile"):push("orders", { highlight = id })
        nav:selectTab("profile")
        nav:emit("purchased", { id = id })
      end
    end)
    on("login.loginSucceeded", function(nav) nav:dismiss() end)
    on("*.cancelled", function(nav) nav:dismiss() end)
    on("account.ordersTapped", function(nav) nav:push("orders") end)

    deeplink("shop://item/:id", function(nav, p)
      nav:selectTab("home")
      nav:open({ { "item", { id = tonumber(p.id) } } }, "keepRoot")
    end)
    """#
}
