import Logging
import TabFlowCore
import TabFlowNavigation

/// Explores the states of a coordinator breadth first, through its pure step
/// (``/TabFlowCore/TabCoordinator/step(_:state:)``), and reports what its analyses find: failed
/// batches, guard rejections (notes), broken invariants, traps, unreached screens, and any
/// analysis of the app's own.
///
/// It works with any rules — Swift (`ClosureRules`, a type of the app's) or Lua — and needs
/// neither a store nor TabFlow's runtime, so an app's unit test calls it on its own coordinator:
///
/// ```swift
/// let report = Exploration(
///   coordinator: TabCoordinator(rules: ShopRules(), guards: [auth], deepLinks: links),
///   initialState: try ShopApp.initialState(),
///   depth: 6,
///   invariants: [StateInvariant("one cover at most") { state in … }],
///   alphabet: ExplorationAlphabet(urls: ["shop://item/1"]) { screen in … }
/// ).run()
/// #expect(report.outcome == .passed, "\(report.text)")
/// ```
///
/// States and inputs are values; a label is read only to write a report. Each state reached is
/// kept as a 64-bit fingerprint that ignores route IDs, with its parent's index and the position
/// of the input that led from there (a reproduction is rebuilt by replaying those positions from
/// the initial state, so ``inputs`` must give the same list for the same state). The states still
/// to explore — one level at a time — are kept whole, unless the caller's store packs them
/// (``run(keying:frontier:workers:)``, which also takes the caller's keys and threads).
public struct Exploration<Rules: NavigationRules> where Rules.Screen: Hashable {
  /// The coordinator's screen type.
  public typealias Screen = Rules.Screen
  /// The screens' action type.
  public typealias ScreenAction = Rules.ScreenAction
  /// The coordinator's state.
  public typealias State = TabCoordinatorState<Screen>
  /// An input.
  public typealias Input = ExplorationInput<Screen, ScreenAction>

  /// The coordinator explored: its rules, guards and deep links.
  public var coordinator: TabCoordinator<Rules>
  /// Where exploring starts. Its routes are given fresh IDs, so that every run (and every replay)
  /// numbers routes the same way.
  public var initialState: State
  /// The inputs to try from a state, in order; the same list for the same state (a
  /// reproduction replays positions in it).
  public var inputs: (State) -> [Input]
  /// The most inputs from the initial state: states at that depth are reached but not explored.
  public var depth: Int
  /// The most states to reach; an exploration cut there is ``ExplorationReport/Outcome/incomplete``.
  public var maxStates: Int
  /// Properties every state must have.
  public var invariants: [StateInvariant<Screen>]
  /// The names of the screens the app expects to be shown (an empty list: none checked).
  public var expectedScreens: [String]
  /// How a screen is named in ``expectedScreens`` and in reports (the enum case by default).
  public var screenName: (Screen) -> String
  /// Analyses of the app's own, run after the built-in ones: each made afresh for a run.
  public var analyses: [() -> any ExplorationAnalysis<Screen, ScreenAction>]
  /// How the limits are treated and whether the built-in analyses run (a check's by default).
  public var mode = ExplorationMode.check
  /// Watches each step on the thread that runs it, given the rules of the coordinator that runs
  /// it (each worker has its own): `start` reads a mark of them just before the step (a count of
  /// errors), and `end`, given the mark again and the step's delegates just after it, returns a
  /// note for the analyses (``TriedInput/note``) — what the delegates do not tell, such as a Lua
  /// guard's error, which only the rules that ran it count — and whether the step moves: `false`
  /// leaves the state as it was before the step (the input moves nowhere). `nil` (the default):
  /// every step moves, with no note.
  public var noteStep: NoteStep?

  /// The type of ``noteStep``. The rules are all it is given, so that calling it copies no state
  /// or coordinator.
  public typealias NoteStep = (start: (_ rules: Rules) -> Int, end: NoteStepEnd)

