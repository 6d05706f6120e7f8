#if canImport(SwiftUI)
import SwiftUI
import TabFlowPresentation

/// iOS 18's `TabView` bound to a tab coordinator through a `TabFlowPresenter`: a
/// `Tab(value:role:)` per coordinator tab, grouped in `TabSection`s, in the
/// `.sidebarAdaptable` style, with the user's `TabViewCustomization` bound to the model and
/// each tab's badge; each tab drawn as nested `NavigationStack(path:)`s with `.sheet(item:)` and
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
///     // Once: SwiftUI makes the App once. The back gesture asks the coordinator's guards.
///     presenter = TabFlowPresenter(store: store, backGesture: { coordinator.backGesture(in: $0) })
///   }
///
///   var body: some Scene {
///     WindowGroup {
///       TabFlowView(presenter: presenter) { tab, title, image in
///         Label(title, systemImage: image ?? "circle")
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
/// It holds no navigation logic — every decision is the model's, made and tested in the core:
/// - the tabs, their order, roles, sections, images, badges and hidden tabs are the presenter's
///   `tabBar` (`TabBarEntry`); a tap on an item is `.tabTapped` (a tap on the selected one is a
///   reselect), so the selection binding is the presenter's `selectedTab`;
/// - the customization binding reads each tab's visibility from the model and turns the user's
///   changes into `.customizeTabs(.hide/.show)`, which the coordinator may refuse (a tab not
///   declared `hideable` is also marked `.customizationBehavior(.disabled, …)`). The order the
///   user drags tabs into in the sidebar stays in SwiftUI's customization value, which has no
///   public reader of it: the view declares the tabs in the model's order, and an app that lets
///   the user reorder elsewhere sends `presenter.customize(.reorder(…))`;
/// - the system back gesture is switched off when the model refuses it
///   (`TabFlowPresenter.backGesture(in:layer:)`, by ``BackGestureSwitch`` on the
///   `UINavigationController`'s `interactivePopGestureRecognizer` and
///   `interactiveContentPopGestureRecognizer`: SwiftUI has no public switch), while the back
///   button still sends the pop, so a host whose guard asks can ask;
/// - each `lastVisibleRouteSignal` (one per committed change the user sees) posts VoiceOver's
///   screen-changed notification on iOS.
///
/// The app layer — sheets and covers presented over the whole tab bar (`presenter.appLayers`,
/// written back with `presenter.userChangedAppLayer(_:)`) — is not drawn by this view yet: an app
/// that uses `nav:app()` / `.app(…)` presents those layers over the `TabView` itself.
///
/// Changes bigger than one update are shown in steps, as the presenter's `SteppingOptions` say.
/// Sheets take their detents and drag indicator from the route's `SheetConfiguration`. macOS has
/// no full-screen cover: covers are shown as sheets there. The search role maps to
/// `TabRole.search`; the model's `prominent` role (iOS 27) is passed on once the SDK the app
/// builds with has it, and is an ordinary tab before.
///
/// - Important: This view is built only on Apple platforms, and never in this repository's CI
///   (Linux, no SwiftUI): it is written against the iOS 18 / macOS 15 SwiftUI API and has not
///   been compiled. Keep it thin — everything it shows is tested through the presenter.
@available(iOS 18, macOS 15, *)
@MainActor
public struct TabFlowView<Screen, ScreenAction, TabLabel: View, ScreenContent: View>: View {
  /// The caller's presenter, held as given: the view never makes or replaces one.
  private let presenter: TabFlowPresenter<Screen, ScreenAction>
  private let tabLabel: (TabID, String, String?) -> TabLabel
  private let screen: (RouteID, Screen) -> ScreenContent

  /// A view showing `presenter`, drawing each tab's label with `tabLabel` (given the tab, its
  /// title — ``/TabFlowPresentation/TabFlowPresenter/title(of:)`` — and its declared image name) and each screen with
  /// `screen`, which gets the route's ID (to address the screen's actions) and its screen.
  ///
  /// Create the presenter once — a property of the `App` or of an `@Observable` model, never in
  /// a view's `init` or `body` — and pass the same one on every redraw: `TabFlowPresenter(store:)`
  /// with `import TabFlow`, or `TabFlowPresenter(state:send:)` fed with `update(to:)` by any
  /// other store.
  public init(
    presenter: TabFlowPresenter<Screen, ScreenAction>,
    @ViewBuilder tabLabel: @escaping (_ tab: TabID, _ title: String, _ image: String?) -> TabLabel,
    @ViewBuilder screen: @escaping (RouteID, Screen) -> ScreenContent
  ) {
    self.presenter = presenter
    self.tabLabel = tabLabel
    self.screen = screen
  }

  /// The tab view.
  public var body: some View {
    @Bindable var bindable = presenter
    let bar = presenter.tabBar
    TabView(selection: $bindable.selectedTab) {
      ForEach(bar.sections.indices, id: \.self) { index in
        let section = bar.sections[index]
        if let name = section.name {
          TabSection(name) {
            ForEach(section.entries) { entry in tab(entry) }
          }
        } else {
          ForEach(section.entries) { entry in tab(entry) }
        }
      }
    }
    .tabViewStyle(.sidebarAdaptable)
    .tabViewCustomization(customization)
    .onChange(of: presenter.lastVisibleRouteSignal) { _, signal in
      #if os(iOS)
      if signal != nil { UIAccessibility.post(notification: .screenChanged, argument: nil) }
      #endif
    }
  }

  private func tab(_ entry: TabBarEntry) -> some TabContent<TabID> {
    Tab(value: entry.id, role: role(of: entry)) {
      TabRootView(presenter: presenter, tab: entry.id, screen: screen)
    } label: {
      tabLabel(entry.id, presenter.title(of: entry.id), entry.item.image)
    }
    .badge(badgeText(entry.badge))
    .customizationID(entry.id.rawValue)
    .customizationBehavior(entry.item.hideable ? .automatic : .disabled, for: .sidebar, .tabBar)
  }

  private func role(of entry: TabBarEntry) -> SwiftUI.TabRole? {
    entry.item.role == .search ? .search : nil
  }

  private func badgeText(_ badge: TabBadge?) -> Text? {
    switch badge {
    case let .count(count)?: Text(count, format: .number)
    case let .text(text)?: Text(text)
    case nil: nil
    }
  }

  /// The user's customization as the model holds it: each tab's visibility read from
  /// `tabBar.entries`; a visibility the user changes is sent as `.customizeTabs`.
  private var customization: Binding<TabViewCustomization> {
    Binding {
      var customization = TabViewCustomization()
      for entry in presenter.tabBar.entries {
        customization[sidebarVisibility: entry.id.rawValue] = entry.isHidden ? .hidden : .visible
      }
      return customization
    } set: { customization in
      for entry in presenter.tabBar.entries {
        let hidden = customization[sidebarVisibility: entry.id.rawValue] == .hidden
        if hidden != entry.isHidden { presenter.customize(hidden ? .hide(entry.id) : .show(entry.id)) }
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
