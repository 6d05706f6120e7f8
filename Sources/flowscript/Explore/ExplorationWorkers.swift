import Foundation
import Synchronization
import TabFlow

/// Runs the explorer's inputs from many states at once: one ``FlowSession`` — one Lua VM — per
/// worker thread, each taking the next slice of states until none is left. What each input did is
/// returned in the order of the states and their inputs, so the explorer reads the results as if
/// it had run them one by one, and its report does not depend on the number of workers.
final class ExplorationWorkers: @unchecked Sendable {
  // @unchecked: worker `i` uses only `sessions[i]` while `steps(for:inputs:)` runs, and writes
  // only the result slots of the slices it took (each slice is taken once, through `nextSlice`);
  // the caller touches the sessions only between runs.

  typealias State = TabCoordinatorState<DynamicScreen>

  /// What one input did from one state.
  enum Step {
    /// The input cannot be written in the line language; it did not run.
    case unexplorable
    /// The line failed, with the kind of failure and the message.
    case failed(FailureKind, String)
    /// The line changed the state to this one.
    case changed(State, StateKey)
    /// The line ran and changed nothing.
    case unchanged
  }

  /// States handed to a worker at a time.
  static let sliceSize = 16
  /// Frontiers smaller than this run on the calling thread.
  static let parallelThreshold = 64

  private let sessions: [FlowSession]
  /// Each session's memory of state-part hashes (used by its worker only).
  private let hashes: [StateKeyHashes]
  private let nextSlice = Atomic<Int>(0)

  /// As many workers as the machine has processors, at most 8.
  static var defaultCount: Int { min(8, ProcessInfo.processInfo.activeProcessorCount) }

  /// `count` workers: `session` and sessions of their own on the same script. A session that
  /// cannot be made (the script loaded once, so only a failing system could refuse) just means
  /// fewer workers.
  init(session: FlowSession, count: Int) {
    var sessions = [session]
    while sessions.count < count, let sibling = try? FlowSession(origin: session.origin, limits: session.rules.limits) {
      sibling.describesChanges = false
      sessions.append(sibling)
    }
    self.sessions = sessions
    hashes = sessions.map { _ in StateKeyHashes() }
  }

  /// How many sessions run inputs.
  var count: Int { sessions.count }

  /// What each of `inputs[i]` did from `states[i]`.
  func steps(for states: [State], inputs: [[StateExplorer.Inputs.Input]]) -> [[Step]] {
    if sessions.count == 1 || states.count < Self.parallelThreshold {
      return states.indices.map { Self.steps(inputs[$0], from: states[$0], in: sessions[0], hashes: hashes[0]) }
    }
    // One slot per state, each written by the one worker that took its slice.
    let results = UnsafeMutableBufferPointer<[Step]>.allocate(capacity: states.count)
    results.initialize(repeating: [])
    defer { results.deallocate() }
    let slots = Slots(results)
    nextSlice.store(0, ordering: .relaxed)
    DispatchQueue.concurrentPerform(iterations: sessions.count) { worker in
      run(worker, states: states, inputs: inputs, into: slots)
    }
    return (0..<states.count).map { results.moveElement(from: $0) }
  }

  /// The result slots, shared by the workers (each writes only the slots of its slices).
  private struct Slots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<[Step]>
    init(_ buffer: UnsafeMutableBufferPointer<[Step]>) { self.buffer = buffer }
  }

  private func run(_ worker: Int, states: [State], inputs: [[StateExplorer.Inputs.Input]], into slots: Slots) {
    let session = sessions[worker]
    let hashes = hashes[worker]
    while true {
      let start = nextSlice.add(Self.sliceSize, ordering: .relaxed).oldValue
      guard start < states.count else { return }
      for index in start..<min(start + Self.sliceSize, states.count) {
        slots.buffer[index] = Self.steps(inputs[index], from: states[index], in: session, hashes: hashes)
      }
    }
  }

  private static func steps(
    _ inputs: [StateExplorer.Inputs.Input], from state: State, in session: FlowSession, hashes: StateKeyHashes
  ) -> [Step] {
    inputs.map { input in
      guard let line = input.line else { return .unexplorable }
      session.load(state)
      switch session.execute(line) {
      case let .failed(message):
        return .failed(session.lastFailureKind ?? .input, message)
      case .changed:
        return .changed(session.state, StateKey(session.state, hashes: hashes))
      default:
        return .unchanged
      }
    }
  }
}