  /// The type of ``noteStep``'s `end`.
  public typealias NoteStepEnd = (
    _ rules: Rules, _ mark: Int, _ delegates: [TabCoordinatorDelegate<Screen>]
  ) -> (note: (any Sendable)?, moves: Bool)

  /// Whether the pending link's retries the guards refused are remembered by the state they ran
  /// in, and refused again without running in the same state (``RefusedRetryMemo``), on the
  /// steps run on the calling thread. On by default; the report is the same either way.
  public var remembersRefusedRetries = true

  /// What a recalled refusal of a retry costs, for rules with an instruction budget shared by an
  /// action's calls (Lua rules: `ScriptChecks` sets it); `nil` (the default) for rules without:
  /// a refusal is recalled for free.
  public var retryCost: RetryCost?

  /// The type of ``retryCost``, given the rules of the coordinator that steps: `mark` reads where
  /// the running action's budget stands (instructions left) and a count of what a recalled call
  /// would not repeat (prints, errors): a retry is remembered only when that count did not move
  /// while it ran, with the instructions it used; `charge` charges them when it is recalled,
  /// `false` when the budget cannot pay (the retry then runs).
  public typealias RetryCost = (
    mark: (_ rules: Rules) -> (instructions: Int, events: Int),
    charge: (_ rules: Rules, _ instructions: Int) -> Bool
  )

  /// An exploration with inputs given state by state.
  public init(
    coordinator: TabCoordinator<Rules>,
    initialState: State,
    depth: Int = 6,
    maxStates: Int = 1_000_000,
    invariants: [StateInvariant<Screen>] = [],
    expectedScreens: [String] = [],
    screenName: ((Screen) -> String)? = nil,
    analyses: [() -> any ExplorationAnalysis<Screen, ScreenAction>] = [],
    inputs: @escaping (State) -> [Input]
  ) {
    self.coordinator = coordinator
    self.initialState = initialState
    self.inputs = inputs
    self.depth = depth
    self.maxStates = maxStates
    self.invariants = invariants
    self.expectedScreens = expectedScreens
    self.screenName = screenName ?? { TabFlowNavigation.screenName(of: $0) }
    self.analyses = analyses
  }

  /// An exploration with the usual inputs (``ExplorationAlphabet``), its screens named as the
  /// alphabet names them.
  public init(
    coordinator: TabCoordinator<Rules>,
    initialState: State,
    depth: Int = 6,
    maxStates: Int = 1_000_000,
    invariants: [StateInvariant<Screen>] = [],
    expectedScreens: [String] = [],
    analyses: [() -> any ExplorationAnalysis<Screen, ScreenAction>] = [],
    alphabet: ExplorationAlphabet<Screen, ScreenAction>
  ) {
    self.init(
      coordinator: coordinator, initialState: initialState, depth: depth, maxStates: maxStates,
      invariants: invariants, expectedScreens: expectedScreens, screenName: alphabet.screenName,
      analyses: analyses, inputs: alphabet.inputs(for:))
  }

  /// The built-in analyses, then the app's.
  @usableFromInline
  func makeAnalyses() -> [any ExplorationAnalysis<Screen, ScreenAction>] {
    guard mode.runsBuiltInAnalyses else { return analyses.map { $0() } }
    var made: [any ExplorationAnalysis<Screen, ScreenAction>] = [
      FailedBatchAnalysis<Screen, ScreenAction>(),
      GuardRejectionAnalysis<Screen, ScreenAction>(),
      InvariantAnalysis<Screen, ScreenAction>(invariants),
      TrapAnalysis<Screen, ScreenAction>(screenName: screenName),
    ]
    if !expectedScreens.isEmpty {
      made.append(UnreachedScreenAnalysis<Screen, ScreenAction>(expected: expectedScreens, screenName: screenName))
    }
    return made + analyses.map { $0() }
  }

