import Foundation
import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowScriptExploration

/// `check --simulate RUNS --depth D [--seed S]`: seeded random walks from the initial state, each
/// up to D inputs long, each input drawn from those `check --explore` would try in the state
/// reached (``ScriptAlphabet``: tab taps, back, the top screen's actions, deep links, context
/// changes), preferring inputs that lead somewhere the walk has not been (``triesPerLine``). It
/// goes far deeper than exhaustive exploration can, but proves nothing: a problem no walk met may
/// still be there.
///
/// States and inputs are values: each input is stepped by the script's coordinator through its
/// pure step (``InputStep``), its failure classified as `check` classifies it, and an input's
/// line is read only for a finding's message or reproduction, when the report prints it.
///
/// Walk `i` draws its inputs from a generator seeded with the seed and `i` alone, and the walks'
/// results are merged in their order, so the report is the same for the same seed whatever
/// `--jobs` (the walks run on the library's ``TabFlowExploration/ExplorationWorkers``, one
/// coordinator and alphabet per thread). Each problem is reported once, with the inputs of the
/// first walk (in order) that met it, up to the one that failed.
struct RandomWalks {
  typealias State = TabCoordinatorState<DynamicScreen>
  typealias Rules = ScriptedRules<DynamicScreen, DynamicAction>
  typealias Input = ScriptAlphabet.Input
  typealias Finding = ScriptChecks.Finding

  /// How many of a state's inputs a walk tries, drawn at random, for one that leads somewhere it
  /// has not been (or fails in a way it has not seen): a walk that only drew would mostly go back
  /// and forth near the start (a tab tap returns to the tab's root).
  static let triesPerLine = 4

  let session: FlowSession
  let runs: Int
  let depth: Int
  let seed: UInt64
  var jobs = ScriptWorkers.defaultCount
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

  /// What a thread walks with: a coordinator of rules of its own (a VM is not thread-safe) and an
  /// alphabet of its own (it keeps the lines it wrote).
  struct Walker {
    let coordinator: InputStep.Coordinator
    let alphabet: ScriptAlphabet
  }

  /// What one walk met.
  struct Walk {
    /// The problems and notes met, in order, each with the walk's inputs up to the one that failed.
    var findings: [Finding] = []
    /// The screens shown in some state of the walk.
    var screens: Set<String> = []
    /// The rules an input of the walk reached (`screen.action`, `*.action`, `on_context key`).
    var rules: Set<String> = []
    /// The first state that showed each screen at the top, and the inputs that led there.
    var firstAtTop: [String: (inputs: [Input], state: State)] = [:]
    /// The inputs the walk tried.
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
    var findings: [Finding] = []
    var screens: (reached: Int, declared: Int, unreached: [String]) = (0, 0, [])
    var rules: (reached: Int, declared: Int, unreached: [String]) = (0, 0, [])
    var sendCommand = ""
    var context = ContextSamples(keys: [])

