import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowScriptExploration

/// What `flowscript graph` draws, taken from the engine as it explores (``ScriptSurvey``): the
/// steps between places — each input that changed its state without failing, classed by what it
/// did (``NavigationGraph/Step``) with the guards that redirected it — and every place (a screen
/// in a tab, or above the tab bar) a state reached shows.
final class GraphAnalysis: ExplorationAnalysis {
  typealias State = TabCoordinatorState<DynamicScreen>
  typealias Place = NavigationGraph.Place
  typealias Step = NavigationGraph.Step

  /// The changes worth drawing.
  private(set) var steps = Set<Step>()
  /// Every place a state reached shows.
  private(set) var shown = Set<Place>()

  /// An analysis that has drawn nothing yet.
  init() {}

  func reached(_ state: ReachedState<DynamicScreen>) -> ExplorationDecision {
    shown.formUnion(Self.places(in: state.state))
    return .exploreOn
  }

  func tried(_ tried: TriedInput<DynamicScreen, DynamicAction>) {
    guard tried.input.isExplorable, !(tried.note is ScriptStepFailure), tried.after != tried.state,
      let step = Self.step(from: tried.state, to: tried.after, line: tried.input.label, action: tried.input.action, delegates: tried.delegates)
    else { return }
    steps.insert(step)
  }

  func findings(_ end: ExplorationEnd<DynamicScreen, DynamicAction>) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    []
  }

  /// Every screen on every tab's stack, and in the app layer (its place's tab is
  /// ``NavigationGraph/appPlace``).
  static func places(in state: State) -> Set<Place> {
    Set(state.tabs.flatMap { tab in tab.stack.routes.map { Place(tab: tab.id.rawValue, screen: $0.screen.name) } }
      + state.appLayer.map { Place(tab: NavigationGraph.appPlace, screen: $0.screen.name) })
  }

  /// Where the user is: the app layer's top when something is presented over the tab bar.
  private static func place(of state: State) -> Place {
    state.isAppLayerPresented
      ? Place(tab: NavigationGraph.appPlace, screen: state.visibleTop.screen.name)
      : Place(tab: state.selectedTab.rawValue, screen: state.selectedStack.top.screen.name)
  }

  /// The edge a change draws: a new route on top (push, sheet, cover — also after the line closed
  /// routes) or a tab switch; a line that only popped or dismissed (`pop`, `dismiss`) and anything
  /// `back` did, marked as going back. Tab taps and context changes draw none. `delegates` are
  /// what the step told the host: the reports of the guards that redirected it.
  static func step(
    from before: State, to after: State, line: String, action: TabCoordinatorAction<DynamicScreen, DynamicAction>,
    delegates: [TabCoordinatorDelegate<DynamicScreen>]
  ) -> Step? {
    switch action {
    case .tabTapped, .setContext: return nil
    default: break
    }
    // A deferred link whose guard shows something meanwhile (a login sheet) was redirected too.
    let redirects = delegates.compactMap { delegate -> String? in
      switch delegate {
      case let .report(.redirected(name, _)), let .report(.linkDeferred(_, name, _)): return name
      default: return nil
      }
    }
    let from = place(of: before)
    let to = place(of: after)
    let isBackLine = if case .back = action { true } else { false }
    if before.selectedTab != after.selectedTab, !before.isAppLayerPresented, !after.isAppLayerPresented {
      return Step(from: from, to: to, line: line, style: "tab switch", isBack: isBackLine, redirects: redirects)
    }
    if before.isAppLayerPresented || after.isAppLayerPresented {
      // The app layer over the selected tab, read as one stack: its stand-in root is the tab's top.
      // A change under it (a deep link into a tab) shows nothing new: no edge.
      guard Self.visibleTopID(after) != Self.visibleTopID(before) else { return nil }
      let (was, now) = (ExploredStates.visibleDepth(before), ExploredStates.visibleDepth(after))
      if now >= was, now > was || Self.visibleTopID(after) != Self.visibleTopID(before) {
        return Step(from: from, to: to, line: line, style: after.visibleTop.style.rawValue, isBack: isBackLine, redirects: redirects)
      }
      guard now < was else { return nil }
      let dismissed = before.appLayer.dropFirst(max(0, after.appLayer.count)).contains(where: \.isPresented)
      return Step(from: from, to: to, line: line, style: dismissed ? "dismiss" : "pop", isBack: true, redirects: redirects)
    }
    let (was, now) = (before.selectedStack, after.selectedStack)
    // Classed by what the line did, not by the net depth: a route on top that was not on the
    // stack before is a move forward, however many routes the line closed first
    // (`nav:dismissAll(); nav:push("tracking")` is drawn as a push, not as a pop).
    if let top = now.ids.last, !was.ids.contains(top) {
      return Step(
        from: from, to: to, line: line, style: now.top.style.rawValue, isBack: isBackLine, redirects: redirects)
    }
    guard now.count < was.count else { return nil }
    let dismissed = was.routes.dropFirst(now.count).contains(where: \.isPresented)
    return Step(from: from, to: to, line: line, style: dismissed ? "dismiss" : "pop", isBack: true, redirects: redirects)
  }

  /// The ID of the route the user sees: the app layer's top when something is presented over the
  /// tab bar (read in place: `selectedStack` copies the stack).
  private static func visibleTopID(_ state: State) -> RouteID? {
    state.isAppLayerPresented ? state.storedAppLayer.storedIDs.last : state.storedTabs[state.selectedIndex].stack.storedIDs.last
  }
}
