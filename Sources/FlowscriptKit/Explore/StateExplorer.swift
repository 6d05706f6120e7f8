import Foundation
import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowNavigation
import TabFlowScriptExploration

/// `check --explore`: breadth-first exploration of every state a flow can reach, deduplicated,
/// with the shortest line sequence to each problem — the library's engine
/// (`TabFlowExploration.Exploration`) with the Lua checks (``ScriptChecks``), states told apart
/// by ``StateNumbering`` and each level's states packed while they wait (``FrontierStates``).
struct StateExplorer {
  typealias State = TabCoordinatorState<DynamicScreen>

  let session: FlowSession
  let depth: Int
  let maxStates: Int
  var quiet = false

  /// How many threads explore at once (each steps its own coordinator, on rules of its own);
  /// the report is the same for any number.
  var jobs = ScriptWorkers.defaultCount

  /// Whether the states waiting to be explored are packed (``FrontierStates``); tests compare
  /// explorations with and without.
  var packsFrontier = true

  /// Whether a pending link's retries the guards refused are remembered by the state they ran
  /// in (`Exploration.remembersRefusedRetries`); off only in tests that compare with running them.
  var remembersRefusedRetries = true

  /// Whether the invariants' violations are kept by the selected tab's routes
  /// (``ScriptChecks/selectedRoutesNumber``); off only in tests that compare with asking them
  /// every time.
  var rememberInvariantsByRoutes = true

  /// The start of each reproduction line (`flowscript send SCRIPT`); the script's chunk name when `nil`.
  var sendCommand: String?
  /// Whether the user's reordering of the tabs is explored too (`check --customization`);
  /// hiding and showing `hideable` tabs always is.
  let customization: Bool

  init(
    session: FlowSession, depth: Int, maxStates: Int, quiet: Bool = false, sendCommand: String? = nil,
    customization: Bool = false
  ) {
    self.customization = customization
    self.session = session
    self.sendCommand = sendCommand
    self.depth = depth
    self.maxStates = maxStates
    self.quiet = quiet
  }

  /// Explores from the session's state, with the context keys rules are seen to read added
  /// round by round (``ScriptChecks/explore(rules:workers:customization:rounds:_:)``), and
  /// reports. The session's own state is left as it is.
  func run() -> CheckReport {
    let rules = session.rules
    let initial = session.state
    let workerRules = ScriptWorkers.otherRules(of: session, jobs: jobs)
    let coordinator = TabCoordinator(script: rules)
    let backBehavior = rules.declarations.backBehavior
    let showsProgress = !quiet && Output.showsProgress
    return ScriptChecks.explore(rules: rules, workers: workerRules, customization: customization) { alphabet, checks in
      let start = ContinuousClock.now
      var exploration = checks.exploration(
        coordinator: coordinator, initialState: initial, depth: depth, maxStates: maxStates)
      if showsProgress { exploration.analyses.append { CheckProgress() } }
      exploration.remembersRefusedRetries = remembersRefusedRetries
      var others = workerRules.makeIterator()
      let workers = exploration.workers(
        jobs: workerRules.count + 1, sliceSize: ScriptWorkers.sliceSize,
        parallelThreshold: ScriptWorkers.parallelThreshold
      ) { others.next().map { TabCoordinator(script: $0) } }
      // Keys are made on this thread, as the steps are merged: one numbering for them all.
      let numbering = StateNumbering(includesHistory: backBehavior == .history)
      if rememberInvariantsByRoutes {
        checks.selectedRoutesNumber = { numbering.routesNumber(ofSelectedTabInLastKeyed: $0) }
      }
      let first = exploration.startState
      let frontier = FrontierStates(
        numbering: numbering, template: first, templateKey: numbering.key(of: first), packs: packsFrontier)
      let explored = exploration.run(keying: numbering, frontier: frontier, workers: workers)
      var report = CheckReport()
      report.chunk = session.chunk
      report.sendCommand = sendCommand ?? "flowscript send \(session.chunk.shellWord)"
      report.states = explored.states
      report.transitions = explored.transitions
      report.depthReached = explored.levelsExplored
      report.truncated = explored.truncated
      report.staticOnly = depth == 0
      report.findings = checks.findings
      report.context = alphabet.context
      report.complete = explored.exhaustive
      // One reading of the clock: seconds and fraction from two readings could straddle a second.
      let elapsed = (ContinuousClock.now - start).components
      report.milliseconds = Int(elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000)
      return report
    }
  }
}