    var problems: [Finding] { findings.filter { !$0.isNote } }

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
      for finding in findings {
        for line in ScriptChecks.lines(of: finding, sendCommand: sendCommand) { Output.line(line) }
      }
      if problems.isEmpty {
        Output.line("no problem in \(runs) walk\(runs == 1 ? "" : "s") (not exhaustive)", tone: .pass)
      } else {
        Output.line("check failed: \(problems.count) problem(s) in \(runs) walk\(runs == 1 ? "" : "s")", tone: .failure)
      }
    }
  }

  /// Walks, with the context keys rules are seen to read added round by round, as `check`
  /// explores (``ScriptChecks/explore(rules:workers:customization:rounds:_:)``), and reports.
  func run() -> Report {
    let rules = session.rules
    let others = ScriptWorkers.otherRules(of: session, jobs: jobs)
    return ScriptChecks.explore(rules: rules, workers: others, customization: customization) { alphabet, _ in
      walkOnce(alphabet: alphabet, others: others)
    }
  }

  private func walkOnce(alphabet: ScriptAlphabet, others: [Rules]) -> Report {
    let start = ContinuousClock.now
    let rules = session.rules
    let declarations = rules.declarations
    var report = Report()
    report.chunk = session.chunk
    report.runs = runs
    report.depth = depth
    report.seed = seed
    report.sendCommand = sendCommand
    report.context = alphabet.context
    report.findings = DeclarationProblems.findings(declarations, chunk: session.chunk)
    let (context, customization) = (alphabet.context, customization)
    let walkers = ExplorationWorkers(
      Walker(coordinator: TabCoordinator.quiet(script: rules), alphabet: alphabet),
      others: others.map { other in
        Walker(
          coordinator: TabCoordinator.quiet(script: other),
          alphabet: ScriptAlphabet(declarations: declarations, context: context, customization: customization))
      },
      sliceSize: ScriptWorkers.sliceSize, parallelThreshold: ScriptWorkers.parallelThreshold)
    let initial = session.state
    let (seed, depth) = (seed, depth)
    let ruleKeys = Set(declarations.rules)
    var reported = Set<String>()
    var screens = Set<String>()
    var reachedRules = Set<String>()
    var firstAtTop: [String: (inputs: [Input], state: State)] = [:]
    walkers.run(count: runs, working: { number, walker in
      Self.walk(number: number, seed: seed, depth: depth, from: initial, rules: ruleKeys, on: walker)
    }, merging: { _, walk in
      report.lines += walk.lines
      screens.formUnion(walk.screens)
      reachedRules.formUnion(walk.rules)
      for (screen, first) in walk.firstAtTop where firstAtTop[screen] == nil { firstAtTop[screen] = first }
      for finding in walk.findings where reported.insert("\(finding.kind) \(finding.message)").inserted {
        report.findings.append(finding)
      }
      return true
    })
    let missing = ([rules] + others).reduce(into: [String: Set<String>]()) { merged, each in
      merged.merge(each.missingPayloadFields) { $0.union($1) }
    }
    report.findings += Self.payloadFieldFindings(missing, declarations: declarations, firstAtTop: firstAtTop, alphabet: alphabet)
    let screenNames = declarations.screenNames
    report.screens = (screenNames.filter(screens.contains).count, screenNames.count, screenNames.filter { !screens.contains($0) })
    let ruleNames = declarations.rules
    report.rules = (
      ruleNames.filter(reachedRules.contains).count, ruleNames.count, ruleNames.filter { !reachedRules.contains($0) }
    )
    let elapsed = (ContinuousClock.now - start).components
    report.milliseconds = Int(elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000)
    return report
  }

  /// A finding for each payload field a rule read that its action's declared sample lacks
  /// (``DeclarationProblems/payloadFields(_:declarations:)``), reproduced as `check` reproduces
  /// it: the inputs that first showed the action's screen on top (`firstAtTop`), then the action.
  private static func payloadFieldFindings(
    _ missing: [String: Set<String>], declarations: ScriptDeclarations,
    firstAtTop: [String: (inputs: [Input], state: State)], alphabet: ScriptAlphabet
  ) -> [Finding] {
    DeclarationProblems.payloadFields(missing, declarations: declarations).map { problem in
      let first = firstAtTop[problem.screen]
      // The action's input where the screen is on top; a line alone where no walk showed it there.
      let action = first.flatMap { alphabet.inputs(for: $0.state).first { $0.label == problem.line } }
        ?? Input(problem.line, .back, isExplorable: false)
      return Finding(
        kind: FailureKind.payloadField.findingKind, message: problem.message,
        reproduction: ExplorationReproduction(inputs: (first?.inputs ?? []) + [action]))
    }
  }

  /// Walk number `number`: up to `depth` inputs from `initial`, each drawn from the inputs of the
  /// state reached, stepped on `walker`'s coordinator. It stops at a state breaking an invariant
  /// (`send` stops there too).
  private static func walk(
    number: Int, seed: UInt64, depth: Int, from initial: State, rules ruleKeys: Set<String>, on walker: Walker
  ) -> Walk {
    var random = SplitMix64(seed: seed ^ (UInt64(number) &* 0x9E37_79B9_7F4A_7C15))
    let rules = walker.coordinator.rules
    var walk = Walk()
    var state = initial
    var path: [Input] = []
    func found(_ kind: FailureKind, _ message: String, after inputs: [Input]) {
      walk.findings.append(Finding(kind: kind.findingKind, message: message, reproduction: ExplorationReproduction(inputs: inputs)))
    }
    func noteShown(_ state: State) {
      for route in state.selectedStack.routes { walk.screens.insert(route.screen.name) }
      for route in state.appLayer { walk.screens.insert(route.screen.name) }
      let top = state.visibleTop.screen.name
      if walk.firstAtTop[top] == nil { walk.firstAtTop[top] = (path, state) }
    }
    /// Reports the invariants `state` breaks, reached by `path`; whether it breaks any.
    func breaksInvariants(_ state: State) -> Bool {
      let violations = rules.invariantViolations(in: state)
      for violation in violations { found(.invariant, violation.description, after: path) }
      return !violations.isEmpty
    }
    noteShown(state)
    if breaksInvariants(state) { return walk }
    // The states this walk has shown: an input leading back to one of them is taken only when no
    // other of the few tried leads anywhere new.
    var shown = [state]
    // The failures this walk met, each taken once as somewhere new.
    var failed = Set<String>()
    for _ in 0..<depth {
      var choices = walker.alphabet.inputs(for: state)
      guard !choices.isEmpty else { break }
      var input = choices[0]
      var step = InputStep.unchanged
      for attempt in 0..<min(choices.count, Self.triesPerLine) {
        // Drawn without putting back: the inputs not drawn yet are those after `attempt`.
        choices.swapAt(attempt, attempt + Int(random.next() % UInt64(choices.count - attempt)))
        input = choices[attempt]
        step = InputStep(input, from: state, on: walker.coordinator)
        if case let .changed(after) = step, !shown.contains(after) { break }
        if case let .failed(kind, message) = step, kind != .input, !failed.contains("\(kind) \(message)") { break }
      }
      walk.lines += 1
      switch step {
      case .unexplorable:
        found(.unexplorable, "cannot be written in the line language, so it was not explored: \(input.label)", after: path)
        continue
      case let .failed(kind, message):
        guard kind != .input else { continue }
        noteRule(reachedBy: input, from: state, rules: rules, keys: ruleKeys, in: &walk)
        guard failed.insert("\(kind) \(message)").inserted else { continue }
        found(kind, message, after: path + [input])
        if kind == .guardRejection, let question = ScriptStepFailure.blockedQuestion(message) {
          found(.blockReadsAsQuestion, question, after: path + [input])
        }
      case let .changed(after):
        noteRule(reachedBy: input, from: state, rules: rules, keys: ruleKeys, in: &walk)
        path.append(input)
        state = after
        shown.append(state)
        noteShown(state)
        if breaksInvariants(state) { return walk }
      case .unchanged:
        noteRule(reachedBy: input, from: state, rules: rules, keys: ruleKeys, in: &walk)
      }
    }
    return walk
  }

  /// Notes the rule `input` reached from `state`: a screen action's (`screen.action`, else
  /// `*.action`), or, for a context value that changes, the key's `on_context` rule.
  private static func noteRule(
    reachedBy input: Input, from state: State, rules: Rules, keys: Set<String>, in walk: inout Walk
  ) {
    switch input.action {
    case let .router(.routeAction(id, action)):
      guard let screen = state.routeContext(for: id)?.screen.name else { return }
      let specific = "\(screen).\(action.name)"
      if keys.contains(specific) {
        walk.rules.insert(specific)
      } else if keys.contains("*.\(action.name)") {
        walk.rules.insert("*.\(action.name)")
      }
    case let .setContext(key, value):
      if state.context[key] != value, rules.reacts(toContext: key) {
        walk.rules.insert(ScenarioCoverage.contextRuleName(key))
      }
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