  /// The initial state as the exploration starts from it: its routes given fresh IDs, the same
  /// in every run. A reproduction's actions address routes by these IDs: send them to this state
  /// (``state(after:)`` does).
  public var startState: State {
    var state = initialState
    state.adoptIDs(from: RouteIDGenerator())
    return state
  }

  /// The state a reproduction leads to: its actions sent, in order, from ``startState`` (those of
  /// inputs that are not ``ExplorationInput/isExplorable`` are not sent).
  public func state(after reproduction: ExplorationReproduction<Screen, ScreenAction>) -> State {
    var state = startState
    let coordinator = quietCoordinator
    for input in reproduction.inputs where input.isExplorable { _ = coordinator.step(input.action, state: &state) }
    return state
  }

  /// The coordinator with its logging off: an exploration discards thousands of batches, each
  /// logged at `notice` otherwise.
  @usableFromInline
  var quietCoordinator: TabCoordinator<Rules> { Self.quiet(coordinator) }

  /// `coordinator` with its logging off.
  @usableFromInline
  static func quiet(_ coordinator: TabCoordinator<Rules>) -> TabCoordinator<Rules> {
    var quiet = coordinator
    quiet.logger = Logger(label: quiet.logger.label) { _ in SwiftLogNoOpLogHandler() }
    return quiet
  }

  /// The inputs at `path`'s positions, replayed from the initial state (a position past the
  /// end of its state's list — ``inputs`` gave another list — ends the replay).
  @usableFromInline
  func replay(_ path: [Int]) -> [Input] {
    let coordinator = quietCoordinator
    var state = startState
    var replayed: [Input] = []
    for position in path {
      let list = inputs(state)
      guard list.indices.contains(position) else { break }
      replayed.append(list[position])
      if list[position].isExplorable { _ = coordinator.step(list[position].action, state: &state) }
    }
    return replayed
  }

  /// Explores, and reports. The coordinator's logging is off meanwhile.
  ///
  /// Inlinable, so the app's test module runs it specialized for its rules and screens: the
  /// coordinator's step and the fingerprints then look up no generic type metadata. On the
  /// Swift-rules shop (release build), an input tried costs 62,000 instructions instead of
  /// 187,000, a third of which went to those look-ups.
  @inlinable
  public func run() -> ExplorationReport<Screen, ScreenAction> {
    run(keying: StateFingerprinter<Screen>(), frontier: ArrayFrontier(), workers: ExplorationWorkers(quietCoordinator))
  }

  /// Explores with `jobs` threads, and reports: the same report as ``run()``, whatever the
  /// number. Each thread but the calling one steps a coordinator of its own, which
  /// `makeCoordinator` makes (Lua rules hold a VM, which is not thread-safe; Swift rules may
  /// return ``coordinator``); `nil` means one thread fewer. See
  /// ``run(keying:frontier:workers:)``.
  @inlinable
  public func run(jobs: Int, makeCoordinator: () -> TabCoordinator<Rules>?) -> ExplorationReport<Screen, ScreenAction> {
    run(
      keying: StateFingerprinter<Screen>(), frontier: ArrayFrontier(),
      workers: workers(jobs: jobs, makeCoordinator: makeCoordinator))
  }

  /// `jobs` workers (at least one) for ``run(keying:frontier:workers:)``: ``coordinator`` for the
  /// calling thread, and those `makeCoordinator` makes (until it returns `nil`), each with its
  /// logging off. No more than ``ExplorationWorkers/processorCount`` are useful.
  public func workers(
    jobs: Int, sliceSize: Int = 16, parallelThreshold: Int = 64, makeCoordinator: () -> TabCoordinator<Rules>?
  ) -> ExplorationWorkers<TabCoordinator<Rules>> {
    var others: [TabCoordinator<Rules>] = []
    while others.count + 1 < jobs, let made = makeCoordinator() { others.append(Self.quiet(made)) }
    return ExplorationWorkers(quietCoordinator, others: others, sliceSize: sliceSize, parallelThreshold: parallelThreshold)
  }

