import TabFlowCore
import TabFlowLua
import TabFlowNavigation

/// The inputs `check` tries in a state, as lines: tab taps, back, the top screen's declared
/// actions with their sample payloads, every deep link and link with sample parameters, and
/// setting each context key to its other values (``ContextSamples``), so guarded screens can be
/// reached. Each line is written and parsed once, however many states try it.
package struct ScriptInputLines {
  /// A state of a script's coordinator.
  package typealias State = TabCoordinatorState<DynamicScreen>
  /// A line as written (reproductions show it) and as parsed; `nil` when it cannot be parsed.
  package typealias Input = (text: String, line: FlowLine?)

  private let context: ContextSamples
  private let declarations: ScriptDeclarations
  private let back: Input
  private let links: [Input]
  /// Each tab's tap, in tab-bar order, for the tabs they were made for (a script's tabs do not
  /// change while it is explored).
  private var taps: (tabs: [TabID], inputs: [Input]) = ([], [])
  private var actions: [String: [Input]] = [:]
  /// The line setting each context key to each of its values (parallel to `context.keys`).
  private let settings: [[FlowValue: Input]]
  /// `hide tab X` and `show tab X` for each tab declared `hideable` (no other tab can be hidden).
  private let hideable: [(tab: TabID, hide: Input, show: Input)]
  /// Whether the user's reordering is explored (`--customization`): each visible tab moved one
  /// place toward the front.
  private let reorders: Bool

  package init(declarations: ScriptDeclarations, context: ContextSamples, customization: Bool = false) {
    self.declarations = declarations
    self.context = context
    reorders = customization
    hideable = declarations.tabs.filter(\.item.hideable).map { tab in
      let name = FlowName.written(tab.id)
      return (TabID(tab.id), Self.input("hide tab " + name), Self.input("show tab " + name))
    }
    back = Self.input("back")
    links = (declarations.deepLinks + declarations.links.map(\.pattern)).map { pattern in
      let url = Self.sampleURL(pattern)
      return Self.input("url " + (url.contains(where: \.isWhitespace) ? FlowName.quoted(url) : url))
    }
    settings = context.keys.indices.map { key in
      Dictionary(context.keys[key].values.map { ($0, Self.input(context.line(key: key, value: $0))) }, uniquingKeysWith: { first, _ in first })
    }
  }

  /// The line that sends `action` of `screen` with its declared sample payload.
  package static func actionLine(screen: String, action: String, sample: FlowValue) -> String {
    FlowName.written(screen) + "." + FlowName.written(action) + (sample == .emptyObject ? "" : " \(sample)")
  }

  /// What the lines of a state depend on (but the tabs, which a script's exploration does not
  /// change): states of one situation have the same lines, in the same order.
  package struct Situation: Hashable {
    /// The name of the screen the user sees (its actions' lines).
    let top: String
    /// Whether something is presented over the tab bar (no tap, no customization).
    let overTabs: Bool
    /// The hidden tabs (no tap on them; `show tab` for them).
    let hidden: Set<TabID>
    /// The selected tab (no `hide tab` for it).
    let selected: TabID
    /// The user's tab order when reorders are explored (else empty).
    let order: [TabID]
    /// Each context key's value as the lines tell values apart (``ContextSamples/signature(of:)``):
    /// the values a `set` line sets a key to are those it differs from, by `==`.
    let context: [FlowValue?]

    /// Hashes all but the hidden tabs and the order (a set hashes each member with a hasher of
    /// its own; both are nearly always the same): situations differing only there share a hash.
    package func hash(into hasher: inout Hasher) {
      hasher.combine(top)
      hasher.combine(overTabs)
      hasher.combine(selected)
      hasher.combine(context)
    }
  }

  /// The situation of `state`: what ``lines(for:)`` of the lines with `context` and, when
  /// `reorders`, the user's reordering reads of it, but its tabs. Static: the lines' tables are
  /// not copied to ask it.
  package static func situation(of state: State, context: ContextSamples, reorders: Bool) -> Situation {
    Situation(
      top: state.shownTop.screen.name, overTabs: state.isAppLayerPresented, hidden: state.hiddenTabs,
      selected: state.selectedTab, order: reorders ? state.tabOrder : [], context: context.signature(of: state.context))
  }

  /// The lines of `state`, in `check`'s order: the same for states of one ``Situation`` with the
  /// same tabs.
  package mutating func lines(for state: State) -> [Input] {
    let tabs = state.tabs
    if !tabs.elementsEqual(taps.tabs, by: { $0.id == $1 }) {
      let ids = tabs.map(\.id)
      taps = (ids, ids.map { Self.input("tab " + FlowName.written($0.rawValue)) })
    }
    // The screen the user sees: the app layer's top when something is presented over the tab bar.
    let top = state.shownTop.screen.name
    let topActions: [Input]
    if let known = actions[top] {
      topActions = known
    } else {
      topActions = (declarations.screen(named: top)?.actions ?? []).map { action, sample in
        Self.input(Self.actionLine(screen: top, action: action, sample: sample))
      }
      actions[top] = topActions
    }
    var lines: [Input] = []
    lines.reserveCapacity(taps.inputs.count + 1 + settings.count + topActions.count + links.count)
    let hidden = state.hiddenTabs
    let overTabs = state.isAppLayerPresented
    if overTabs {
      // The tab bar is under the app layer: no tap or customization reaches it.
    } else if hidden.isEmpty {
      lines += taps.inputs
    } else {
      // A tap on a hidden tab is an error: the tab is not in the bar.
      for (tab, tap) in zip(taps.tabs, taps.inputs) where !hidden.contains(tab) { lines.append(tap) }
    }
    lines.append(back)
    for entry in hideable where !overTabs && entry.tab != state.selectedTab {
      lines.append(hidden.contains(entry.tab) ? entry.show : entry.hide)
    }
    if reorders, !overTabs {
      let order = state.tabOrder
      for index in order.indices.dropFirst() {
        var moved = order
        moved.swapAt(index - 1, index)
        lines.append(Self.input("order tabs " + moved.map { FlowName.written($0.rawValue) }.joined(separator: " ")))
      }
    }
    for (key, value) in context.changes(from: state.context) {
      lines.append(settings[key][value] ?? Self.input(context.line(key: key, value: value)))
    }
    lines += topActions
    lines += links
    return lines
  }

  private static func input(_ text: String) -> Input {
    (text, try? FlowLineParser.parse(text))
  }

  /// `shop://item/:id` → `shop://item/1`.
  package static func sampleURL(_ pattern: String) -> String {
    pattern.split(separator: "/", omittingEmptySubsequences: false)
      .map { $0.hasPrefix(":") ? "1" : String($0) }
      .joined(separator: "/")
  }
}
