import Foundation
import TabFlowCore
import TabFlowLua
import TabFlowScriptExploration

/// What scenario files exercised of a rule script (`flowscript run --coverage`): which rules ran,
/// how often each guard allowed, rejected and redirected a change, which deep links and `link`
/// patterns opened. Observed from the session after each line — the rule an action line reached,
/// the coordinator's rejections and reports, the URLs opened — never from inside the Lua VM, so
/// it costs a rule call nothing. Lines are counted inside the VM, by a line hook that charges
/// nothing (see ``startLines(in:)``), out of every line holding code in every function the
/// script defines (rules, guards, invariants, helpers) — those that never ran included, read from
/// the compiled script. The top level runs when the script loads, before counting starts, and is
/// not counted.
final class ScenarioCoverage {
  /// One declaration: a rule key, a guard name, a deep link or `link` pattern.
  struct Item: Equatable {
    /// What it is called in the script (`feed.itemTapped`, `auth`, `shop://item/:id`).
    let name: String
    /// The script line that declared it, when known.
    let line: Int?
  }

  /// How often a guard let a line's change through, rejected it (or deferred a link), redirected it.
  struct GuardCounts: Equatable {
    var allowed = 0
    var rejected = 0
    var redirected = 0
    /// Whether the guard was seen to refuse a change: only then was its condition tested.
    var refused: Bool { rejected + redirected > 0 }
  }

  /// The script as the user named it (`scripts/demo.lua`), for `file:line` and lcov's `SF:`.
  let scriptPath: String
  let rules: [Item]
  let guards: [Item]
  let deepLinks: [Item]
  let links: [Item]
  /// How many times each rule ran (parallel to ``rules``).
  private(set) var ruleRuns: [Int]
  /// Each guard's counts (parallel to ``guards``).
  private(set) var guardCounts: [GuardCounts]
  /// How many times each deep link and link opened (parallel to ``deepLinks`` and ``links``).
  private(set) var deepLinkOpens: [Int]
  private(set) var linkOpens: [Int]
  private let deepLinkPatterns: [DeepLinkPattern?]
  private let linkPatterns: [DeepLinkPattern?]
  /// How many times each script line ran, over every session counted (see ``collectLines(from:)``).
  private(set) var lineHits: [Int: Int] = [:]
  /// The lines holding code of the functions that ran, over every session counted.
  private var seenLines: Set<Int> = []
  /// The lines holding code of every function the script defines, whether or not it ran.
  private var functionLines: Set<Int> = []
  /// The script's lines (from the first session counted), to leave out lines that only close a
  /// block (`end`, `end)`): the final return of a function whose every path returns before it.
  private var scriptLines: [Substring]?

  /// Coverage of the script `declarations` describe, named `scriptPath`; each item at the line
  /// the DSL recorded for its declaration.
  init(declarations: ScriptDeclarations, scriptPath: String) {
    self.scriptPath = scriptPath
    func line(_ lines: [Int?], _ index: Int) -> Int? { lines.indices.contains(index) ? lines[index] : nil }
    // An `on_context` rule is a rule too, named as a failure names it (`on_context loggedIn`).
    rules = declarations.rules.enumerated().map { Item(name: $1, line: line(declarations.ruleLines, $0)) }
      + declarations.contextRules.enumerated().map {
        Item(name: Self.contextRuleName($1), line: line(declarations.contextRuleLines, $0))
      }
    guards = declarations.guards.enumerated().map { Item(name: $1, line: line(declarations.guardLines, $0)) }
    deepLinks = declarations.deepLinks.enumerated().map { Item(name: $1, line: line(declarations.deepLinkLines, $0)) }
    links = declarations.links.map { Item(name: $0.pattern, line: $0.line) }
    ruleRuns = Array(repeating: 0, count: rules.count)
    guardCounts = Array(repeating: GuardCounts(), count: guards.count)
    deepLinkOpens = Array(repeating: 0, count: deepLinks.count)
    linkOpens = Array(repeating: 0, count: links.count)
    deepLinkPatterns = declarations.deepLinks.map { try? DeepLinkPattern($0) }
    linkPatterns = declarations.links.map { try? DeepLinkPattern($0.pattern) }
  }

