import TabFlowCore
import TabFlowLua
import TabFlowNavigation

/// `check`'s checks of deep links once an exploration ended: whether a link a guard deferred ever
/// opens, and whether each screen's link opens that screen again. They run lines (`set`, `url`)
/// from given states through `run`: a `FlowSession` in the CLI, the coordinator's step in a test
/// (``ScriptLineRunner``).
package struct LinkChecks {
  /// A state of a script's coordinator.
  package typealias State = TabCoordinatorState<DynamicScreen>

  /// What running a line from a state did.
  package struct LineRun {
    /// The state after the line.
    package var state: State
    /// What the coordinator reported, up to the first batch it discarded.
    package var reports: [NavigationReport]
    /// Why the line failed (as a line shows it), or `nil`.
    package var failure: String?

    package init(state: State, reports: [NavigationReport], failure: String?) {
      self.state = state
      self.reports = reports
      self.failure = failure
    }
  }

  /// How the search for a context that opens a deferred link ended.
  package enum LinkOpening {
    /// A change of the context opened the link: the state it opened in.
    case opens(State)
    /// No context tried opens it. `tried` contexts were tried (the one the link was deferred in
    /// included); `exhaustive` when those were every context the keys' changes reach, rather
    /// than the nearest ``LinkChecks/openingContextLimit`` of them.
    case stays(tried: Int, exhaustive: Bool)

    /// The state the link opened in, or `nil`.
    package var opened: State? {
      if case let .opens(state) = self { return state }
      return nil
    }
  }

  /// The most contexts tried for one deferred link. From each context every key is changed to
  /// each of its other values once (its work is linear in the number of values), so one search
  /// runs at most this many times that many lines, however many keys the script reads: every
  /// combination of up to 8 flags, every change of one or two flags of up to 22. (Trying every
  /// combination doubles the work with each flag: 12 flags and a guard deferring every link took
  /// 96 s.)
  package static let openingContextLimit = 256

  /// The context keys set, and to what.
  package let context: ContextSamples
  /// Runs a line from a state.
  package let run: (FlowLine, State) -> LineRun

  package init(context: ContextSamples, run: @escaping (FlowLine, State) -> LineRun) {
    self.context = context
    self.run = run
  }

  /// Whether some sequence of context changes (each key the explorer sets, to each of its
  /// values: ``ContextSamples``) opens the pending link `url` from `state`: the contexts with the
  /// fewest changes are tried first, at most ``openingContextLimit`` of them.
  package func opening(_ url: String, from state: State) -> LinkOpening {
    // Each key's lines, parsed once.
    var lines: [String: FlowLine] = [:]
    func line(_ key: Int, _ value: FlowValue) -> FlowLine? {
      let text = context.line(key: key, value: value)
      if let known = lines[text] { return known }
      let parsed = try? FlowLineParser.parse(text)
      lines[text] = parsed
      return parsed
    }
    // Breadth-first: a queue read from `next`, so the nearest contexts come first.
    var queue = [state]
    var next = 0
    var seen: Set<[FlowValue?]> = [context.signature(of: state.context)]
    var exhaustive = true
    while next < queue.count {
      let current = queue[next]
      next += 1
      for change in context.changes(from: current.context) {
        guard let setting = line(change.key, change.value) else { continue }
        let ran = run(setting, current)
        if ran.reports.contains(.pendingLinkOpened(url)) { return .opens(ran.state) }
        let after = ran.state
        let signature = context.signature(of: after.context)
        guard after.pendingLink == url, !seen.contains(signature) else { continue }
        guard seen.count < Self.openingContextLimit else {
          exhaustive = false
          continue
        }
        seen.insert(signature)
        queue.append(after)
      }
    }
    return .stays(tried: seen.count, exhaustive: exhaustive)
  }

  /// What `check` says of a deferred link `url` the search (`outcome`) did not open.
  package func neverOpensMessage(_ url: String, _ outcome: LinkOpening) -> String {
    "\(url) was deferred, and " + neverOpensReason(outcome)
  }

  /// Why no context change opens a deferred link, after "`url` was deferred, and ": which keys
  /// were changed, and whether every combination of them was tried.
  package func neverOpensReason(_ outcome: LinkOpening) -> String {
    guard !context.keys.isEmpty else { return "the script reads no context that could let it open" }
    let keys = context.names.joined(separator: ", ")
    guard case let .stays(tried, exhaustive) = outcome, !exhaustive else {
      return "no change of the context (\(keys)) lets it open"
    }
    return "none of the \(tried) contexts nearest to it lets it open (changing \(keys); "
      + "not every combination of the \(context.keys.count) keys was tried)"
  }

  /// Why opening `url` (the link of `state`'s top screen) from the initial state with `state`'s
  /// context does not show that screen with that state; `nil` when it does. A link a guard defers
  /// is judged where it opens once the context allows it (a guard keeping a screen behind a login
  /// does not break its link); one that never opens is reported as such.
  package func roundTripProblem(_ url: String, of state: State, from initial: State) -> String? {
    var current = initial
    for key in state.context.keys.sorted() {
      guard let value = state.context[key], let parsed = try? FlowLineParser.parse("set \(FlowName.written(key)) \(value)")
      else { continue }
      current = run(parsed, current).state
    }
    let expected = state.visibleTop.screen
    let opened = run(.url(url), current)
    if let message = opened.failure {
      return "\(url), the link of \(expected.shownText), fails to open: \(message)"
    }
    var shown = opened.state.visibleTop.screen
    if opened.state.pendingLink == url {
      let outcome = opening(url, from: opened.state)
      guard let allowed = outcome.opened else {
        let never = if case .stays(let tried, exhaustive: false) = outcome {
          "opens in none of the \(tried) contexts nearest to it"
        } else {
          "never opens"
        }
        return "\(url), the link of \(expected.shownText), is deferred by a guard and \(never)"
      }
      shown = allowed.visibleTop.screen
    }
    guard shown == expected else {
      return "\(url), the link of \(expected.shownText), shows \(shown.shownText)"
    }
    return nil
  }
}

extension DynamicScreen {
  /// The screen as flowscript shows it: its name, and its state's fields in key order
  /// (`item(id=3)`).
  package var shownText: String {
    guard !state.isEmpty else { return name }
    let fields = state.keys.sorted().map { key in "\(key)=\(state[key] ?? .null)" }
    return "\(name)(\(fields.joined(separator: ", ")))"
  }
}
