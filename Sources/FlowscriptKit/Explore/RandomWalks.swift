import Foundation
import TabFlowCore
import TabFlowLua
import TabFlowScriptExploration

/// `check --simulate RUNS --depth D [--seed S]`: seeded random walks from the initial state, each
/// up to D lines long, each line drawn from the inputs `check --explore` would try in the state
/// reached (tab taps, back, the top screen's actions, deep links, context changes), preferring
/// lines that lead somewhere the walk has not been (``triesPerLine``). It goes far deeper than
/// exhaustive exploration can, but proves nothing: a problem no walk met may still be there.
///
/// Walk `i` draws its lines from a generator seeded with the seed and `i` alone, and the walks'
/// results are merged in their order, so the report is the same for the same seed whatever
/// `--jobs`. Each problem is reported once, with the lines of the first walk (in order) that met
/// it, up to the line that failed.
struct RandomWalks {
  typealias State = TabCoordinatorState<DynamicScreen>

  /// How many of a state's lines a walk tries, drawn at random, for one that leads somewhere it
  /// has not been (or fails in a way it has not seen): a walk that only drew would mostly go back and forth near the
  /// start (a tab tap returns to the tab's root).
  static let triesPerLine = 4

  let session: FlowSession
  let runs: Int
  let depth: Int
  let seed: UInt64
  var jobs = ExplorationWorkers.defaultCount
  /// The start of each reproduction line (`flowscript send SCRIPT`).
  var sendCommand: String
  let customization: Bool

  init(session: FlowSession, runs: Int, depth: Int, seed: UInt64, sendCommand: String, customization: Bool = false) {
    self.session = session
    self.runs = runs
    self.depth = depth
    self.seed = seed
    self.sendCommand = sendCommand
    self.customization = customization
  }

  /// What one walk met.
  struct Walk: Sendable {
    /// The problems and notes met, in order, each with the walk's lines up to the one that failed.
    var findings: [StateExplorer.Finding] = []
    /// The screens shown in some state of the walk.
    var screens: Set<String> = []
    /// The rules a line of the walk reached (`screen.action`, `*.action`, `on_context key`).
    var rules: Set<String> = []
    /// The lines that first showed each screen at the top.
    var firstAtTop: [String: [String]] = [:]
    /// The lines the walk ran.
    var lines = 0
  }

  /// What all the walks met.
  struct Report {
    var chunk = ""
    var runs = 0
    var depth = 0
    var seed: UInt64 = 0
    var lines = 0
    var milliseconds = 0
    var findings: [StateExplorer.Finding] = []
    var screens: (reached: Int, declared: Int, unreached: [String]) = (0, 0, [])
    var rules: (reached: Int, declared: Int, unreached: [String]) = (0, 0, [])
    var sendCommand = ""
    var context = ContextSamples(keys: [])

    var problems: [StateExplorer.Finding] { findings.filter { !$0.kind.isNote } }

    func print() {
      Output.line("\(chunk): \(runs) random walk\(runs == 1 ? "" : "s") of up to \(depth) lines (seed \(seed)), "
        + "\(lines) lines in \(milliseconds) ms")
      Output.line("coverage: \(screens.reached) of \(screens.declared) screens shown, \(rules.reached) of \(rules.declared) rules run")
      if !screens.unreached.isEmpty {
        Output.line("  never shown: " + screens.unreached.joined(separator: ", "))
      }
      if !rules.unreached.isEmpty {
        Output.line("  never run: " + rules.unreached.joined(separator: ", "))
      }
      for finding in findings { StateExplorer.Report.print(finding, sendCommand: sendCommand) }
      if problems.isEmpty {
        Output.line("no problem in \(runs) walk\(runs == 1 ? "" : "s") (not exhaustive)", tone: .pass)
      } else {
        Output.line("check failed: \(problems.count) problem(s) in \(runs) walk\(runs == 1 ? "" : "s")", tone: .failure)
      }
    }
  }

  /// Walks, with the context keys rules are seen to read added round by round (as `check`
  /// explores), and reports.
  func run() -> Report {
    let declarations = session.rules.declarations
    let initialContext = ContextSamples(declarations: declarations, read: session.rules.contextKeysRead)
    return ContextSamples.exploring(from: initialContext, declarations: [declarations]) { samples in
      walkOnce(context: samples)
    }
  }

  private func walkOnce(context: ContextSamples) -> (result: Report, read: Set<String>) {
    let start = ContinuousClock.now
    session.isExploring = true
    defer { session.isExploring = false }
    let declarations = session.rules.declarations
    var report = Report()
    report.chunk = session.chunk
    report.runs = runs
    report.depth = depth
    report.seed = seed
    report.sendCommand = sendCommand
    report.context = context
    report.findings = StateExplorer.declarationFindings(declarations, chunk: session.chunk)
    let workers = ExplorationWorkers(session: session, count: jobs)
    let initial = session.state
    let inputs = StateExplorer.Inputs(declarations: declarations, context: context, customization: customization)
    let (seed, depth) = (seed, depth)
    let ruleKeys = Set(declarations.rules)
    var reported = Set<String>()
    var screens = Set<String>()
    var rules = Set<String>()
    var firstAtTop: [String: [String]] = [:]
    workers.run(count: runs, working: { walk, session in
      Self.walk(number: walk, seed: seed, depth: depth, from: initial, inputs: inputs, rules: ruleKeys, in: session)
    }, merging: { _, walk in
      report.lines += walk.lines
      screens.formUnion(walk.screens)
      rules.formUnion(walk.rules)
      for (screen, lines) in walk.firstAtTop where firstAtTop[screen] == nil { firstAtTop[screen] = lines }
      for finding in walk.findings where reported.insert("\(finding.kind) \(finding.message)").inserted {
        report.findings.append(finding)
      }
      return true
    })
    session.load(initial)
    report.findings += StateExplorer.payloadFieldFindings(
      workers.missingPayloadFields, declarations: declarations, firstAtTop: firstAtTop)
    let screenNames = declarations.screenNames
    report.screens = (screenNames.filter(screens.contains).count, screenNames.count, screenNames.filter { !screens.contains($0) })
    let ruleNames = declarations.rules
    report.rules = (ruleNames.filter(rules.contains).count, ruleNames.count, ruleNames.filter { !rules.contains($0) })
    let elapsed = (ContinuousClock.now - start).components
    report.milliseconds = Int(elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000)
    return (report, workers.contextKeysRead)
  }

