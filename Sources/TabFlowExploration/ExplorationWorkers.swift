import Foundation

/// Runs work for many states at once, one worker per thread — a worker is what the work needs
/// for itself alone, e.g. a coordinator whose Lua rules hold a VM (a VM is not thread-safe) —
/// each thread taking the next slice of states until none is left. The results are handed back
/// on the calling thread, in the order of the states, as soon as they are ready, so whoever reads
/// them reads them as if they had run one by one: what it makes of them does not depend on the
/// number of workers. It reads them while the other threads run on, and the calling thread runs
/// slices of its own while it waits.
///
/// ``Exploration/run(keying:frontier:workers:)`` runs the inputs of a level's states this way, with
/// one ``/TabFlowCore/TabCoordinator`` per worker (``Exploration/workers(jobs:sliceSize:parallelThreshold:makeCoordinator:)``
/// makes them).
public final class ExplorationWorkers<Worker>: @unchecked Sendable {
  // @unchecked: every stored property is a `let`. While `run(count:working:merging:)` runs,
  // thread `i` (the calling thread is 0) uses only `workers[i]`, and writes only the result slots
  // of the slices it took (each slice is taken once, through the board); the calling thread reads
  // a slot only once the board says its slice is done. One run at a time: the caller touches the
  // workers only between runs.

  /// The workers: the first runs on the calling thread.
  public let workers: [Worker]
  /// How many states a thread takes at a time (at least 1).
  public let sliceSize: Int
  /// Runs of fewer states than this stay on the calling thread (threads cost more than they save).
  public let parallelThreshold: Int

  /// Workers: `first`, used on the calling thread, and `others`, each on a thread of its own.
  /// A run of fewer than `parallelThreshold` states, or with no `others`, stays on the calling
  /// thread; otherwise threads take `sliceSize` states at a time.
  public init(_ first: Worker, others: [Worker] = [], sliceSize: Int = 16, parallelThreshold: Int = 64) {
    workers = [first] + others
    self.sliceSize = max(1, sliceSize)
    self.parallelThreshold = parallelThreshold
  }

  /// `count` workers (at least one): `first` and those `make` makes. `make` returning `nil` (a
  /// worker could not be made) just means fewer workers: it is not asked again.
  public convenience init(
    _ first: Worker, count: Int, sliceSize: Int = 16, parallelThreshold: Int = 64, make: () -> Worker?
  ) {
    var others: [Worker] = []
    while others.count + 1 < count, let made = make() { others.append(made) }
    self.init(first, others: others, sliceSize: sliceSize, parallelThreshold: parallelThreshold)
  }

  /// How many workers there are.
  public var count: Int { workers.count }

  /// The processors of the machine: more workers than that only cost memory and time.
  public static var processorCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  /// Whether a run of `count` states stays on the calling thread.
  public func runsOnCaller(count: Int) -> Bool {
    workers.count == 1 || count < parallelThreshold
  }

  /// Does `work` for each of the numbers `0..<count`, each with one worker, and hands each
  /// result to `merge`, on the calling thread and in the order of the numbers, as soon as it is
  /// ready. `merge` returning `false` stops: no further slice starts, no further result is
  /// merged, and the call returns once the running slices end. The work of one number must
  /// depend on nothing but the number (not on the worker, nor on the other numbers' work), so
  /// that what is merged does not depend on the number of workers.
  ///
  /// `work` runs on several threads at once (each with its own worker): it may only read what
  /// it captures, and what it reads must not change while the run lasts — values such as states
  /// and inputs, whose shared storage is copied before it is written. That is the caller's to
  /// keep: `work` is not required to be `@Sendable`, so that it may read generic values.
  public func run<Outcome>(
    count: Int, working work: @escaping (Int, Worker) -> Outcome, merging merge: (Int, Outcome) -> Bool
  ) {
    guard count > 0 else { return }
    if runsOnCaller(count: count) {
      for index in 0..<count {
        guard merge(index, work(index, workers[0])) else { return }
      }
      return
    }
    runInParallel(count: count, work: ExplorationShared(work), merging: merge)
  }

