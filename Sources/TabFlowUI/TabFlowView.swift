#if canImport(SwiftUI)
import SwiftUI
import TabFlowPresentation

/// A `TabView` bound to a tab coordinator through a `TabFlowPresenter`: one tab per coordinator
/// tab, each drawn as nested `NavigationStack(path:)`s with `.sheet(item:)` and
/// `.fullScreenCover(item:)` from its presentation layers, every screen drawn by your view builder.
///
/// The view does not make the presenter: you create it once, where it lives as long as the
/// navigation — the `App`, or an `@Observable` model — and pass it in. A presenter made in a
/// view's `init` would be made again, and thrown away, on every redraw of the parent.
///
/// ```swift
/// @main
/// struct ShopApp: App {
///   let store: Store<TabCoordinatorState<Screen>, TabCoordinatorAction<Screen, ScreenAction>>
///   let presenter: TabFlowPresenter<Screen, ScreenAction>
///
///   init() {
///     store = makeStore()
///     // Once: SwiftUI makes the App once.
///     presenter = TabFlowPresenter(store: store)
///   }
///
///   var body: some Scene {
///     WindowGroup {
///       TabFlowView(presenter: presenter) { tab, title in
///         Label(title, systemImage: "circle")
///       } screen: { id, screen in
///         ScreenView(screen: screen) { action in
///           store.send(.router(.routeAction(id: id, action: action)))
///         }
///       }
///     }
///   }
/// }
/// ```
///
/// It holds no navigation logic: everything it shows and every change it reports goes through
/// the presenter — a tap on the selected tab item is a reselect (`.tabTapped`), a swipe back or a
/// dragged-down sheet is `updateRoutes` on the selected tab, and changes bigger than one update
/// are shown in steps, as the presenter's `SteppingOptions` say. The presenter's default,
/// `SteppingOptions.navigationStack`, fits `NavigationStack(path:)`, which shows several pushes
/// in one update: only presentations and dismissals get a step each. Sheets take their detents and drag indicator from the route's
/// `SheetConfiguration`. macOS has no full-screen cover: covers are shown as sheets there.
///
/// The tab-bar item gets the tab and its title: the presenter's `tabTitles` (a rule script's
/// titles: `TabFlowPresenter(store: store, tabTitles: rules.tabTitles)`), else the tab's ID.
///
/// - Important: This view is built only on Apple platforms, and not in this repository's CI
///   (Linux, no SwiftUI). It is written against the macOS 14 / iOS 17 SwiftUI API. TabFlow needs
///   Lua 5.4, which this package finds with pkg-config on macOS; an iOS app must supply Lua 5.4
///   itself.
@available(iOS 18, macOS 15, *)
@MainActor
public struct TabFlowView<Screen, ScreenAction, TabLabel: View, ScreenContent: View>: View {
  /// The caller's presenter, held as given: the view never makes or replaces one.
  private let presenter: TabFlowPresenter<Screen, ScreenAction>
  private let tabLabel: (TabID, String) -> TabLabel
  private let screen: (RouteID, Screen) -> ScreenContent

  /// A view showing `presenter`, drawing each tab-bar item with `tabLabel` (given the tab and its
  /// title: ``TabFlowPresenter/title(of:)``) and each screen with `screen`, which gets the
  /// route's ID (to address the screen's actions) and its screen.
  ///
  /// Create the presenter once — a property of the `App` or of an `@Observable` model, never in
  /// a view's `init` or `body` — and pass the same one on every redraw: `TabFlowPresenter(store:)`
  /// with `import TabFlow`, or `TabFlowPresenter(state:send:)` fed with `update(to:)` by any
  /// other store.
  public init(
    presenter: TabFlowPresenter<Screen, ScreenAction>,
    @ViewBuilder tabLabel: @escaping (_ tab: TabID, _ title: String) -> TabLabel,
    @ViewBuilder screen: @escaping (RouteID, Screen) -> ScreenContent
  ) {
    self.presenter = presenter
    self.tabLabel = tabLabel
    self.screen = screen
  }

  /// The tab view.
  public var body: some View {
    @Bindable var bindable = presenter
    TabView(selection: $bindable.selectedTab) {
      ForEach(presenter.tabBar.tabs, id: \.self) { tab in
        TabRootView(presenter: presenter, tab: tab, screen: screen)
          .tabItem { tabLabel(tab, presenter.title(of: tab)) }
          .tag(tab)
      }
    }
  }
}

/// A tab's root layer, with the layers presented above it.
@available(iOS 18, macOS 15, *)
@MainActor
struct TabRootView<Screen, ScreenAction, ScreenContent: View>: View {
  let presenter: TabFlowPresenter<Screen, ScreenAction>
  let tab: TabID
  let screen: (RouteID, Screen) -> ScreenContent

  var body: some View {
    if let root = presenter.layers(of: tab).first {
      LayerView(presenter: presenter, tab: tab, layer: root, screen: screen)
    }
  }
}
#endif
