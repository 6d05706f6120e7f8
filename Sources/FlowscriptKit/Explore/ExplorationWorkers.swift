import Foundation
import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowScriptExploration

/// Runs the explorer's inputs from many states at once: one ``FlowSession`` — one Lua VM — per
/// thread, each taking the next slice of states until none is left. What each input did is handed
/// back in the order of the states and their inputs, so the explorer reads the results as if it
/// had run them one by one, and its report does not depend on the number of workers; it reads
/// them while the other threads run on. The exploration library's workers
/// (`TabFlowExploration.ExplorationWorkers`) run the slices.
final class ExplorationWorkers: @unchecked Sendable {
  // @unchecked: the properties are `let`s; thread `i` (the caller is 0) uses only `sessions[i]`
  // while a run runs (the library's workers keep that), and the caller touches the sessions only
  // between runs.

  typealias State = TabCoordinatorState<DynamicScreen>

  /// What one input did from one state.
  enum Step {
    /// The input cannot be written in the line language; it did not run.
    case unexplorable
    /// The line failed, with the kind of failure and the message.
    case failed(FailureKind, String)
    /// The line changed the state to this one.
    case changed(Reached)
    /// The line ran and changed nothing.
    case unchanged
  }

  /// A state a line reached, held where a step can be copied with one retain (a step is copied
  /// as it is handed around, and a state copied field by field retains all its storage). Read it
  /// in place with ``withState(_:)``: binding `reached.state` copies it out, field by field.
  final class Reached {
    // Read one step at a time, by the thread merging: no run-time exclusivity checks.
    @exclusivity(unchecked) private var stored: State
    init(_ state: State) { stored = state }

    /// The state (a copy).
    var state: State { stored }

    /// `body` given the state where this holds it (no copy). `inout` only so that `body` reads it
    /// in place; it never writes it.
    func withState<Result>(_ body: (inout State) -> Result) -> Result {
      body(&stored)
    }
  }

  /// States handed to a worker at a time.
  static let sliceSize = 16
  /// Frontiers smaller than this run on the calling thread.
  static let parallelThreshold = 64

  private let sessions: [FlowSession]
  /// The sessions as the exploration library's workers, which run the slices and merge in order.
  private let pool: TabFlowExploration.ExplorationWorkers<FlowSession>

  /// As many workers as the machine has processors, at most 8.
  static var defaultCount: Int { min(8, maximumCount) }

  /// The most workers there can be: one per processor. Each holds a Lua VM and its memos, so
  /// more would only cost memory (`--jobs 100000` took 14.5 GB) and time.
  static var maximumCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  /// How many workers `--jobs requested` gets: at least one, at most ``maximumCount``.
  static func count(requested: Int) -> Int { min(max(1, requested), maximumCount) }

  /// `count` workers (at most ``maximumCount``): `session` and sessions of their own on the same
  /// script. A session that cannot be made (the script loaded once, so only a failing system
  /// could refuse) just means fewer workers.
  init(session: FlowSession, count: Int) {
    var sessions = [session]
    let wanted = Self.count(requested: count)
    while sessions.count < wanted, let sibling = try? FlowSession(origin: session.origin, limits: session.rules.limits) {
      sibling.isExploring = true
      sessions.append(sibling)
    }
    self.sessions = sessions
    pool = TabFlowExploration.ExplorationWorkers(
      session, others: Array(sessions.dropFirst()), sliceSize: Self.sliceSize, parallelThreshold: Self.parallelThreshold)
  }

  /// How many sessions run inputs.
  var count: Int { sessions.count }

  /// The payload fields the rules read beyond what their payload had, in any session, by action.
  var missingPayloadFields: [String: Set<String>] {
    sessions.reduce(into: [:]) { merged, session in
      merged.merge(session.rules.missingPayloadFields) { $0.union($1) }
    }
  }

  /// The context keys the rules read that their context lacked, in any session.
  var contextKeysRead: Set<String> {
    sessions.reduce(into: []) { $0.formUnion($1.rules.contextKeysRead) }
  }

  /// Runs each of `inputs[i]` from `states[i]` and hands each state's steps to `merge`, on the
  /// calling thread and in the order of the states, as soon as they are ready: the merging
  /// overlaps the running, and the calling thread runs slices of its own while it waits. `merge`
  /// returning `false` stops: no further slice starts, and the call returns once the running
  /// ones end.
  func run(_ states: [State], inputs: [[StateExplorer.Inputs.Input]], merging merge: (Int, [Step]) -> Bool) {
    run(count: states.count, working: { index, session in inputs[index].map { Self.step($0, from: states[index], in: session) } }, merging: merge)
  }

  /// Does `work` for each of the numbers `0..<count`, each in one worker's session, and hands
  /// each result to `merge`, on the calling thread and in the order of the numbers, as soon as it
  /// is ready (see ``run(_:inputs:merging:)``). The work of one number must depend on nothing but
  /// the number and the script, so the results do not depend on the number of workers.
  func run<Outcome>(
    count: Int, working work: @escaping @Sendable (Int, FlowSession) -> Outcome,
    merging merge: (Int, Outcome) -> Bool
  ) {
    pool.run(count: count, working: work, merging: merge)
  }

  /// What `input` did from `state` in `session`.
  @Sendable
  static func step(_ input: StateExplorer.Inputs.Input, from state: State, in session: FlowSession) -> Step {
    guard let line = input.line else { return .unexplorable }
    session.load(state)
    switch session.execute(line) {
    case let .failed(message):
      return .failed(session.lastFailureKind ?? .input, message)
    case .changed:
      // The session does not compare (see `tellsUnchangedLines`): the state it was put in is here.
      // The state reached is moved out, and the session left in `state`, where its next line runs
      // from without a copy (``FlowSession/load(_:)``).
      return session.isInState(state) ? .unchanged : .changed(Reached(session.takeState(loading: state)))
    default:
      return .unchanged
    }
  }
}
