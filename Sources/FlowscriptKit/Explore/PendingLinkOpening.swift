import TabFlow

extension StateExplorer {
  /// How the search for a context that opens a deferred link ended.
  enum LinkOpening {
    /// A change of the context opened the link: the state it opened in.
    case opens(State)
    /// No context tried opens it. `tried` contexts were tried (the one the link was deferred in
    /// included); `exhaustive` when those were every context the flags' changes reach, rather
    /// than the nearest ``StateExplorer/openingContextLimit`` of them.
    case stays(tried: Int, exhaustive: Bool)

    /// The state the link opened in, or `nil`.
    var opened: State? {
      if case let .opens(state) = self { return state }
      return nil
    }
  }

  /// The most contexts tried for one deferred link. From each context every flag is changed once
  /// (its work is linear in the number of flags), so one search runs at most this many times the
  /// number of flags lines, however many flags the script reads: every combination of up to 8
  /// flags, every change of one or two flags of up to 22. (Trying every combination doubles the
  /// work with each flag: 12 flags and a guard deferring every link took 96 s.)
  static let openingContextLimit = 256

  /// Whether some sequence of context changes (each flag the script reads, set or cleared) opens
  /// the pending link `url` from `state`: the contexts with the fewest changed flags are tried
  /// first, at most ``openingContextLimit`` of them.
  func opening(_ url: String, from state: State) -> LinkOpening {
    // Each flag's two lines, parsed once.
    let toggles = contextFlags.compactMap { flag -> (flag: String, set: FlowLine, clear: FlowLine)? in
      guard let set = try? FlowLineParser.parse("set \(flag) true"), let clear = try? FlowLineParser.parse("set \(flag) false")
      else { return nil }
      return (flag, set, clear)
    }
    // Breadth-first: a queue read from `next`, so the nearest contexts come first.
    var queue = [state]
    var next = 0
    // A context is told by which flags are set: a cleared flag is `false`, one never set absent,
    // and the lines treat both alike (`set` when it is not `true`, else clear).
    func setFlags(_ context: [String: FlowValue]) -> [Bool] { toggles.map { context[$0.flag] == .bool(true) } }
    var seen: Set<[Bool]> = [setFlags(state.context)]
    var exhaustive = true
    while next < queue.count {
      let current = queue[next]
      next += 1
      for toggle in toggles {
        session.load(current)
        _ = session.execute(current.context[toggle.flag] == .bool(true) ? toggle.clear : toggle.set)
        if session.lastReports.contains(.pendingLinkOpened(url)) { return .opens(session.state) }
        let after = session.state
        let flags = setFlags(after.context)
        guard after.pendingLink == url, !seen.contains(flags) else { continue }
        guard seen.count < Self.openingContextLimit else {
          exhaustive = false
          continue
        }
        seen.insert(flags)
        queue.append(after)
      }
    }
    return .stays(tried: seen.count, exhaustive: exhaustive)
  }

  /// Why no context change opens a deferred link, after "`url` was deferred, and ": which flags
  /// were changed, and whether every combination of them was tried.
  func neverOpensReason(_ outcome: LinkOpening) -> String {
    guard !contextFlags.isEmpty else { return "the script reads no context that could let it open" }
    let flags = contextFlags.joined(separator: ", ")
    guard case let .stays(tried, exhaustive) = outcome, !exhaustive else {
      return "no change of the context (\(flags)) lets it open"
    }
    return "none of the \(tried) contexts nearest to it lets it open (changing \(flags); "
      + "not every combination of the \(contextFlags.count) flags was tried)"
  }
}
