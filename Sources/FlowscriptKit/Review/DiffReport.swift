import TabFlowLua
import TabFlowNavigation
import TabFlowScriptExploration


/// What `flowscript diff` prints: the differences of a ``BehaviourDiff`` grouped by cause
/// (``DiffCause``: what decided the first transition that differs) into changes, the change
/// affecting the most input sequences first; each with its shortest reproduction — the input,
/// the screen it was sent from, what it did on each side and what differs between them
/// (``DiffDetail``) — and the `flowscript send` lines for both scripts.
struct DiffReport {
  /// Differences that are one outcome of a change: the same input from the same screen, doing
  /// the same thing on each side (told by ``BehaviourDiff/Outcome`` shapes, not by payloads).
  struct Group {
    let first: BehaviourDiff.Difference
    var count: Int
    let old: String
    let new: String
  }

  /// Differences with one cause: one change of behaviour, whatever number of input sequences
  /// it affects.
  struct Change {
    let cause: DiffCause
    /// Its groups, the shortest first.
    var groups: [Group]
    /// The positions of ``groups`` in the report's ``DiffReport/groups``.
    var indices: [Int]
    /// The input sequences it affects.
    var count: Int
    /// Its shortest difference.
    var first: BehaviourDiff.Difference { groups[0].first }
  }

  let result: BehaviourDiff.Result
  let oldName: String
  let newName: String
  /// `flowscript send OLD` and `flowscript send NEW`, with the options the diff ran with.
  let oldSend: String
  let newSend: String
  let groups: [Group]
  /// The groups by cause, the change affecting the most sequences first (the shortest first
  /// among equals).
  let changes: [Change]
  /// The position in ``changes`` of each of the result's differences.
  let changeOfDifference: [Int]

