import TabFlowCore
import TabFlowNavigation

/// The usual inputs of an exploration, state by state: a tap on each visible tab, back, the
/// actions of the screen the user sees (with sample payloads the app gives per screen), deep
/// links to open, and context values to set.
///
/// ```swift
/// let alphabet = ExplorationAlphabet<Screen, Action>(
///   urls: ["shop://item/1"],
///   context: [("loggedIn", [true, false])]
/// ) { screen in
///   switch screen {
///   case .catalog: [("itemTapped 1", .itemTapped(1))]
///   case .item: [("addToCart", .addToCart), ("close", .close)]
///   default: []
///   }
/// }
/// ```
///
/// The inputs of a state, in order: the taps (in the user's tab order), back, the screen's
/// actions, the URLs, the context values (each differing from the value it has now). Labels:
/// `tap cart`, `back`, `item: addToCart`, `open shop://item/1`, `set loggedIn = true`.
public struct ExplorationAlphabet<Screen, ScreenAction> {
  /// A screen's action with its label (`itemTapped 1`).
  public typealias Sample = (label: String, action: ScreenAction)

  /// Whether a tap on each visible tab is tried (while something is presented too: the
  /// coordinator decides what a tap does then).
  public var tabTaps: Bool
  /// Whether back is tried.
  public var back: Bool
  /// The actions tried on the screen the user sees, with sample payloads.
  public var screenActions: (Screen) -> [Sample]
  /// The deep links opened.
  public var urls: [String]
  /// The context keys set, each to each of its sample values (`nil`: removed), in order.
  public var context: [(key: String, values: [FlowValue?])]
  /// How a screen is named in labels and reports (the enum case by default).
  public var screenName: (Screen) -> String

  /// An alphabet: tab taps and back (unless turned off), the screens' actions, URLs and context values.
  public init(
    tabTaps: Bool = true,
    back: Bool = true,
    urls: [String] = [],
    context: [(key: String, values: [FlowValue?])] = [],
    screenName: ((Screen) -> String)? = nil,
    screenActions: @escaping (Screen) -> [Sample]
  ) {
    self.tabTaps = tabTaps
    self.back = back
    self.screenActions = screenActions
    self.urls = urls
    self.context = context
    self.screenName = screenName ?? { TabFlowNavigation.screenName(of: $0) }
  }

  /// The inputs to try from `state`.
  public func inputs(for state: TabCoordinatorState<Screen>) -> [ExplorationInput<Screen, ScreenAction>] {
    var inputs: [ExplorationInput<Screen, ScreenAction>] = []
    if tabTaps {
      for tab in state.visibleTabIDs { inputs.append(ExplorationInput("tap \(tab)", .tabTapped(tab))) }
    }
    if back { inputs.append(ExplorationInput("back", .back)) }
    let top = state.visibleTop
    let topID = state.isAppLayerPresented ? state.appLayerIDs.last : state.selectedStack.ids.last
    if let topID {
      let name = screenName(top.screen)
      for sample in screenActions(top.screen) {
        inputs.append(ExplorationInput("\(name): \(sample.label)", .router(.routeAction(id: topID, action: sample.action))))
      }
    }
    for url in urls { inputs.append(ExplorationInput("open \(url)", .openURL(url))) }
    for (key, values) in context {
      for value in values where state.context[key] != value {
        inputs.append(ExplorationInput("set \(key) = \(value.map(\.description) ?? "nil")", .setContext(key, value)))
      }
    }
    return inputs
  }
}
