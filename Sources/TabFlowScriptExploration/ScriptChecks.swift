import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowNavigation

/// `flowscript check`'s findings as analyses of an ``Exploration`` of a Lua script's coordinator
/// with a ``ScriptAlphabet``: failed steps by kind (rule errors, invalid commands, guard errors,
/// redirect loops, guards' rejections and questions as notes), inputs that cannot be written,
/// broken script invariants (a state breaking one is not explored on), traps, deferred links
/// that never open, links that do not round-trip, payload fields no sample has, actions no rule
/// handles, link parameters no URL carries, unreached screens, covers without a way back.
///
/// ```swift
/// let rules = try ScriptedRules<DynamicScreen, DynamicAction>(contentsOfFile: "shop.lua")
/// let checks = ScriptChecks(rules: rules, alphabet: ScriptAlphabet(declarations: rules.declarations))
/// _ = checks.exploration(coordinator: TabCoordinator(script: rules), initialState: try rules.initialState(), depth: 5).run()
/// for finding in checks.findings { print(ScriptChecks.lines(of: finding, sendCommand: "flowscript send shop.lua")) }
/// ```
///
/// ``findings`` are `check`'s, in its order, each once (the first met breadth first, with the
/// shortest reproduction). An exploration made by ``exploration(coordinator:initialState:depth:maxStates:)``
/// runs none of the engine's built-in analyses, which tell some of the same problems under other
/// kinds; one made otherwise with ``analyses`` may (``ExplorationMode/runsBuiltInAnalyses``). Each finding's kind is
/// named as `check` prints it (``FailureKind/label``; `unreached`, `not reached within depth N
/// (note)`, `no way back`), and its reproduction's labels are `flowscript send` lines.
///
/// The checks read the rules while the exploration runs (the context keys and payload fields
/// rules read): the exploration must step coordinators of these `rules` and of the `workers`'
/// rules given (one per thread: a VM is not thread-safe), and note each step with
/// ``noteStep(_:guardErrors:_:)`` (a guard's error is counted by the rules that ran it, so only
/// the thread that stepped can tell it). ``exploration(coordinator:initialState:depth:maxStates:)``
/// sets all that. Exploring turns on the rules' watch of what they read and their memo of rule
/// answers, as `check` does.
public final class ScriptChecks {
  /// A state of a script's coordinator.
  public typealias State = TabCoordinatorState<DynamicScreen>
  /// A finding.
  public typealias Finding = ExplorationFinding<DynamicScreen, DynamicAction>

  let rules: ScriptedRules<DynamicScreen, DynamicAction>
  /// The rules of the other threads' coordinators, which read as `rules` do.
  let workers: [ScriptedRules<DynamicScreen, DynamicAction>]
  let alphabet: ScriptAlphabet
  /// The run the analyses made last share (made with them). Internal, not private: a test
  /// gives the engine the analyses one by one, sharing a run it sets here.
  var run: ScriptCheckRun?
  /// A number for the routes of a state's selected tab, equal for routes a script cannot tell
  /// apart (the same screens, styles and states, in order), or `nil` when it has none for the
  /// state: with it, the invariants that read nothing but the selected tab's stack are asked once
  /// per number, not once per state (`check` takes the number from its states' keys). `nil`:
  /// they are asked in every state.
  public var selectedRoutesNumber: ((State) -> Int?)?
  /// Whether the explorations these checks run note each step with ``noteStep(_:guardErrors:_:)``
  /// (those ``exploration(coordinator:initialState:depth:maxStates:)`` makes do): a step without
  /// a note then did not fail, and the analyses need not ask its delegates again.
  var notesSteps = false

  /// Checks of an exploration of `rules` with `alphabet`; `workers` are the rules of the
  /// coordinators that step on other threads (copies of `rules`' script, one per thread).
  public init(
    rules: ScriptedRules<DynamicScreen, DynamicAction>, alphabet: ScriptAlphabet,
    workers: [ScriptedRules<DynamicScreen, DynamicAction>] = []
  ) {
    self.rules = rules
    self.workers = workers
    self.alphabet = alphabet
    for each in [rules] + workers {
      each.remembersRuleAnswers = true
      try? each.watchReads()
    }
  }

  /// An exploration of `coordinator` (of ``rules``) from `initialState` with these checks: the
  /// alphabet's inputs, the checks' analyses only (not the engine's built-in ones, which tell the
  /// same problems otherwise), steps noted by ``noteStep(_:guardErrors:_:)``, screens named by
  /// their names.
  /// Its workers' coordinators must be of the `workers` rules the checks were given.
  public func exploration(
    coordinator: TabCoordinator<ScriptedRules<DynamicScreen, DynamicAction>>, initialState: State, depth: Int,
    maxStates: Int = 1_000_000
  ) -> Exploration<ScriptedRules<DynamicScreen, DynamicAction>> {
    var exploration = Exploration(
      coordinator: coordinator, initialState: initialState, depth: depth, maxStates: maxStates, screenName: { $0.name },
      analyses: analyses, inputs: alphabet.inputs(for:))
    exploration.mode.runsBuiltInAnalyses = false
    exploration.noteStep = (start: { $0.guardErrorCount }, end: Self.noteStep)
    // A refused retry recalled is charged to the action's budget as the retry was.
    exploration.retryCost = (mark: { $0.callMark }, charge: { $0.chargeRecalledCalls($1) })
    notesSteps = true
    return exploration
  }

