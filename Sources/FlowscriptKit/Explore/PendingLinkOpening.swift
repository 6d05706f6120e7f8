import TabFlowNavigation


extension StateExplorer {
  /// How the search for a context that opens a deferred link ended.
  enum LinkOpening {
    /// A change of the context opened the link: the state it opened in.
    case opens(State)
    /// No context tried opens it. `tried` contexts were tried (the one the link was deferred in
    /// included); `exhaustive` when those were every context the keys' changes reach, rather
    /// than the nearest ``StateExplorer/openingContextLimit`` of them.
    case stays(tried: Int, exhaustive: Bool)

    /// The state the link opened in, or `nil`.
    var opened: State? {
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
  static let openingContextLimit = 256

  /// Whether some sequence of context changes (each key the explorer sets, to each of its
  /// values: ``ContextSamples``) opens the pending link `url` from `state`: the contexts with the
  /// fewest changes are tried first, at most ``openingContextLimit`` of them.
  func opening(_ url: String, from state: State) -> LinkOpening {
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
        session.load(current)
        _ = session.execute(setting)
        if session.lastReports.contains(.pendingLinkOpened(url)) { return .opens(session.state) }
        let after = session.state
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

  /// Why no context change opens a deferred link, after "`url` was deferred, and ": which keys
  /// were changed, and whether every combination of them was tried.
  func neverOpensReason(_ outcome: LinkOpening) -> String {
    guard !context.keys.isEmpty else { return "the script reads no context that could let it open" }
    let keys = context.names.joined(separator: ", ")
    guard case let .stays(tried, exhaustive) = outcome, !exhaustive else {
      return "no change of the context (\(keys)) lets it open"
    }
    return "none of the \(tried) contexts nearest to it lets it open (changing \(keys); "
      + "not every combination of the \(context.keys.count) keys was tried)"
  }
}
