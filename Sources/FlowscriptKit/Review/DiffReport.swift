import TabFlow

/// What `flowscript diff` prints: the differences of a ``BehaviourDiff`` grouped by the first
/// transition that differs — the input, the screen it was sent from and what it did on each side —
/// shortest reproduction first, each group with the `flowscript send` lines for both scripts.
struct DiffReport {
  /// Differences that are one change of behaviour: the same input from the same screen, doing
  /// the same thing on each side (told by ``BehaviourDiff/Outcome`` shapes, not by payloads).
  struct Group {
    let first: BehaviourDiff.Difference
    var count: Int
    let old: String
    let new: String
  }

  let result: BehaviourDiff.Result
  let oldName: String
  let newName: String
  /// `flowscript send OLD` and `flowscript send NEW`, with the options the diff ran with.
  let oldSend: String
  let newSend: String
  let groups: [Group]

  init(_ result: BehaviourDiff.Result, oldName: String, newName: String, oldSend: String, newSend: String) {
    self.result = result
    self.oldName = oldName
    self.newName = newName
    self.oldSend = oldSend
    self.newSend = newSend
    var groups: [Group] = []
    var index: [String: Int] = [:]
    // The differences come breadth first: each group's first is its shortest.
    for difference in result.differences {
      let old = Self.shape(difference.old, from: difference.before.old)
      let new = Self.shape(difference.new, from: difference.before.new)
      let key = [difference.screen, difference.input, old, new].joined(separator: "\u{1}")
      if let known = index[key] {
        groups[known].count += 1
      } else {
        index[key] = groups.count
        groups.append(Group(first: difference, count: 1, old: old, new: new))
      }
    }
    self.groups = groups
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
    case let .changed(after):
      // What the user sees: the app layer over the selected tab.
      let top = after.visibleTop
      let change = StateExplorer.visibleDepth(after) - StateExplorer.visibleDepth(before)
      let over = after.isAppLayerPresented ? " over the tabs" : ""
      text = "shows \(top.screen.name)" + (top.style == .root ? "" : " (\(top.style)\(over))")
        + (after.selectedTab == before.selectedTab ? "" : " in tab \(after.selectedTab)")
        + (change == 0 ? "" : ", depth \(change > 0 ? "+" : "")\(change)")
      if after.selectedTab == before.selectedTab, change == 0, top.screen == before.visibleTop.screen {
        text = "changes the state (top \(top.screen.name) stays)"
      }
    }
    if !outcome.events.isEmpty { text += "; emits " + outcome.events.map(\.description).joined(separator: ", ") }
    let reports = outcome.otherReports
    if !reports.isEmpty { text += "; reports " + reports.map(\.description).joined(separator: ", ") }
    return text
  }

  /// The full outcome: the shape and the state after it.
  private static func detail(_ outcome: BehaviourDiff.Outcome, from before: BehaviourDiff.State) -> String {
    if case let .failed(kind, message) = outcome.kind, !kind.isNote, kind != .input {
      return message.split(separator: "\n").first.map(String.init) ?? message
    }
    return BehaviourDiff.summary(of: outcome.after(before))
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
    for (number, group) in groups.enumerated() {
      let first = group.first
      let sequences = group.count == 1 ? "" : " (\(group.count) sequences; the shortest)"
      Output.line("")
      Output.line("\(number + 1). '\(first.input)' on \(first.screen)\(sequences)")
      Output.line("   old: \(group.old)")
      Output.line("        \(Self.detail(first.old, from: first.before.old))")
      Output.line("   new: \(group.new)")
      Output.line("        \(Self.detail(first.new, from: first.before.new))")
      let lines = (first.lines + [first.input]).map(StateExplorer.Report.shellWord).joined(separator: " ")
      Output.line("   \(oldSend) \(lines)")
      Output.line("   \(newSend) \(lines)")
    }
    for violation in result.violations {
      Output.line("")
      Output.line("\(violation.side == .new ? "invariant violated" : "invariant violated in the old script (note)"): "
        + violation.violation.description)
      let send = violation.side == .new ? newSend : oldSend
      Output.line("   \(send) " + violation.lines.map(StateExplorer.Report.shellWord).joined(separator: " "))
    }
    Output.line("")
    if isClean {
      Output.line("no behavioural difference to depth \(result.depthReached)")
    } else if differsOnlyBeyondTheCut {
      Output.line(incompleteLine)
    } else {
      let differences = result.differences.count
      var verdict: [String] = []
      if result.initialDifference != nil { verdict.append("the scripts differ from the start") }
      if differences > 0 {
        verdict.append(
          "\(differences) input sequence\(differences == 1 ? " behaves" : "s behave") differently, in \(groups.count) "
            + "change\(groups.count == 1 ? "" : "s")")
      }
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
  /// "differences":[{"input","screen","count","lines","old":{"outcome","state","events","reports"},"new":{…},
  /// "reproduce":{"old","new"}}],"violations":[{"side","invariant","reason","lines"}],"complete","clean"}`
  /// (`complete` false: cut at the state limit, and then never `clean`).
  func json() -> String {
    func string(_ text: String) -> String { StateJSON.string(text) }
    func list(_ items: [String]) -> String { "[" + items.map(string).joined(separator: ",") + "]" }
    func side(_ outcome: BehaviourDiff.Outcome, _ shape: String, from before: BehaviourDiff.State) -> String {
      "{\"outcome\":\(string(shape)),\"state\":\(StateJSON.render(outcome.after(before))),"
        + "\"events\":\(list(outcome.events.map(\.description))),"
        + "\"reports\":\(list(outcome.otherReports.map(\.description)))}"
    }
    let differences = groups.map { group in
      let first = group.first
      let lines = first.lines + [first.input]
      let words = lines.map(StateExplorer.Report.shellWord).joined(separator: " ")
      return "{\"input\":\(string(first.input)),\"screen\":\(string(first.screen)),\"count\":\(group.count),"
        + "\"lines\":\(list(lines)),\"old\":\(side(first.old, group.old, from: first.before.old)),"
        + "\"new\":\(side(first.new, group.new, from: first.before.new)),"
        + "\"reproduce\":{\"old\":\(string(oldSend + " " + words)),\"new\":\(string(newSend + " " + words))}}"
    }
    let violations = result.violations.map { violation in
      "{\"side\":\(string(violation.side.rawValue)),\"invariant\":\(string(violation.violation.name)),"
        + "\"reason\":\(string(violation.violation.reason)),\"lines\":\(list(violation.lines))}"
    }
    return "{\"old\":\(string(oldName)),\"new\":\(string(newName)),\"depth\":\(result.depthReached),"
      + "\"pairs\":\(result.pairs),\"transitions\":\(result.transitions),\"truncated\":\(result.truncated),"
      + "\"initialDifference\":\(result.initialDifference.map(string) ?? "null"),"
      + "\"differences\":[\(differences.joined(separator: ","))],\"violations\":[\(violations.joined(separator: ","))],"
      + "\"complete\":\(!result.truncated),\"clean\":\(isClean)}"
  }
}