  // MARK: - Recording

  /// Starts counting which script lines run in `session` (a fresh session per scenario file):
  /// call before its first line runs, and ``collectLines(from:)`` after its last.
  func startLines(in session: FlowSession) {
    guard let text = session.startLineCoverage() else { return }
    if scriptLines == nil {
      scriptLines = Self.luaLines(of: text)
      functionLines = session.rules.functionLines(of: text) ?? []
    }
  }

  /// The script's lines as Lua numbers them: `\n`, `\r`, `\r\n` and `\n\r` each end one line
  /// (Swift's `isNewline` also breaks on form feed, U+2028 and others, and splits `\n\r`).
  static func luaLines(of text: String) -> [Substring] {
    var lines: [Substring] = []
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      let byte = text.utf8[index]
      guard byte == 10 || byte == 13 else {
        index = text.utf8.index(after: index)
        continue
      }
      lines.append(text[start..<index])
      var next = text.utf8.index(after: index)
      if next < text.endIndex, text.utf8[next] == (byte == 10 ? 13 : 10) { next = text.utf8.index(after: next) }
      index = next
      start = next
    }
    lines.append(text[start...])
    return lines
  }

  /// Adds the lines counted in `session` since ``startLines(in:)``.
  func collectLines(from session: FlowSession) {
    let counted = session.lineCoverage()
    lineHits.merge(counted.hits, uniquingKeysWith: +)
    seenLines.formUnion(counted.executable)
  }

  /// The name coverage gives the `on_context` rule of `key`.
  static func contextRuleName(_ key: String) -> String { "on_context \(key)" }

  /// Notes what `line`, which ended with `outcome`, exercised in `session`.
  func record(_ line: FlowLine, outcome: LineOutcome, in session: FlowSession) {
    let failed: Bool
    switch outcome {
    case .failed: failed = true
    case .changed, .unchanged: failed = false
    default: return  // expectations, commands, information: nothing ran
    }
    switch line {
    case let .action(_, screen, action, _):
      // A line that failed as input (unknown screen, no such route, a bad payload) never reached
      // a rule; any other failure came from the rule, a guard or the batch it made.
      if !failed || session.lastFailureKind != .input {
        if let index = rules.firstIndex(where: { $0.name == "\(screen).\(action)" })
          ?? rules.firstIndex(where: { $0.name == "*.\(action)" }) {
          ruleRuns[index] += 1
        }
      }
    case let .url(url) where !failed:
      opened(url)
    case .set:
      if let key = session.lastContextRule,
        let index = rules.firstIndex(where: { $0.name == Self.contextRuleName(key) }) {
        ruleRuns[index] += 1
      }
    default:
      break
    }
    recordGuards(line, changed: { if case .changed = outcome { return true } else { return false } }(), in: session)
  }

  /// Counts the guards' answers to `line`: the one that rejected or redirected it, and those before
  /// it (which let the change through); when the line changed the state, every guard that did not
  /// refuse it allowed it.
  private func recordGuards(_ line: FlowLine, changed: Bool, in session: FlowSession) {
    var refusers: [Int] = []
    var rejecters: Set<Int> = []
    var redirecters: Set<Int> = []
    for report in session.lastReports {
      switch report {
      case let .redirected(name, _):
        if let index = guards.firstIndex(where: { $0.name == name }) { redirecters.insert(index); refusers.append(index) }
      case let .linkDeferred(_, name, _):
        if let index = guards.firstIndex(where: { $0.name == name }) { rejecters.insert(index); refusers.append(index) }
      case let .pendingLinkOpened(url):
        opened(url)
      default:
        break
      }
    }
    if let name = session.lastRejectingGuard, let index = guards.firstIndex(where: { $0.name == name }) {
      rejecters.insert(index)
      refusers.append(index)
    }
    for index in redirecters { guardCounts[index].redirected += 1 }
    for index in rejecters.subtracting(redirecters) { guardCounts[index].rejected += 1 }
    // Guards run in declaration order: those before a refusing one let the change through.
    var allowed: Set<Int> = []
    for refuser in refusers { allowed.formUnion(0..<refuser) }
    // A line that changed the state passed every guard (a redirect's batch passes them too);
    // a context change runs guards only when its `on_context` rule ran or it opened a pending link.
    var passedGuards = changed
    if case .set = line {
      passedGuards = changed && (session.lastContextRule != nil
        || session.lastReports.contains { if case .pendingLinkOpened = $0 { true } else { false } })
    }
    if passedGuards { allowed.formUnion(guards.indices) }
    for index in allowed.subtracting(rejecters).subtracting(redirecters) { guardCounts[index].allowed += 1 }
  }

  /// Notes that `url` opened: with the first deep link that matches it, else the first link (the
  /// order the script's deep links are looked up in).
  private func opened(_ url: String) {
    if let index = deepLinkPatterns.firstIndex(where: { $0?.match(url) != nil }) {
      deepLinkOpens[index] += 1
    } else if let index = linkPatterns.firstIndex(where: { $0?.match(url) != nil }) {
      linkOpens[index] += 1
    }
  }

  // MARK: - Figures

  /// Covered and total of one kind of declaration.
  struct Ratio: Equatable {
    let covered: Int
    let total: Int
    /// The percentage, rounded down (so 99.9% is not shown as 100%); 100 when there is nothing.
    var percent: Int { total == 0 ? 100 : covered * 100 / total }
    /// Whether the ratio is below `percent` (compared exactly, not rounded).
    func isBelow(_ minimum: Double) -> Bool { Double(covered) * 100 < minimum * Double(total) }
    var description: String { "\(covered)/\(total) (\(percent)%)" }
  }

  var ruleRatio: Ratio { Ratio(covered: ruleRuns.filter { $0 > 0 }.count, total: rules.count) }
  var guardRatio: Ratio { Ratio(covered: guardCounts.filter(\.refused).count, total: guards.count) }
  var deepLinkRatio: Ratio { Ratio(covered: deepLinkOpens.filter { $0 > 0 }.count, total: deepLinks.count) }
  var linkRatio: Ratio { Ratio(covered: linkOpens.filter { $0 > 0 }.count, total: links.count) }

  /// The executable lines, in order: every line holding code in a function the script defines
  /// (whether or not the function ran) and every line that ran, except a line that only closes
  /// blocks (`end`, `end)`, `}`) and never ran — the implicit return at a function's end,
  /// unreachable when every path returns before it.
  var executableLines: [Int] {
    functionLines.union(seenLines).union(lineHits.keys).filter { line in
      lineHits[line] != nil || !Self.onlyClosesBlocks(line, of: scriptLines)
    }.sorted()
  }

  /// Executable lines that ran, of all of them.
  var lineRatio: Ratio {
    let executable = executableLines
    return Ratio(covered: executable.filter { lineHits[$0] != nil }.count, total: executable.count)
  }

  /// The executable lines that never ran, as ranges of consecutive executable lines:
  /// `12-14, 30` (lines 12, 13, 14 and 30 never ran, line 15 or whatever ran between does not
  /// hold code or ran).
  var linesNotRun: String {
    let executable = executableLines
    var ranges: [(first: Int, last: Int)] = []
    for (index, line) in executable.enumerated() where lineHits[line] == nil {
      // A range continues over the executable lines in between, not over line numbers.
      if let last = ranges.last, index > 0, executable[index - 1] == last.last {
        ranges[ranges.count - 1].last = line
      } else {
        ranges.append((line, line))
      }
    }
    return ranges.map { $0.first == $0.last ? "\($0.first)" : "\($0.first)-\($0.last)" }.joined(separator: ", ")
  }

  /// Whether line `number` (1-based) of `lines` holds nothing but block closers, separators and a
  /// comment: `end`, `end)`, `end,`, `})`.
  private static func onlyClosesBlocks(_ number: Int, of lines: [Substring]?) -> Bool {
    guard let lines, lines.indices.contains(number - 1) else { return false }
    var text = Substring(lines[number - 1])
    if let comment = text.range(of: "--") { text = text[..<comment.lowerBound] }
    let words = text.split(whereSeparator: { " \t),;}".contains($0) })
    return !words.isEmpty && words.allSatisfy { $0 == "end" }
  }

  /// `scripts/demo.lua:25`, or the path alone when the line is unknown.
  private func place(_ item: Item) -> String {
    item.line.map { "\(scriptPath):\($0)" } ?? scriptPath
  }

  // MARK: - Table

  /// The summary printed after the result: the ratios, each guard's counts, and every
  /// declaration not exercised with the place that declared it.
  var table: [String] {
    var lines = [
      "coverage: rules \(ruleRatio.description), guards \(guardRatio.description), "
        + "deep links \(deepLinkRatio.description), links \(linkRatio.description)",
      "lines: \(lineRatio.covered) of \(lineRatio.total) executable lines ran (\(lineRatio.percent)%)"
        + " — the lines of every function the script defines, run or not; its top level runs at load and is not counted",
    ]
    let notRun = linesNotRun
    if !notRun.isEmpty { lines.append("  not run: \(notRun)") }
    if !guards.isEmpty {
      lines.append("guards (allowed / rejected / redirected):")
      for (item, counts) in zip(guards, guardCounts) {
        lines.append("  \(BatchFailure.guardLabel(item.name)): \(counts.allowed) / \(counts.rejected) / \(counts.redirected)")
      }
    }
    func unexercised(_ title: String, _ items: [Item], _ covered: [Bool], label: (String) -> String) {
      let missing = zip(items, covered).filter { !$0.1 }.map(\.0)
      guard !missing.isEmpty else { return }
      lines.append(title)
      for item in missing { lines.append("  \(label(item.name))  \(place(item))") }
    }
    unexercised("rules never run:", rules, ruleRuns.map { $0 > 0 }) { $0 }
    unexercised("guards that never refused:", guards, guardCounts.map(\.refused), label: BatchFailure.guardLabel)
    unexercised("deep links never opened:", deepLinks, deepLinkOpens.map { $0 > 0 }) { $0 }
    unexercised("links never opened:", links, linkOpens.map { $0 > 0 }) { $0 }
    return lines
  }

  // MARK: - lcov

  /// An lcov tracefile: one record for the script, a function per rule, guard, deep link and link
  /// (hits: runs, refusals, opens) at the line that declared it, and a `DA` per executable line
  /// with the times it ran (see ``executableLines``).
  var lcov: String {
    var entries: [(kind: String, item: Item, hits: Int)] = []
    entries += zip(rules, ruleRuns).map { ("rule", $0, $1) }
    entries += zip(guards, guardCounts).map { ("guard", $0, $1.rejected + $1.redirected) }
    entries += zip(deepLinks, deepLinkOpens).map { ("deeplink", $0, $1) }
    entries += zip(links, linkOpens).map { ("link", $0, $1) }
    var out = ["TN:", "SF:\(Self.lcovField(scriptPath))"]
    // lcov splits FN and FNDA at the first comma, and reads a record per line: names keep neither.
    let named = entries.map { (name: Self.lcovField("\($0.kind) \($0.item.name)").replacingOccurrences(of: ",", with: ";"), $0.item.line, $0.hits) }
    for entry in named { out.append("FN:\(entry.1 ?? 0),\(entry.name)") }
    for entry in named { out.append("FNDA:\(entry.2),\(entry.name)") }
    out.append("FNF:\(named.count)")
    out.append("FNH:\(named.filter { $0.2 > 0 }.count)")
    let executable = executableLines
    for line in executable { out.append("DA:\(line),\(lineHits[line] ?? 0)") }
    out.append("LF:\(executable.count)")
    out.append("LH:\(executable.filter { lineHits[$0] != nil }.count)")
    out.append("end_of_record")
    return out.joined(separator: "\n") + "\n"
  }

  /// `text` on one line: line breaks and other control characters become spaces.
  private static func lcovField(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
  }
}