  /// How a step of a coordinator of `rules` that discarded `delegates` failed (a
  /// ``ScriptStepFailure``), if it did — `guardErrors` is the rules' guard error count before it
  /// — and whether it moves: a failed step moves nowhere, as `flowscript send` and `run` stop at
  /// a failed line, even when a guard failed after the line's change was made. For
  /// ``Exploration/noteStep`` (with the count as its mark): it runs on the thread that stepped,
  /// whose rules alone counted the errors.
  public static func noteStep(
    _ rules: ScriptedRules<DynamicScreen, DynamicAction>, guardErrors: Int, _ delegates: [TabCoordinatorDelegate<DynamicScreen>]
  ) -> (note: (any Sendable)?, moves: Bool) {
    let guardFailed = rules.guardErrorCount != guardErrors
    // Most steps fail in no way: told from the delegates' cases alone, without making a failure
    // (which copies each delegate, and a guard's error, to find there is none).
    if !guardFailed, delegates.allSatisfy({ if case .report = $0 { true } else { false } }) { return (nil, true) }
    // The guard's error is read only when one failed: reading it copies its strings.
    let failure = ScriptStepFailure(delegates, guardFailed: guardFailed, guardError: guardFailed ? rules.lastGuardError : nil)
    return (failure, failure == nil)
  }

  /// The analyses, for ``Exploration/analyses``: made afresh for each run, sharing what they learn
  /// of each step (how it failed, the user's moves). One analysis that hands each call on to each
  /// of `check`'s, in order (``ScriptCheckAnalyses``).
  public var analyses: [() -> any ExplorationAnalysis<DynamicScreen, DynamicAction>] {
    [
      // Strong: the exploration holding the factory keeps the checks (none holds it).
      {
        let run = ScriptCheckRun(rules: self.rules, workers: self.workers, alphabet: self.alphabet)
        run.selectedRoutesNumber = self.selectedRoutesNumber
        run.stepsNoted = self.notesSteps
        self.run = run
        return ScriptCheckAnalyses(run)
      }
    ]
  }

  /// The last run's findings, in `check`'s order: the declarations' problems, then what the
  /// exploration met (invariants, inputs that cannot be written, failed steps) in the order met,
  /// deferred links that never open, links that do not round-trip, traps, payload fields,
  /// unreached screens, covers without a way back.
  public var findings: [Finding] {
    run?.collected.sorted { ($0.phase, $0.order) < ($1.phase, $1.order) }.map(\.finding) ?? []
  }

  /// The problems among ``findings`` (not notes).
  public var problems: [Finding] { findings.filter { !$0.isNote } }

  /// The context keys rules read so far that their context lacked: the keys `check` adds to the
  /// alphabet for its next round (``ScriptAlphabet/init(declarations:contextKeysRead:customization:)``).
  public var contextKeysRead: Set<String> { workers.reduce(rules.contextKeysRead) { $0.union($1.contextKeysRead) } }

  /// Runs `explore` as `check` runs its explorations: with the alphabet of `rules`' declarations
  /// and the context keys rules were seen to read, then again with the keys it saw read that the
  /// alphabet lacked (as flags), while it sees new ones — a key read only behind another key's
  /// value is found on the next round — at most `rounds` times. Each round gets a fresh
  /// alphabet and checks on the same rules; the last round's result is returned.
  ///
  /// ```swift
  /// let rules = try ScriptedRules<DynamicScreen, DynamicAction>(contentsOfFile: "shop.lua")
  /// let initial = try rules.initialState()
  /// let findings = ScriptChecks.explore(rules: rules) { _, checks in
  ///   _ = checks.exploration(coordinator: TabCoordinator(script: rules), initialState: initial, depth: 5).run()
  ///   return checks.findings
  /// }
  /// ```
  ///
  /// `workers` are the rules of the coordinators that step on other threads (see
  /// ``init(rules:alphabet:workers:)``): what they read counts too.
  public static func explore<Result>(
    rules: ScriptedRules<DynamicScreen, DynamicAction>, workers: [ScriptedRules<DynamicScreen, DynamicAction>] = [],
    customization: Bool = false, rounds: Int = 4, _ explore: (ScriptAlphabet, ScriptChecks) -> Result
  ) -> Result {
    let declarations = rules.declarations
    let start = ContextSamples(declarations: declarations, read: rules.contextKeysRead)
    return ContextSamples.exploring(from: start, declarations: [declarations], rounds: rounds) { samples in
      let alphabet = ScriptAlphabet(declarations: declarations, context: samples, customization: customization)
      let checks = ScriptChecks(rules: rules, alphabet: alphabet, workers: workers)
      let result = explore(alphabet, checks)
      return (result, checks.contextKeysRead)
    }
  }

  /// The lines `flowscript check` prints for `finding`: its kind's label and its message, and,
  /// for a finding about a state, the `flowscript send` command (`sendCommand`, e.g.
  /// `flowscript send shop.lua`) with the lines that reproduce it.
  public func lines(of finding: Finding, sendCommand: String) -> [String] {
    Self.lines(of: finding, sendCommand: sendCommand)
  }

  /// The lines `flowscript check` prints for `finding` (see ``lines(of:sendCommand:)``).
  public static func lines(of finding: Finding, sendCommand: String) -> [String] {
    let first = "\(finding.kind.name): \(finding.message)"
    guard !Self.statelessKinds.contains(finding.kind.name), !finding.kind.name.hasPrefix(Self.notReachedPrefix) else {
      return [first]
    }
    return [first, "  reproduce: \(sendCommand) " + finding.reproduction.labels.map(Self.quoted).joined(separator: " ")]
  }

  /// `text` as one shell word in single quotes (a `'` in it written `'\''`).
  package static func quoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }

  /// How the name of a ``ScriptFindingKinds/notReached(withinDepth:)`` kind starts.
  private static let notReachedPrefix = "not reached within depth "
  /// The kinds of findings about no state: no reproduction is printed.
  private static let statelessKinds: Set<String> = [
    FailureKind.linkParameter.label, FailureKind.unhandledAction.label, ScriptFindingKinds.unreached.name,
  ]
}