  /// Explores, and reports: states told apart by `keying`, the states waiting for the next level
  /// kept in `frontier` (given empty), and inputs stepped by `workers` — the calling thread's
  /// coordinator is the first worker's, and each other worker's runs on a thread of its own. The
  /// workers' coordinators are used as they are: ``workers(jobs:sliceSize:parallelThreshold:makeCoordinator:)``
  /// turns their logging off.
  ///
  /// Each level's states are taken from the frontier a thousand at a time, on the calling thread,
  /// with their inputs (``inputs`` is asked on the calling thread only, once per state explored,
  /// in order); their inputs are stepped on the workers, a slice of states at a time, and what
  /// they did is merged on the calling thread in the order of the states and their inputs: keys,
  /// the visited states, the analyses (single-threaded, in that order) and the state limit. The
  /// report — findings, counts, reproductions — is the same for any number of workers.
  @inlinable
  public func run<Keying: ExplorationKeying, Frontier: ExplorationFrontier>(
    keying: Keying, frontier emptyFrontier: Frontier, workers: ExplorationWorkers<TabCoordinator<Rules>>
  ) -> ExplorationReport<Screen, ScreenAction>
  where Keying.Screen == Screen, Frontier.Screen == Screen, Frontier.Key == Keying.Key {
    typealias Key = Keying.Key
    let analyses = makeAnalyses()
    var visited = VisitedTable()
    var transitions = 0
    var truncated = false
    var stopped = false
    var depthReached = 0
    var levelsExplored = 0

    /// Tells the analyses about a new state; whether to explore on from it.
    func reach(_ state: State, index: Int, depth: Int) -> Bool {
      let reached = ReachedState(index: index, depth: depth, state: state)
      var exploreOn = true
      for analysis in analyses where analysis.reached(reached) == .stop { exploreOn = false }
      if !exploreOn { stopped = true }
      depthReached = max(depthReached, depth)
      return exploreOn
    }

    var initial = startState
    // No step's removed routes are asked for: the states explored make no record of them.
    initial.stopNotingRemovals()
    let initialKey = keying.key(of: initial)
    let initialIndex = visited.insert(keying.fingerprint(of: initialKey), from: nil)
    var frontier = emptyFrontier
    if reach(initial, index: initialIndex, depth: 0) { frontier.append(initial, key: initialKey, index: initialIndex) }
    // Whether a state was reached at the depth limit, so not explored: what lies beyond it is unknown.
    var leftAtLimit = depth <= 0 && !mode.triesInputsAtDepth
    // The last level whose states' inputs are tried.
    let lastLevel = mode.triesInputsAtDepth ? depth : depth - 1
    // The states of the level being explored next.
    var next = frontier
    var level = 0

    /// Tells the analyses that the inputs of `state` (index `from`) are about to be tried.
    func explore(_ state: State, index from: Int) {
      let explored = ReachedState(index: from, depth: level, state: state)
      for analysis in analyses { analysis.exploring(explored) }
    }

    // Retries refused in a state are remembered on the calling thread, where keys are made.
    let refusedRetries = RefusedRetryMemoBox<Screen, Key>()

    /// Merges what the input at `position` of `inputs`, the list of the state `source` holds
    /// (index `from`, key `key`, its fingerprint `fingerprint`), did: the state after it, `nil`
    /// when it was not sent (not explorable), and the delegates and note. Whether to go on:
    /// `false` once the exploration is cut at the limit.
    ///
    /// `after` and `stepped` are consumed: the tried input keeps them, and refers to the state
    /// before where `source` holds it, so a step copies no state but the one it changes.
    func merge(
      from: Int, source: SourceState<Screen>, key: Key, fingerprint: UInt64, position: Int, inputs: [Input],
      after: consuming State?, stepped: consuming Stepped<Screen>
    ) -> Bool {
      guard let after = consume after else {
        let tried = TriedInput(
          from: from, source: source, inputs: inputs, position: position, stepped: consume stepped,
          outcome: .unchanged, after: source.state)
        for analysis in analyses { analysis.tried(tried) }
        return true
      }
      transitions += 1
      // A step that ended where a retry was refused: its state was keyed (and the key
      // fingerprinted) for the retry.
      let afterKey: Key
      let afterFingerprint: UInt64
      if let keyed = refusedRetries.memo.key(ofUnchanged: after) {
        (afterKey, afterFingerprint) = keyed
      } else {
        afterKey = keying.key(of: after, from: source.state, parentKey: key)
        afterFingerprint = keying.fingerprint(of: afterKey)
      }
      let outcome: TriedInput<Screen, ScreenAction>.Outcome
      if afterFingerprint == fingerprint {
        outcome = .unchanged
      } else if let known = visited.index(of: afterFingerprint) {
        outcome = .moved(to: known)
      } else if level == depth {
        // Beyond the depth (the states at the depth try their inputs): not recorded.
        leftAtLimit = true
        outcome = .moved(to: nil)
      } else if visited.count >= maxStates {
        truncated = true
        outcome = .moved(to: nil)
      } else {
        let index = visited.insert(afterFingerprint, from: (from, position))
        outcome = .moved(to: index)
        if reach(after, index: index, depth: level + 1) {
          if level + 1 < depth || mode.triesInputsAtDepth {
            next.append(after, key: afterKey, index: index)
          } else {
            leftAtLimit = true
          }
        }
      }
      let tried = TriedInput(
        from: from, source: source, inputs: inputs, position: position, stepped: consume stepped, outcome: outcome,
        after: consume after)
      for analysis in analyses { analysis.tried(tried) }
      return !truncated || mode.goesOnAtStateLimit
    }

    var callerCoordinator = workers.workers[0]
    if remembersRefusedRetries {
      let (rules, cost) = (callerCoordinator.rules, retryCost)
      callerCoordinator.refusedRetries = RefusedRetryHook { state, retry in
        refusedRetries.memo.retry(in: &state, keying: keying, rules: rules, cost: cost, retry)
      }
    }
    // A constant: a variable read in the closure that steps a state's inputs was copied (its rules,
    // guards and links retained and released) at each step.
    let caller = callerCoordinator
    // The note's closures, unwrapped once: unwrapped at each step, they were copied (retained
    // and released) at each step.
    let notes = noteStep != nil
    let noteStart = noteStep?.start ?? { _ in 0 }
    let noteEnd: NoteStepEnd = noteStep?.end ?? { _, _, _ in (nil, true) }
    /// Steps `coordinator` with `action` from `state` into `after` (a copy of `state`), watched
    /// by ``noteStep`` when given (`after` is set back to `state` when the step moves nowhere):
    /// the delegates and the note.
    ///
    /// The coordinator's step without the IDs of the routes that left, which no analysis reads:
    /// the removals are marked as ``/TabFlowCore/TabCoordinator/step(_:state:)`` marks them (the
    /// state after is the same), and not gathered (a sort and an array per step).
    func step(
      _ coordinator: TabCoordinator<Rules>, _ action: TabCoordinatorAction<Screen, ScreenAction>, from state: State,
      into after: inout State
    ) -> Stepped<Screen> {
      _ = after.markRemovals()
      guard notes else { return Stepped(delegates: coordinator.apply(action, to: &after), note: nil) }
      let mark = noteStart(coordinator.rules)
      let delegates = coordinator.apply(action, to: &after)
      // Taken apart, so that the note is moved into the result (read from the tuple, it was
      // copied, and the tuple's destroyed).
      let (note, moves) = noteEnd(coordinator.rules, mark, delegates)
      if !moves { after = state }
      return Stepped(delegates: delegates, note: consume note)
    }
    level: while level <= lastLevel {
      next = frontier
      next.removeAll()
      var start = 0
      while start < frontier.count {
        let end = min(start + Self.statesAtOnce, frontier.count)
        defer { start = end }
        if workers.runsOnCaller(count: end - start) {
          for position in start..<end {
            let (state, key, from) = frontier.entry(at: position)
            let source = SourceState(state)
            let fingerprint = keying.fingerprint(of: key)
            let list = inputs(source.state)
            explore(source.state, index: from)
            refusedRetries.memo.source = (source, key)
            // The inputs are read where the list holds them: an element bound, or read through the
            // array's subscript, is a copy of its action (and label).
            let goesOn = list.withUnsafeBufferPointer { held in
              for inputPosition in held.indices {
                let goesOn: Bool
                if held[inputPosition].isExplorable {
                  var after = source.state
                  let stepped = step(caller, held[inputPosition].action, from: source.state, into: &after)
                  goesOn = merge(
                    from: from, source: source, key: key, fingerprint: fingerprint, position: inputPosition,
                    inputs: list, after: consume after, stepped: consume stepped)
                } else {
                  goesOn = merge(
                    from: from, source: source, key: key, fingerprint: fingerprint, position: inputPosition,
                    inputs: list, after: nil, stepped: Stepped(delegates: [], note: nil))
                }
                guard goesOn else { return false }
              }
              return true
            }
            guard goesOn else { break level }
          }
          continue
        }
        // The states' inputs are stepped on the workers, and merged here, in order, meanwhile.
        let entries = (start..<end).map { position in
          let (state, key, from) = frontier.entry(at: position)
          return (source: SourceState(state), key: key, from: from)
        }
        let sources = entries.map(\.source)
        let lists = sources.map { inputs($0.state) }
        var cut = false
        workers.run(
          count: entries.count,
          working: { index, coordinator -> [(after: State, stepped: Stepped<Screen>)?] in
            // On a worker's thread: reads the states and inputs, which stay as they are meanwhile.
            let state = sources[index].state
            return lists[index].map { input in
              guard input.isExplorable else { return nil }
              var after = state
              let stepped = step(coordinator, input.action, from: state, into: &after)
              return (after, stepped)
            }
          },
          merging: { index, steps in
            let (source, key, from) = entries[index]
            let fingerprint = keying.fingerprint(of: key)
            let list = lists[index]
            explore(source.state, index: from)
            for position in steps.indices {
              guard merge(
                from: from, source: source, key: key, fingerprint: fingerprint, position: position, inputs: list,
                after: steps[position]?.after,
                stepped: steps[position]?.stepped ?? Stepped(delegates: [], note: nil))
              else {
                cut = true
                return false
              }
            }
            return true
          })
        if cut { break level }
      }
      level += 1
      levelsExplored = min(level, depth)
      frontier = next
      if frontier.count == 0 { break }
    }
    let exhaustive = !truncated && !stopped && !leftAtLimit

    let end = ExplorationEnd<Screen, ScreenAction>(
      states: visited.count, depth: depth, truncated: truncated, exhaustive: exhaustive, levelsExplored: levelsExplored,
      visited: visited, replay: replay)
    let findings = analyses.flatMap { $0.findings(end) }
    let outcome: ExplorationReport<Screen, ScreenAction>.Outcome =
      findings.contains { !$0.isNote } ? .failed : truncated ? .incomplete : .passed
    return ExplorationReport(
      outcome: outcome, findings: findings, states: visited.count, transitions: transitions, depth: depth,
      depthReached: depthReached, levelsExplored: levelsExplored, exhaustive: exhaustive, truncated: truncated,
      maxStates: maxStates)
  }

  /// How many of a level's states are taken from the frontier at a time (with their inputs and,
  /// on the workers, what the inputs did).
  @usableFromInline
  static var statesAtOnce: Int { 1_024 }
}
