import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowNavigation

/// The inputs `flowscript check` tries in each state of a Lua script's coordinator, as an
/// exploration's inputs: each labelled with its flowscript line (what a reproduction shows, and
/// what `flowscript send` runs), each sending the action `send` would send for that line from
/// that state.
///
/// The lines of a state, in order: a tap on each tab in the bar (none while something is
/// presented over it, none on a hidden tab), `back`, `hide tab`/`show tab` for each `hideable`
/// tab but the selected one, the tab orders one swap away (with `customization`), each context
/// key set to its other values (the declared keys, and the keys rules were seen to read: see
/// ``contextKeys``), the actions the top screen declares (with their sample payloads), and every
/// deep link and link with sample parameters.
///
/// ```swift
/// let rules = try ScriptedRules<DynamicScreen, DynamicAction>(contentsOfFile: "shop.lua")
/// let alphabet = ScriptAlphabet(declarations: rules.declarations)
/// let checks = ScriptChecks(rules: rules, alphabet: alphabet)
/// // The alphabet's inputs and the checks' analyses (``ScriptChecks/exploration(coordinator:initialState:depth:maxStates:)``).
/// _ = checks.exploration(coordinator: TabCoordinator(script: rules), initialState: try rules.initialState(), depth: 5).run()
/// #expect(checks.findings.isEmpty, "\(checks.findings.map(\.message))")
/// ```
///
/// A line the line language cannot read back (every name is quoted when it needs to be, so none
/// should) is an input that is not explorable (``ExplorationInput/isExplorable``): the engine
/// sends nothing for it, and `check` reports each (``unexplorableLines(for:)`` lists them).
///
/// Not thread-safe: the lines are written once per screen and tab bar, and kept; the inputs are
/// made once per situation of a state (its top screen, tab bar and context as the lines see them:
/// ``ScriptInputLines/Situation``) and kept, so a state's inputs share their labels and actions
/// with every state of its situation, and no line's text is written per state. Only a screen
/// action's route is found in each state.
public final class ScriptAlphabet {
  /// A state of a script's coordinator.
  public typealias State = TabCoordinatorState<DynamicScreen>
  /// An input: a flowscript line and its action.
  public typealias Input = ExplorationInput<DynamicScreen, DynamicAction>

  /// The context keys the lines set, and to what.
  package let context: ContextSamples
  /// Whether the user's reordering of the tabs is explored.
  private let customization: Bool
  // Asked on the exploring thread only, one call at a time: no run-time exclusivity checks.
  @exclusivity(unchecked) private var lines: ScriptInputLines
  /// The inputs of each situation, for states with the tabs of ``situationTabs``.
  @exclusivity(unchecked) private var situations: [ScriptInputLines.Situation: Situated] = [:]
  /// The tabs of the states whose situations are kept (a script's tabs do not change while it
  /// is explored; should they, the situations are made again).
  @exclusivity(unchecked) private var situationTabs: [TabID] = []
  /// The situations of ``situations``, found by the bits of the values states hold their parts in.
  @exclusivity(unchecked) private var situationsByParts = ScriptAlphabet.partsTable()

  /// What a line sends from any state of a situation.
  private enum Template {
    /// The same input in every state: a line whose action reads no route (a tap, `back`, a URL,
    /// a context value), or a line the line language cannot read back (not explorable).
    case input(Input)
    /// A line that sends no action (an expectation, a command, an unknown tab).
    case silent(String)
    /// A screen action's line: it addresses the topmost route showing its screen, found in each state.
    case routed(String, tab: TabID?, screen: String, action: DynamicAction)
  }

  /// A situation's lines as templates, and — when no line reads a route — the inputs themselves.
  private struct Situated {
    let templates: [Template]
    /// ``ScriptAlphabet/inputs(for:)`` of every state of the situation, when the same.
    let inputs: [Input]?
    /// ``ScriptAlphabet/everyInput(for:)`` of every state of the situation, when the same.
    let everyInput: [Input]?
  }

  /// The alphabet of a script with `declarations`: its declared context keys, and each key of
  /// `contextKeysRead` none declares, as a flag (`check` sets the keys rules were seen to read:
  /// ``ScriptChecks/contextKeysRead``); the user's reordering of the tabs only with `customization`.
  public convenience init(declarations: ScriptDeclarations, contextKeysRead: Set<String> = [], customization: Bool = false) {
    self.init(
      declarations: declarations, context: ContextSamples(declarations: declarations, read: contextKeysRead),
      customization: customization)
  }

  /// The alphabet with these context samples.
  package init(declarations: ScriptDeclarations, context: ContextSamples, customization: Bool = false) {
    self.context = context
    self.customization = customization
    lines = ScriptInputLines(declarations: declarations, context: context, customization: customization)
  }

  /// The context keys the lines set: the declared ones (in declaration order), then the ones only
  /// read (sorted).
  public var contextKeys: [String] { context.names }
  /// The context keys the lines set that the script does not declare (set as flags).
  public var undeclaredContextKeys: [String] { context.undeclared }

  /// The inputs to try from `state`, in `check`'s order: a line the line language cannot read
  /// back is one that is not explorable (its action is never sent).
  public func inputs(for state: State) -> [Input] {
    inputs(for: state, every: false)
  }

  /// Every line of `state` as an input, in `check`'s order: the inputs of ``inputs(for:)``, and
  /// — not explorable (never sent: ``ExplorationInput/isExplorable``) — the lines that send no
  /// action from `state`. `flowscript diff` sends both scripts every line, and `map` and `graph`
  /// draw every line: each tells a line that fails before it is sent as `flowscript send` does.
  public func everyInput(for state: State) -> [Input] {
    inputs(for: state, every: true)
  }