  init(_ result: BehaviourDiff.Result, oldName: String, newName: String, oldSend: String, newSend: String) {
    self.result = result
    self.oldName = oldName
    self.newName = newName
    self.oldSend = oldSend
    self.newSend = newSend
    var groups: [Group] = []
    var causes: [DiffCause] = []
    var index: [String: Int] = [:]
    var groupOfDifference: [Int] = []
    groupOfDifference.reserveCapacity(result.differences.count)
    // The differences come breadth first: each group's first is its shortest.
    for difference in result.differences {
      let old = Self.shape(difference.old, from: difference.before.old)
      let new = Self.shape(difference.new, from: difference.before.new)
      let key = [difference.screen, difference.input, old, new].joined(separator: "\u{1}")
      if let known = index[key] {
        groups[known].count += 1
        groupOfDifference.append(known)
      } else {
        index[key] = groups.count
        groupOfDifference.append(groups.count)
        groups.append(Group(first: difference, count: 1, old: old, new: new))
        causes.append(
          result.declarations.map { DiffCause.of(difference, old: $0.old, new: $0.new) }
            ?? DiffCause(kind: .rule, name: difference.input, text: "input \(difference.input)"))
      }
    }
    self.groups = groups
    var changes: [Change] = []
    var changeIndex: [DiffCause: Int] = [:]
    for (offset, (group, cause)) in zip(groups, causes).enumerated() {
      if let known = changeIndex[cause] {
        changes[known].groups.append(group)
        changes[known].indices.append(offset)
        changes[known].count += group.count
      } else {
        changeIndex[cause] = changes.count
        changes.append(Change(cause: cause, groups: [group], indices: [offset], count: group.count))
      }
    }
    // A stable sort: among equal counts, the change found first (the shortest) stays first.
    let sorted = changes.enumerated().sorted { ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset) }.map(\.element)
    self.changes = sorted
    var changeOfGroup = Array(repeating: 0, count: groups.count)
    for (number, change) in sorted.enumerated() {
      for offset in change.indices { changeOfGroup[offset] = number }
    }
    changeOfDifference = groupOfDifference.map { changeOfGroup[$0] }
  }

  /// The summary of the changes: `2 changes (affecting 208 input sequences)`.
  var changesLine: String {
    let sequences = result.differences.count
    return "\(changes.count) change\(changes.count == 1 ? "" : "s") (affecting \(sequences) input sequence"
      + "\(sequences == 1 ? "" : "s"))"
  }

  /// Whether the new script behaves like the old to the depth explored and breaks none of its
  /// invariants. A comparison cut at the state limit is not clean: the pairs beyond the cut
  /// were never compared.
  var isClean: Bool {
    result.initialDifference == nil && groups.isEmpty && !result.violations.contains { $0.side == .new }
      && !result.truncated
  }

  /// The line a cut comparison ends with: it stopped at `--max-states`, so it says nothing of
  /// what lies beyond.
  var incompleteLine: String {
    "incomplete: stopped at \(result.pairs) states (pairs of states, --max-states); the inputs beyond were not "
      + "compared — raise it or lower --explore"
  }

  /// What an outcome did, as a reviewer compares it: where the user ends up (tab, top screen and
  /// style, how the depth changed), or the rejection, error or nothing; the events emitted and the
  /// host's other reports.
  static func shape(_ outcome: BehaviourDiff.Outcome, from before: BehaviourDiff.State) -> String {
    var text: String
    switch outcome.kind {
    case .unexplorable: text = "cannot be written as a line"
    case .unchanged: text = "changes nothing"
    case let .failed(kind, message):
      switch kind {
      case .guardRejection, .guardQuestion, .input: text = message
      case .ruleError: text = "rule error"
      case .guardError: text = "guard error"
      case .invalidCommand: text = "invalid command"
      case .redirectLoop: text = "redirect loop"
      default: text = "fails"
      }
    case .changed:
      let after = outcome.after(before)
      // What the user sees: the app layer over the selected tab.
      let top = after.visibleTop
      let change = ExploredStates.visibleDepth(after) - ExploredStates.visibleDepth(before)
      let sameTab = after.selectedTab == before.selectedTab
      let (routesAfter, routesBefore) = (Self.visibleRoutes(after), Self.visibleRoutes(before))
      if sameTab, change < 0, routesAfter.elementsEqual(routesBefore.prefix(routesAfter.count)) {
        // Routes left the top, and nothing else moved: a pop, or a dismiss when a presented one went.
        let dismissed = routesBefore.dropFirst(routesAfter.count).contains { $0.isPresented }
        text = (dismissed ? "dismisses to " : "pops to ") + top.screen.name + ", depth \(change)"
      } else if sameTab, change == 0, top.screen == before.visibleTop.screen {
        text = "changes the state (top \(top.screen.name) stays)"
      } else {
        let over = after.isAppLayerPresented ? " over the tabs" : ""
        text = "shows \(top.screen.name)" + (top.style == .root ? "" : " (\(top.style)\(over))")
          + (sameTab ? "" : " in tab \(after.selectedTab)")
          + (change == 0 ? "" : ", depth \(change > 0 ? "+" : "")\(change)")
      }
    }
    if !outcome.events.isEmpty { text += "; emits " + outcome.events.map(\.description).joined(separator: ", ") }
    let reports = outcome.otherReports
    if !reports.isEmpty { text += "; reports " + reports.map(\.description).joined(separator: ", ") }
    return text
  }

  /// The full outcome: the shape and the state after it.
  /// The routes the user sees, bottom first: the selected tab's, then the app layer's over them.
  private static func visibleRoutes(_ state: BehaviourDiff.State) -> [Route<DynamicScreen>] {
    state.selectedStack.routes + state.appLayer
  }

  private static func detail(_ outcome: BehaviourDiff.Outcome, from before: BehaviourDiff.State) -> String {
    if case let .failed(kind, message) = outcome.kind, !kind.isNote, kind != .input {
      return message.split(separator: "\n").first.map(String.init) ?? message
    }
    return BehaviourDiff.summary(of: outcome.after(before))
  }

  /// What differs between the two sides of `difference`, each thing once (``DiffDetail``).
  static func differs(_ difference: BehaviourDiff.Difference) -> [String] {
    DiffDetail.lines(old: difference.old, new: difference.new, before: difference.before)
  }

  /// A change as `diff` prints it: its cause and the input sequences it affects, then its
  /// shortest difference — the input and the screen it was sent from, what each side did, what
  /// differs, the send lines for both scripts — and the other inputs it changes.
  func lines(of change: Change, number: Int) -> [String] {
    let first = change.first
    let group = change.groups[0]
    var lines = ["\(number). \(change.cause.text) — \(change.count) input sequence\(change.count == 1 ? "" : "s")"]
    lines.append("   '\(first.input)' on \(first.screen)" + (first.lines.isEmpty ? "" : " (the shortest: after \(first.lines.count) line\(first.lines.count == 1 ? "" : "s"))"))
    lines.append("   old: \(group.old)")
    lines.append("        \(Self.detail(first.old, from: first.before.old))")
    lines.append("   new: \(group.new)")
    lines.append("        \(Self.detail(first.new, from: first.before.new))")
    for line in Self.differs(first) { lines.append("   differs: \(line)") }
    let words = (first.lines + [first.input]).map(\.shellWord).joined(separator: " ")
    lines.append("   \(oldSend) \(words)")
    lines.append("   \(newSend) \(words)")
    var seen: Set<String> = ["'\(first.input)' on \(first.screen)"]
    let others = change.groups.dropFirst().map { "'\($0.first.input)' on \($0.first.screen)" }.filter { seen.insert($0).inserted }
    if !others.isEmpty {
      let shown = others.prefix(3)
      lines.append("   also: " + shown.joined(separator: ", ") + (others.count > 3 ? " and \(others.count - 3) more" : ""))
    }
    return lines
  }

  func print() {
    Output.line("diff \(oldName) → \(newName): explored \(result.pairs) state pairs and \(result.transitions) inputs "
      + "to depth \(result.depthReached)" + (result.truncated ? " (stopped at the state limit)" : "")
      + " in \(result.milliseconds) ms")
    if !result.context.keys.isEmpty {
      Output.line("context sent: " + result.context.keys.map { key in
        "\(key.name) " + key.values.map { "\($0)" }.joined(separator: "|")
      }.joined(separator: ", "))
    }
    if let initial = result.initialDifference { Output.line(initial) }
    for (number, change) in changes.enumerated() {
      Output.line("")
      for line in lines(of: change, number: number + 1) { Output.line(line) }
    }
    for violation in result.violations {
      Output.line("")
      Output.line("\(violation.side == .new ? "invariant violated" : "invariant violated in the old script (note)"): "
        + violation.violation.description)
      let send = violation.side == .new ? newSend : oldSend
      Output.line("   \(send) " + violation.lines.map(\.shellWord).joined(separator: " "))
    }
    Output.line("")
    if isClean {
      Output.line("no behavioural difference to depth \(result.depthReached)")
    } else if differsOnlyBeyondTheCut {
      Output.line(incompleteLine)
    } else {
      var verdict: [String] = []
      if result.initialDifference != nil { verdict.append("the scripts differ from the start") }
      if !changes.isEmpty { verdict.append(changesLine) }
      if result.violations.contains(where: { $0.side == .new }) { verdict.append("the new script violates an invariant") }
      if result.truncated { Output.line(incompleteLine) }
      Output.line(verdict.joined(separator: "; "))
    }
  }

  /// Whether nothing differs in what was compared, and the comparison was cut.
  private var differsOnlyBeyondTheCut: Bool {
    result.truncated && result.initialDifference == nil && groups.isEmpty && !result.violations.contains { $0.side == .new }
  }

  /// The report as JSON: `{"old","new","depth","pairs","transitions","truncated","initialDifference",
  /// "sequences","changes":[{"cause","kind","name","count","differences":[…],"differs":[…]}],
  /// "differences":[{"input","screen","count","change","lines","old":{"outcome","state","events","reports"},"new":{…},
  /// "differs":[…],"reproduce":{"old","new"}}],"violations":[{"side","invariant","reason","lines"}],"complete","clean"}`
  /// (`complete` false: cut at the state limit, and then never `clean`). `changes` come most
  /// affected first, each naming its differences by their positions in `differences` (found
  /// order, the shortest first) and with what differs in its shortest; a difference's `change`
  /// is its change's position.
  func json() -> String {
    func string(_ text: String) -> String { StateJSON.string(text) }
    func list(_ items: [String]) -> String { "[" + items.map(string).joined(separator: ",") + "]" }
    func side(_ outcome: BehaviourDiff.Outcome, _ shape: String, from before: BehaviourDiff.State) -> String {
      "{\"outcome\":\(string(shape)),\"state\":\(StateJSON.render(outcome.after(before))),"
        + "\"events\":\(list(outcome.events.map(\.description))),"
        + "\"reports\":\(list(outcome.otherReports.map(\.description)))}"
    }
    var changeOfGroup: [Int: Int] = [:]
    for (number, change) in changes.enumerated() {
      for offset in change.indices { changeOfGroup[offset] = number }
    }
    let differences = groups.enumerated().map { offset, group in
      let first = group.first
      let lines = first.lines + [first.input]
      let words = lines.map(\.shellWord).joined(separator: " ")
      return "{\"input\":\(string(first.input)),\"screen\":\(string(first.screen)),\"count\":\(group.count),"
        + "\"change\":\(changeOfGroup[offset] ?? -1),"
        + "\"lines\":\(list(lines)),\"old\":\(side(first.old, group.old, from: first.before.old)),"
        + "\"new\":\(side(first.new, group.new, from: first.before.new)),\"differs\":\(list(Self.differs(first))),"
        + "\"reproduce\":{\"old\":\(string(oldSend + " " + words)),\"new\":\(string(newSend + " " + words))}}"
    }
    let changeObjects = changes.map { change in
      "{\"cause\":\(string(change.cause.text)),\"kind\":\(string(change.cause.kind.rawValue)),"
        + "\"name\":\(string(change.cause.name)),\"count\":\(change.count),"
        + "\"differences\":[\(change.indices.map(String.init).joined(separator: ","))],"
        + "\"differs\":\(list(Self.differs(change.first)))}"
    }
    let violations = result.violations.map { violation in
      "{\"side\":\(string(violation.side.rawValue)),\"invariant\":\(string(violation.violation.name)),"
        + "\"reason\":\(string(violation.violation.reason)),\"lines\":\(list(violation.lines))}"
    }
    return "{\"old\":\(string(oldName)),\"new\":\(string(newName)),\"depth\":\(result.depthReached),"
      + "\"pairs\":\(result.pairs),\"transitions\":\(result.transitions),\"truncated\":\(result.truncated),"
      + "\"initialDifference\":\(result.initialDifference.map(string) ?? "null"),"
      + "\"sequences\":\(result.differences.count),\"changes\":[\(changeObjects.joined(separator: ","))],"
      + "\"differences\":[\(differences.joined(separator: ","))],\"violations\":[\(violations.joined(separator: ","))],"
      + "\"complete\":\(!result.truncated),\"clean\":\(isClean)}"
  }
}
