#if canImport(SwiftUI)
import SwiftUI
import TabFlow

/// A `TabView` bound to a tab coordinator: one tab per coordinator tab, each drawn as nested
/// `NavigationStack(path:)`s with `.sheet(item:)` and `.fullScreenCover(item:)` from its
/// presentation layers, every screen drawn by your view builder.
///
/// ```swift
/// TabFlowView(store: store) { tab in
///   Label(tab.rawValue, systemImage: "circle")
/// } screen: { id, screen in
///   ScreenView(screen: screen) { action in
///     store.send(.router(.routeAction(id: id, action: action)))
///   }
/// }
/// ```
///
/// It holds no navigation logic: everything it shows and every change it reports goes through a
/// ``TabFlow/TabFlowPresenter`` — a tap on the selected tab item is a reselect (`.tabTapped`), a
/// swipe back or a dragged-down sheet is `updateRoutes` on the selected tab, and changes bigger
/// than one update are shown in steps. Sheets take their detents and drag indicator from the
/// route's `SheetConfiguration`. macOS has no full-screen cover: covers are shown as sheets there.
///
/// - Important: This view is built only on Apple platforms, and not in this repository's CI
///   (Linux, no SwiftUI). It is written against the macOS 14 / iOS 17 SwiftUI API. TabFlow needs
///   Lua 5.4, which this package finds with pkg-config on macOS; an iOS app must supply Lua 5.4
///   itself.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public struct TabFlowView<Screen, ScreenAction, TabLabel: View, ScreenContent: View>: View {
  @State private var presenter: TabFlowPresenter<Screen, ScreenAction>
  private let tabLabel: (TabID) -> TabLabel
  private let screen: (RouteID, Screen) -> ScreenContent

  /// A view following `store`, drawing each tab-bar item with `tabLabel` and each screen with
  /// `screen`, which gets the route's ID (to address the screen's actions) and its screen.
  public init(
    store: Store<TabCoordinatorState<Screen>, TabCoordinatorAction<Screen, ScreenAction>>,
    @ViewBuilder tabLabel: @escaping (TabID) -> TabLabel,
    @ViewBuilder screen: @escaping (RouteID, Screen) -> ScreenContent
  ) {
    self.init(presenter: TabFlowPresenter(store: store), tabLabel: tabLabel, screen: screen)
  }

  /// A view showing `presenter` (for a presenter with its own clock or stepping options, or one
  /// fed by a host that is not a TabFlow store). The view keeps the first presenter it is given.
  public init(
    presenter: TabFlowPresenter<Screen, ScreenAction>,
    @ViewBuilder tabLabel: @escaping (TabID) -> TabLabel,
    @ViewBuilder screen: @escaping (RouteID, Screen) -> ScreenContent
  ) {
    _presenter = State(initialValue: presenter)
    self.tabLabel = tabLabel
    self.screen = screen
  }

  /// The tab view.
  public var body: some View {
    @Bindable var bindable = presenter
    TabView(selection: $bindable.selectedTab) {
      ForEach(presenter.tabBar.tabs, id: \.self) { tab in
        TabRootView(presenter: presenter, tab: tab, screen: screen)
          .tabItem { tabLabel(tab) }
          .tag(tab)
      }
    }
  }
}

/// A tab's root layer, with the layers presented above it.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
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