  /// Walk number `number`: up to `depth` lines from `initial`, each drawn from the inputs of the
  /// state reached, run in `session`. It stops at a state breaking an invariant (`send` stops
  /// there too).
  private static func walk(
    number: Int, seed: UInt64, depth: Int, from initial: State, inputs template: StateExplorer.Inputs,
    rules ruleKeys: Set<String>, in session: FlowSession
  ) -> Walk {
    var random = SplitMix64(seed: seed ^ (UInt64(number) &* 0x9E37_79B9_7F4A_7C15))
    var inputs = template
    var walk = Walk()
    var state = initial
    var lines: [String] = []
    func noteShown(_ state: State) {
      for route in state.selectedStack.routes { walk.screens.insert(route.screen.name) }
      for route in state.appLayer { walk.screens.insert(route.screen.name) }
      let top = state.visibleTop.screen.name
      if walk.firstAtTop[top] == nil { walk.firstAtTop[top] = lines }
    }
    /// Reports the invariants `state` breaks, reached by `lines`; whether it breaks any.
    func breaksInvariants(_ state: State) -> Bool {
      let violations = session.rules.invariantViolations(in: state)
      for violation in violations {
        walk.findings.append(StateExplorer.Finding(kind: .invariant, message: violation.description, lines: lines))
      }
      return !violations.isEmpty
    }
    noteShown(state)
    if breaksInvariants(state) { return walk }
    // The states this walk has shown: a line leading back to one of them is taken only when no
    // other of the few tried leads anywhere new.
    var shown = [state]
    // The failures this walk met, each taken once as somewhere new.
    var failed = Set<String>()
    for _ in 0..<depth {
      var choices = inputs.lines(for: state)
      guard !choices.isEmpty else { break }
      var input = choices[0]
      var step = ExplorationWorkers.Step.unchanged
      for attempt in 0..<min(choices.count, Self.triesPerLine) {
        // Drawn without putting back: the lines not drawn yet are those after `attempt`.
        choices.swapAt(attempt, attempt + Int(random.next() % UInt64(choices.count - attempt)))
        input = choices[attempt]
        step = ExplorationWorkers.step(input, from: state, in: session)
        if case let .changed(after) = step, !shown.contains(after.state) { break }
        if case let .failed(kind, message) = step, kind != .input, !failed.contains("\(kind) \(message)") { break }
      }
      walk.lines += 1
      switch step {
      case .unexplorable:
        walk.findings.append(StateExplorer.Finding(
          kind: .unexplorable, message: "cannot be written in the line language, so it was not explored: \(input.text)",
          lines: lines))
        continue
      case let .failed(kind, message):
        noteRule(input.line, reached: kind != .input, rules: ruleKeys, session: session, in: &walk)
        guard kind != .input, failed.insert("\(kind) \(message)").inserted else { continue }
        walk.findings.append(StateExplorer.Finding(kind: kind, message: message, lines: lines + [input.text]))
        if kind == .guardRejection, let question = ScriptStepFailure.blockedQuestion(message) {
          walk.findings.append(StateExplorer.Finding(kind: .blockReadsAsQuestion, message: question, lines: lines + [input.text]))
        }
      case let .changed(after):
        noteRule(input.line, reached: true, rules: ruleKeys, session: session, in: &walk)
        lines.append(input.text)
        state = after.state
        shown.append(state)
        noteShown(state)
        if breaksInvariants(state) { return walk }
      case .unchanged:
        noteRule(input.line, reached: true, rules: ruleKeys, session: session, in: &walk)
      }
    }
    return walk
  }

  /// Notes the rule `line` reached: an action's (`screen.action`, else `*.action`), or a context
  /// key's `on_context` rule.
  private static func noteRule(
    _ line: FlowLine?, reached: Bool, rules keys: Set<String>, session: FlowSession, in walk: inout Walk
  ) {
    guard reached else { return }
    switch line {
    case let .action(_, screen, action, _)?:
      let specific = "\(screen).\(action)"
      if keys.contains(specific) {
        walk.rules.insert(specific)
      } else if keys.contains("*.\(action)") {
        walk.rules.insert("*.\(action)")
      }
    case .set?:
      if let key = session.lastContextRule { walk.rules.insert(ScenarioCoverage.contextRuleName(key)) }
    default:
      break
    }
  }
}

/// SplitMix64: a small, fast generator whose every output depends only on its seed and how many
/// came before — the same walks on every machine and run.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// SplitMix64's finaliser: every bit of `value` moves about half the bits of the result.
  static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
