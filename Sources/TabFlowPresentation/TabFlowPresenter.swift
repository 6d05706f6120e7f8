import IssueReporting
import Observation
import TabFlowCore
import TabFlowNavigation

/// Everything a tab UI binds to, in one observable object: the tab bar, each tab's presentation
/// layers (walked toward the coordinator's stacks by a ``StepwiseUpdater`` per tab), and the
/// write-back of what the user does — a tab tapped, a path shortened, a sheet dismissed — as the
/// coordinator's actions.
///
/// ```swift
/// let presenter = TabFlowPresenter(state: state, send: { store.send($0) })
/// presenter.selectedTab = "profile"              // sends .tabTapped("profile")
/// let layers = presenter.layers(of: "home")      // what nested NavigationStacks and sheets show
/// try presenter.userChanged(.dismiss(layer: layers[1].id), in: "home")
/// ```
///
/// It holds no navigation rule: selecting goes through `.tabTapped` (select or reselect), a
/// user's change through ``TabCoordinatorState/action(for:in:)`` (`updateRoutes` on the
/// selected tab), and the coordinator decides. The subscripts (``subscript(path:layer:)``,
/// ``subscript(sheetAbove:layer:)`` …) are the same operations as read-write properties, so
/// SwiftUI's `@Bindable` makes bindings of them; the `TabFlowUI` library's `TabFlowView` uses
/// them.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class TabFlowPresenter<Screen, ScreenAction> {
  /// The coordinator's action.
  public typealias Action = TabCoordinatorAction<Screen, ScreenAction>

  /// The tabs and the selected one.
  public private(set) var tabBar: TabBar
  /// The layers presented over the whole tab bar (the app layer: onboarding, a login cover),
  /// bottom to top; empty when nothing is. They follow the coordinator at once (no steps).
  public private(set) var appLayers: [PresentationLayer]

  /// The tabs' titles for the tab bar, by tab (a rule script's `title`s:
  /// `ScriptedRules.tabTitles`); a tab without one is titled by its ID (``title(of:)``).
  public var tabTitles: [TabID: String]

  /// The coordinator's state, as last given to ``update(to:cause:)``.
  @ObservationIgnored public private(set) var state: TabCoordinatorState<Screen>

  @ObservationIgnored private let send: @MainActor (Action) -> Void
  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private let options: SteppingOptions
  @ObservationIgnored private var updaters: [TabID: StepwiseUpdater<Screen>] = [:]
  /// How to try the back gesture on a state (``/TabFlowCore/TabCoordinator/backGesture(in:)``).
  @ObservationIgnored private let backGestureCheck: @MainActor (TabCoordinatorState<Screen>) -> BackGesture
  /// The answer for the current state, once asked (cleared by each new state).
  @ObservationIgnored private var backGestureAnswer: BackGesture?
  /// Called with each signal of a change the user sees (``lastVisibleRouteSignal``): where a
  /// host tracks screens and posts VoiceOver's screen-changed notification.
  @ObservationIgnored public var onVisibleRouteChange: (@MainActor (VisibleRouteSignal) -> Void)?

  /// The last change the user saw: one signal per committed change after which another screen
  /// shows (never for a stepwise updater's intermediate stacks, never for a tab not selected).
  public private(set) var lastVisibleRouteSignal: VisibleRouteSignal?
  /// What keeps the presenter fed (a store's subscription), released with the presenter.
  @ObservationIgnored private var feed: AnyObject?

  /// A presenter showing `state`, sending the coordinator's actions through `send`; give it every
  /// new state with ``update(to:cause:)``. Any store feeds it this way — a TCA store, a coordinator
  /// nested in a larger state; with `import TabFlow`, `TabFlowPresenter(store:)` binds one to a
  /// TabFlow `Store` of the coordinator.
  public init(
    state: TabCoordinatorState<Screen>,
    send: @escaping @MainActor (Action) -> Void,
    tabTitles: [TabID: String] = [:],
    clock: any Clock<Duration> = ContinuousClock(),
    options: SteppingOptions = .navigationStack,
    backGesture: (@MainActor (TabCoordinatorState<Screen>) -> BackGesture)? = nil
  ) {
    self.state = state
    self.tabBar = state.tabBar
    self.appLayers = state.appLayers
    self.tabTitles = tabTitles
    self.send = send
    self.backGestureCheck = backGesture ?? { state in Self.unguardedBackGesture(in: state) }
    self.clock = clock
    self.options = options
    for tab in state.tabs {
      updaters[tab.id] = StepwiseUpdater(showing: tab.stack, clock: clock, options: options)
    }
  }

  /// Keeps `subscription` (what calls ``update(to:cause:)`` with each new state) alive as long as the
  /// presenter, and no longer.
  public func keepAlive(_ subscription: AnyObject) {
    feed = subscription
  }

  /// Takes the coordinator's new state: the tab bar follows at once, each tab's presentation
  /// through its ``StepwiseUpdater``. When the user sees another screen, a
  /// ``/TabFlowCore/VisibleRouteSignal`` (``lastVisibleRouteSignal``, ``onVisibleRouteChange``) says how:
  /// `cause` is what the states cannot tell (a deep link, a reselect, a restore …; see
  /// ``/TabFlowCore/VisibleRouteChange/cause(of:before:delegates:)``), else the stacks tell.
  public func update(to state: TabCoordinatorState<Screen>, cause: VisibleRouteChange? = nil) {
    let before = self.state
    self.state = state
    backGestureAnswer = nil
    if let signal = state.visibleRouteSignal(since: before, cause: cause) {
      lastVisibleRouteSignal = signal
      onVisibleRouteChange?(signal)
    }
    let bar = state.tabBar
    if bar != tabBar { tabBar = bar }
    if state.isAppLayerPresented || !appLayers.isEmpty {
      let app = state.appLayers
      if app != appLayers { appLayers = app }
    }
    for tab in state.tabs {
      if let updater = updaters[tab.id] {
        updater.update(to: tab.stack)
      } else {
        updaters[tab.id] = StepwiseUpdater(showing: tab.stack, clock: clock, options: options)
      }
    }
    if updaters.count != state.tabs.count {
      let tabs = Set(state.tabIDs)
      updaters = updaters.filter { tabs.contains($0.key) }
    }
  }

  // MARK: - Tabs

  /// The selected tab. Setting it is a tap on that tab-bar item: `.tabTapped`, which selects the
  /// tab, or reselects it when it is already selected (see ``TabBar``).
  public var selectedTab: TabID {
    get { tabBar.selected }
    set { select(newValue) }
  }

  /// The title of a tab-bar item: its ``tabTitles`` entry, or else the tab's ID.
  public func title(of tab: TabID) -> String {
    tabTitles[tab] ?? tab.rawValue
  }

  /// A tap on a tab-bar item: sends `.tabTapped(tab)`.
  public func select(_ tab: TabID) {
    send(tabBar.action(forSelecting: tab))
  }

  /// The user's customization of the tab bar (`TabViewCustomization`): sends
  /// `.customizeTabs(change)`; the coordinator refuses what cannot be (a tab not `hideable`,
  /// the selected or last visible tab).
  public func customize(_ change: TabCustomization) {
    send(.customizeTabs(change))
  }

  // MARK: - Back gesture

  /// Whether the system back gesture (edge and full-content swipe) may go back on `layer` of
  /// `tab` now: the coordinator's answer (``/TabFlowCore/TabCoordinator/backGesture(in:)``) for the selected
  /// tab's top layer, computed once per state when first asked; `.unavailable` for any other
  /// layer (covered, or in a tab not on screen) and while the tab's presentation is still
  /// stepping toward the state (the layer shown is not yet the state's).
  public func backGesture(in tab: TabID, layer: RouteID) -> BackGesture {
    guard tab == state.selectedTab, let top = state.selectedStack.layers.last, top.start == layer,
      presentation(of: tab)?.layers.last?.start == layer, updaters[tab]?.isStepping != true
    else { return .unavailable }
    if let answer = backGestureAnswer { return answer }
    let answer = backGestureCheck(state)
    backGestureAnswer = answer
    return answer
  }

  /// The back gesture tried with no guard: what a presenter made without the coordinator knows.
  private static func unguardedBackGesture(in state: TabCoordinatorState<Screen>) -> BackGesture {
    let routes = state.selectedStack.routes
    guard routes.count > 1, let top = routes.last else { return .unavailable }
    return .allowed(top.isPresented ? .dismiss : .pop)
  }

  // MARK: - Layers

  /// The updater walking a tab's presentation, or `nil` for an unknown tab.
  public func updater(for tab: TabID) -> StepwiseUpdater<Screen>? {
    updaters[tab]
  }

  /// What a tab shows now, or `nil` for an unknown tab.
  public func presentation(of tab: TabID) -> StackPresentation<Screen>? {
    updaters[tab]?.presentation
  }

  /// The layers a tab shows now, bottom to top; empty for an unknown tab.
  public func layers(of tab: TabID) -> [PresentationLayer] {
    presentation(of: tab)?.layers ?? []
  }

  /// The layer of `tab` that starts with this route, as shown now, or `nil`.
  public func layer(startingWith id: RouteID, in tab: TabID) -> PresentationLayer? {
    presentation(of: tab)?.layer(startingWith: id)
  }

  /// The route with this ID shown in `tab`, or `nil` when it is not (any more) on screen.
  public func route(for id: RouteID, in tab: TabID) -> Route<Screen>? {
    presentation(of: tab)?[id: id]
  }

  // MARK: - What the user did

  /// Takes what the user did to a layer of `tab`: the tab's presentation shows it at once, and
  /// the coordinator gets the action it amounts to (``TabCoordinatorState/action(for:in:)``),
  /// which is returned. `nil` when the coordinator has nothing to adopt: the change changes
  /// nothing on screen (a UI setting a value it shows — routes still on their way in stay on
  /// their way), or concerns routes the coordinator already removed (the presentation was still
  /// stepping toward it; it goes on from what the user left).
  ///
  /// Throws, changing nothing, for an unknown tab, a tab that is not selected (only the selected
  /// tab is on screen, and `updateRoutes` applies to it), or a change that does not fit what the
  /// tab shows.
  @discardableResult
  public func userChanged(_ change: LayerChange, in tab: TabID) throws(PresentationError) -> Action? {
    guard let updater = updaters[tab] else { throw .unknownTab(tab, known: state.tabIDs) }
    guard tab == state.selectedTab else { throw .tabNotSelected(tab, selected: state.selectedTab) }
    guard try updater.userChanged(change) else { return nil }
    let action: Action?
    do {
      action = try state.action(for: change, in: tab)
    } catch {
      return nil
    }
    if let action { send(action) }
    return action
  }

  /// Takes what the user did to a layer presented over the tab bar (a sheet dragged down, a
  /// swipe back in a presented flow): the coordinator gets the action it amounts to
  /// (``TabCoordinatorState/appLayerAction(for:)``), which is returned; `nil` when it changes
  /// nothing. Throws, changing nothing, for a layer the app layer does not have.
  @discardableResult
  public func userChangedAppLayer(_ change: LayerChange) throws(PresentationError) -> Action? {
    let action: Action? = try state.appLayerAction(for: change)
    if let action { send(action) }
    return action
  }

  /// The route with this ID presented over the tab bar, or `nil` when it is not (any more).
  public func appLayerRoute(for id: RouteID) -> Route<Screen>? {
    guard let index = state.appLayerIDs.firstIndex(of: id) else { return nil }
    return state.appLayer[index]
  }

  /// ``userChanged(_:in:)`` for a binding's setter, which cannot throw. A report about routes that
  /// are gone (a UI catching up) is dropped: the binding reads the presentation again. A path the
  /// core cannot map back (a `NavigationLink(value:)` adding a route ID) is reported as an issue.
  private func report(_ change: LayerChange, in tab: TabID) {
    do {
      try userChanged(change, in: tab)
    } catch {
      if case .pathNotInLayer = error { reportIssue(error.description) }
    }
  }

  // MARK: - Bindings

  /// A layer's navigation path, for `NavigationStack(path:)`; setting a shorter path is the user
  /// going back (``LayerChange/setPath(layer:path:)``). Empty when the layer is not shown.
  public subscript(path tab: TabID, layer layer: RouteID) -> [RouteID] {
    get { self.layer(startingWith: layer, in: tab)?.path ?? [] }
    set { report(.setPath(layer: layer, path: newValue), in: tab) }
  }

  /// The sheet presented above a layer, for `.sheet(item:)`; setting `nil` is the user
  /// dismissing it. `nil` when the layer above is a cover, or there is none.
  public subscript(sheetAbove tab: TabID, layer layer: RouteID) -> PresentationLayer? {
    get { presented(above: layer, in: tab, style: .sheet) }
    set { dismiss(above: layer, in: tab, style: .sheet, newValue: newValue) }
  }

  /// The cover presented above a layer, for `.fullScreenCover(item:)`; setting `nil` is the user
  /// dismissing it. `nil` when the layer above is a sheet, or there is none.
  public subscript(coverAbove tab: TabID, layer layer: RouteID) -> PresentationLayer? {
    get { presented(above: layer, in: tab, style: .cover) }
    set { dismiss(above: layer, in: tab, style: .cover, newValue: newValue) }
  }

  /// The layer presented above a layer, sheet or cover, for a platform that shows both as sheets
  /// (macOS has no full-screen cover); setting `nil` is the user dismissing it.
  public subscript(presentedAbove tab: TabID, layer layer: RouteID) -> PresentationLayer? {
    get { presented(above: layer, in: tab, style: nil) }
    set { dismiss(above: layer, in: tab, style: nil, newValue: newValue) }
  }

  private func presented(above layer: RouteID, in tab: TabID, style: RouteStyle?) -> PresentationLayer? {
    guard let above = presentation(of: tab)?.layer(above: layer) else { return nil }
    return style == nil || above.style == style ? above : nil
  }

  /// A presentation binding set to `nil` dismisses the layer it showed; any other value is not
  /// something a UI sets, and is ignored.
  private func dismiss(above layer: RouteID, in tab: TabID, style: RouteStyle?, newValue: PresentationLayer?) {
    guard newValue == nil, let above = presented(above: layer, in: tab, style: style) else { return }
    report(.dismiss(layer: above.start), in: tab)
  }
}
