/// TCA's `Store`: runs a reducer on the main actor, its effects as tasks.
@MainActor
public final class Store<State, Action> {
  /// The current state.
  public private(set) var state: State
  private let reducer: any Reducer<State, Action>
  private var running: [AnyHashableSendable: [Task<Void, Never>]] = [:]
  private var isSending = false
  /// Where the actions effects send go: `nil`, into the store at once; a test store collects them.
  var collect: ((Action) -> Void)?

  /// Stand-in only: how many actions were sent while another was being processed — a send from
  /// inside a reducer, which TCA 1.25 reports at runtime and says will become a crash.
  public private(set) var reentrantSends = 0

  /// A store holding `initialState`, reduced by `reducer`.
  public init<R: Reducer<State, Action>>(initialState: State, @ReducerBuilder<State, Action> reducer: () -> R) {
    state = initialState
    self.reducer = reducer()
  }

  /// Sends an action; the returned task is the effects it started.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    StoreTask(process(action))
  }

  /// How many effects run under `id`, not cancelled (stand-in only).
  public func runningEffects(id: some Hashable & Sendable) -> Int {
    running[AnyHashableSendable(id)]?.filter { !$0.isCancelled }.count ?? 0
  }

  /// Reduces `action` and what its `.send` effects send, and starts its async work.
  func process(_ action: Action) -> [Task<Void, Never>] {
    if isSending { reentrantSends += 1 }
    isSending = true
    defer { isSending = false }
    var tasks: [Task<Void, Never>] = []
    var queue = [action]
    while !queue.isEmpty {
      let effect = reducer._reduce(into: &state, action: queue.removeFirst())
      for operation in effect.operations {
        switch operation {
        case let .send(next):
          if let collect { collect(next) } else { queue.append(next) }
        case let .cancel(id):
          running.removeValue(forKey: id)?.forEach { $0.cancel() }
        case let .run(id, work):
          let send = Send<Action> { [weak self] action in
            guard let self else { return }
            if let collect = self.collect { collect(action) } else { _ = self.process(action) }
          }
          let task = Task { await work(send) }
          tasks.append(task)
          if let id { running[id, default: []].append(task) }
        }
      }
    }
    return tasks
  }
}

/// TCA's `StoreOf<R>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

/// TCA's `StoreTask`: the effects an action started.
public struct StoreTask: Sendable {
  let tasks: [Task<Void, Never>]

  init(_ tasks: [Task<Void, Never>]) { self.tasks = tasks }

  /// Whether every effect it started was cancelled.
  public var isCancelled: Bool { tasks.allSatisfy(\.isCancelled) }

  /// Cancels them.
  public func cancel() { tasks.forEach { $0.cancel() } }

  /// Waits until they end.
  public func finish() async {
    for task in tasks { await task.value }
  }
}