  /// ``inputs(for:)``, or ``everyInput(for:)`` when `every`: the situation's inputs, each
  /// screen action's route found in `state`.
  private func inputs(for state: State, every: Bool) -> [Input] {
    let situated = situated(state)
    if let same = every ? situated.everyInput : situated.inputs { return same }
    // One copy for every line's lookup (read in place: never written).
    var scratch = state
    var made: [Input] = []
    made.reserveCapacity(situated.templates.count)
    // Each template read where the situation holds it (a `for` over the array copies each out).
    situated.templates.withUnsafeBufferPointer { templates in
      for index in templates.indices {
        switch templates[index] {
        case let .input(input):
          made.append(input)
        case let .silent(text):
          if every { made.append(Input(text, .back, isExplorable: false)) }
        case let .routed(text, tab, screen, action):
          if let id = Self.routeID(showing: screen, tab: tab, in: &scratch) {
            made.append(Input(text, .router(.routeAction(id: id, action: action))))
          } else if every {
            made.append(Input(text, .back, isExplorable: false))
          }
        }
      }
    }
    return made
  }

  /// The inputs of the situation of `state`, made the first time it is met.
  private func situated(_ state: State) -> Situated {
    // The tabs read where their array holds them (a tab bound from an array is a copy of it).
    let otherTabs = state.storedTabs.withUnsafeBufferPointer { tabs in
      tabs.count != situationTabs.count || tabs.indices.contains { tabs[$0].id != situationTabs[$0] }
    }
    if otherTabs {
      situations = [:]
      situationsByParts = Self.partsTable()
      situationTabs = state.storedTabs.map(\.id)
    }
    let parts = SituationParts(of: state, reorders: customization)
    if let known = situationsByParts.value(for: parts) { return known }
    let made = situatedBySituation(state)
    situationsByParts.remember(made, for: parts)
    return made
  }

  /// An empty table of situations by their parts' bits.
  private static func partsTable() -> RecentByBits<SituationParts, Situated> {
    RecentByBits(slotBits: 10)
  }

  /// ``situated(_:)``, found by the situation itself.
  private func situatedBySituation(_ state: State) -> Situated {
    let situation = ScriptInputLines.situation(of: state, context: context, reorders: customization)
    if let known = situations[situation] { return known }
    var scratch = state
    let templates = lines.lines(for: state).map { text, line -> Template in
      guard let line else { return .input(Input(text, .back, isExplorable: false)) }
      if case let .action(tab, screen, action, payload) = line {
        return .routed(text, tab: tab.map { TabID($0) }, screen: screen, action: DynamicAction(action, payload: payload))
      }
      return Self.action(for: line, inPlace: &scratch).map { .input(Input(text, $0)) } ?? .silent(text)
    }
    let routes = templates.contains { if case .routed = $0 { true } else { false } }
    let situated = Situated(
      templates: templates,
      inputs: routes ? nil : templates.compactMap { if case let .input(input) = $0 { input } else { nil } },
      everyInput: routes
        ? nil
        : templates.map {
          switch $0 {
          case let .input(input): input
          case let .silent(text), let .routed(text, _, _, _): Input(text, .back, isExplorable: false)
          }
        })
    situations[situation] = situated
    return situated
  }

  /// The lines of `state` the line language cannot read back: inputs that are not explorable.
  public func unexplorableLines(for state: State) -> [String] {
    inputs(for: state).filter { !$0.isExplorable }.map(\.label)
  }

  /// The action `flowscript send` sends for `line` from `state` (as the explorer runs it: an
  /// action line addresses the topmost route showing its screen, in the app layer first, then in
  /// the selected tab, covered or not); `nil` for a line that sends none (an expectation, a
  /// command) or that fails before it is sent (an unknown tab, no route showing the screen).
  package static func action(for line: FlowLine, in state: State) -> TabCoordinatorAction<DynamicScreen, DynamicAction>? {
    var state = state
    return action(for: line, inPlace: &state)
  }

  /// ``action(for:in:)``, reading `state` where it is (never written).
  private static func action(
    for line: FlowLine, inPlace state: inout State
  ) -> TabCoordinatorAction<DynamicScreen, DynamicAction>? {
    switch line {
    case let .tab(tab):
      let id = TabID(tab)
      return state.tabIDs.contains(id) ? .tabTapped(id) : nil
    case .back:
      return .back
    case let .customize(change):
      return .customizeTabs(change)
    case let .url(url):
      return .openURL(url)
    case let .set(key, value):
      return .setContext(key, value == .null ? nil : value)
    case let .action(tab, screen, action, payload):
      guard let id = routeID(showing: screen, tab: tab.map { TabID($0) }, in: &state) else { return nil }
      return .router(.routeAction(id: id, action: DynamicAction(action, payload: payload)))
    default:
      return nil
    }
  }

  /// The topmost route showing `screen`: un-addressed (`tab` nil), in the app layer first, then in
  /// the selected tab; addressed, in that tab (``LineRoute``, as `flowscript send` finds it).
  private static func routeID(showing screen: String, tab: TabID?, in state: inout State) -> RouteID? {
    if tab == nil, let id = LineRoute.inAppLayer(showing: screen, in: &state) { return id }
    return LineRoute.inTab(showing: screen, tab: tab, in: &state)
  }
}