  /// ``run(count:working:merging:)`` on the workers' threads.
  private func runInParallel<Outcome>(
    count: Int, work shared: ExplorationShared<(Int, Worker) -> Outcome>, merging merge: (Int, Outcome) -> Bool
  ) {
    // One slot per number, each written by the one thread that took its slice, and read by the
    // calling thread once the board says the slice is done.
    let results = UnsafeMutableBufferPointer<Outcome?>.allocate(capacity: count)
    results.initialize(repeating: nil)
    defer {
      _ = results.deinitialize()
      results.deallocate()
    }
    let slots = Slots(results)
    let sliceSize = sliceSize
    let board = SliceBoard(slices: (count + sliceSize - 1) / sliceSize)
    let runSlice: @Sendable (Int, Int) -> Void = { [self] slice, worker in
      for index in slice * sliceSize..<min((slice + 1) * sliceSize, count) {
        slots.buffer[index] = shared.value(index, workers[worker])
      }
      board.finish(slice)
    }
    let helpers = DispatchGroup()
    for worker in 1..<workers.count {
      DispatchQueue.global().async(group: helpers) {
        while let slice = board.take() { runSlice(slice, worker) }
      }
    }
    merging: for slice in 0..<board.slices {
      while !board.isDone(slice) {
        if let other = board.take() { runSlice(other, 0) } else { board.wait(for: slice) }
      }
      for index in slice * sliceSize..<min((slice + 1) * sliceSize, count) {
        var result: Outcome?
        swap(&result, &results[index])
        guard let result, merge(index, result) else {
          board.stop()
          break merging
        }
      }
    }
    helpers.wait()
  }

  /// The result slots, shared by the threads (each writes only the slots of its slices).
  private struct Slots<Outcome>: @unchecked Sendable {
    // @unchecked: see `run(count:working:merging:)`: a slot is written by one thread, then read
    // by the calling thread after the board's lock says it was written.
    let buffer: UnsafeMutableBufferPointer<Outcome?>
    init(_ buffer: UnsafeMutableBufferPointer<Outcome?>) { self.buffer = buffer }
  }

  /// Which slices of one run are taken and which are done, under one lock; a thread waiting for
  /// a slice sleeps until some slice is done.
  private final class SliceBoard: @unchecked Sendable {
    // @unchecked: every field but the constant `slices` is read and written under `condition`.
    let slices: Int
    private let condition = NSCondition()
    private var nextSlice = 0
    private var done: [Bool]
    private var stopped = false

    init(slices: Int) {
      self.slices = slices
      done = Array(repeating: false, count: slices)
    }

    /// The next slice no thread has taken; `nil` when none is left or the run stopped.
    func take() -> Int? {
      condition.lock()
      defer { condition.unlock() }
      guard !stopped, nextSlice < slices else { return nil }
      nextSlice += 1
      return nextSlice - 1
    }

    func finish(_ slice: Int) {
      condition.lock()
      done[slice] = true
      condition.broadcast()
      condition.unlock()
    }

    func isDone(_ slice: Int) -> Bool {
      condition.lock()
      defer { condition.unlock() }
      return done[slice]
    }

    /// Sleeps until `slice` is done (it has been taken).
    func wait(for slice: Int) {
      condition.lock()
      while !done[slice] { condition.wait() }
      condition.unlock()
    }

    /// No slice starts after this.
    func stop() {
      condition.lock()
      stopped = true
      condition.unlock()
    }
  }
}

/// The work of a run of ``ExplorationWorkers``, handed to its threads.
struct ExplorationShared<Value>: @unchecked Sendable {
  // @unchecked: the value is a `let`, the work of one run, called by the threads of that run
  // while it lasts: `run(count:working:merging:)` states what the work may read.
  let value: Value

  init(_ value: Value) { self.value = value }
}
