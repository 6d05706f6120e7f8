import TabFlowNavigation

/// The runtime of a feature: it holds the state, runs the reducer for every action, runs the
/// effects the reducer returns and tells observers about each new state.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) {
///   Counter(clock: ContinuousClock())
/// }
/// let observation = store.observe { state in print(state.count) }
/// store.send(.increment)                       // prints 1
/// await store.send(.incrementLater).finish()   // prints 2 a second later
/// ```
///
/// Actions are processed strictly one at a time, in the order they are sent. An action sent
/// while another is being processed — by a `.send` effect, by an observer, by any code the
/// reducer calls — is queued and processed after it, never interleaved. Processing an action
/// that returns `.none` or `.send` creates no task; `.run` effects run as tasks and send their
/// actions back on the main actor.
@MainActor
public final class Store<State, Action> {
  /// The current state.
  public var state: State { _state }

  // The hot fields of every send are accessed one at a time on the main actor: the run-time
  // exclusivity checks are skipped (the compile-time ones still apply).
  @exclusivity(unchecked) @usableFromInline package var _state: State
  @usableFromInline package let reducer: @MainActor (inout State, Action) -> Effect<Action>

  // Actions waiting to be processed, from `queueHead` on; only used while processing.
  @exclusivity(unchecked) @usableFromInline package var queue: [Action] = []
  @exclusivity(unchecked) package var queueHead = 0
  @exclusivity(unchecked) @usableFromInline package var isProcessing = false
  // Tasks started during the current outermost `send`, for its `StoreTask`.
  @exclusivity(unchecked) @usableFromInline package var startedTasks: [Task<Void, Never>] = []

  // Read on every send; changed only outside the observers' calls (which run on a copy).
  @exclusivity(unchecked) @usableFromInline package var observers: [Observer] = []
  @exclusivity(unchecked) @usableFromInline package var settledObservers: [Observer] = []

  // Running effect tasks by token, and the cancellation IDs each was started under.
  private var runningTasks: [Int: Task<Void, Never>] = [:]
  // Effect tasks spawned but not yet running (the test store waits for them to start, so a test
  // clock advanced right after a send cannot run ahead of an effect's first sleep).
  private(set) var effectsWaitingToStart = 0
  private var runningIDs: [Int: [AnyHashable]] = [:]
  // Read on every send that returns an effect; no access to it calls out of the store.
  @exclusivity(unchecked) private var tokensByID: [AnyHashable: Set<Int>] = [:]
  private var nextToken = 0

  /// Whether some effect runs under a cancellation ID (only then is there anything to cancel).
  @usableFromInline package var hasCancellableEffects: Bool { !tokensByID.isEmpty }

  /// Called whenever an effect started, finished or was cancelled (the test store tracks it).
  var effectsDidChange: (() -> Void)?

  /// A store running `reducer` from `initialState`.
  ///
  /// ```swift
  /// let store = Store(initialState: App.State()) { App() }
  /// ```
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: State,
    @ReducerBuilder<State, Action> reducer: () -> R
  ) {
    let reducer = reducer()
    self.init(initialState: initialState, reduce: { reducer.reduce(into: &$0, action: $1) })
  }

  /// A store running `reducer` from `initialState`, whose new route stacks take their IDs from
  /// `ids`: `initialState` is built, and every action reduced, with `ids` as
  /// ``/TabFlowNavigation/RouteIDGenerator/current``. Two stores with generators of their own
  /// number their routes independently — IDs are unique per store, as in TCA — while stores made
  /// without one share the process-wide generator. Stacks keep the generator they were made
  /// with, so a stack built outside the store keeps its own (see
  /// ``/TabFlowCore/TabCoordinatorState/adoptIDs(from:)``).
  ///
  /// ```swift
  /// let store = Store(initialState: App.State(), ids: RouteIDGenerator()) { App() }
  /// ```
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () throws -> State,
    ids: RouteIDGenerator,
    @ReducerBuilder<State, Action> reducer: () -> R
  ) rethrows {
    let reducer = reducer()
    self.init(
      initialState: try RouteIDGenerator.$current.withValue(ids) { try initialState() },
      reduce: { state, action in
        RouteIDGenerator.$current.withValue(ids) { reducer.reduce(into: &state, action: action) }
      })
  }

  /// A store running `reduce` from `initialState`.
  @usableFromInline
  package init(initialState: State, reduce: @escaping @MainActor (inout State, Action) -> Effect<Action>) {
    self._state = initialState
    self.reducer = reduce
  }

  deinit {
    for task in runningTasks.values {
      task.cancel()
    }
  }

  // MARK: - Sending

  /// Processes `action` — and every action it causes to be sent synchronously — and returns the
  /// effects started meanwhile. When called while the store is already processing an action,
  /// queues `action` behind it and returns an empty task.
  ///
  /// ```swift
  /// store.send(.increment)
  /// await store.send(.load).finish()
  /// ```
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    if isProcessing {
      queue.append(action)
      return StoreTask()
    }
    isProcessing = true
    process(action)
    if !queue.isEmpty { drainQueue() }
    if !settledObservers.isEmpty { notifySettledObservers() }
    isProcessing = false
    return startedTasks.isEmpty ? StoreTask() : takeStartedTasks()
  }

  @inlinable
  func process(_ action: Action) {
    let effect = reducer(&_state, action)
    // Cancelling when no effect runs under a cancellation ID does nothing.
    if !effect.isNone, hasCancellableEffects || !effect.onlyCancelsByCompactID { startEffects(of: effect) }
    if !observers.isEmpty { notifyObservers() }
  }

  @usableFromInline
  package func drainQueue() {
    while queueHead < queue.count {
      let next = queue[queueHead]
      queueHead += 1
      process(next)
    }
    queue.removeAll(keepingCapacity: true)
    queueHead = 0
  }

  @usableFromInline
  package func takeStartedTasks() -> StoreTask {
    var tasks: [Task<Void, Never>] = []
    swap(&tasks, &startedTasks)
    return StoreTask(tasks: tasks)
  }

  @usableFromInline
  package func startEffects(of effect: Effect<Action>) {
    var started: [Task<Void, Never>] = []
    start(effect, ids: [], started: &started)
    if !started.isEmpty { startedTasks.append(contentsOf: started) }
  }

  // MARK: - Observing

  /// Calls `observer` with the new state after every processed action, until the returned
  /// observation is cancelled or released. It is not called with the current state.
  ///
  /// An observer may send actions; they are queued behind the action being processed.
  ///
  /// ```swift
  /// let observation = store.observe { state in
  ///   print(state.routes)
  /// }
  /// ```
  public func observe(_ observer: @escaping (State) -> Void) -> StoreObservation {
    let observation = StoreObservation()
    observers.append(Observer(flag: observation.flag, body: observer))
    return observation
  }

  @usableFromInline
  package func notifyObservers() {
    if call(observers) { observers.removeAll { $0.flag.isCancelled } }
  }

  /// Calls each of `observers` that is not cancelled with the state; returns whether some were
  /// cancelled. Takes a copy, so an observer may add observers while it runs.
  @usableFromInline
  package func call(_ observers: [Observer]) -> Bool {
    var sawCancelled = false
    for observer in observers {
      if observer.flag.isCancelled {
        sawCancelled = true
        continue
      }
      observer.body(_state)
    }
    return sawCancelled
  }

  /// Calls `observer` once per ``send(_:)``, with the state reached after the sent action and
  /// every action it caused synchronously (`.send` effects, actions sent by observers) — the
  /// states a screen can show. States in between are never drawn, so a UI that animates from one
  /// state to the next (see `StepwiseUpdater`) must not take them for a change of its own.
  /// Actions a running effect sends later are sends of their own. It is not called with the
  /// current state.
  ///
  /// An observer may send actions; they are processed before `send` returns, and the observers
  /// are then called again with the state they reached.
  ///
  /// ```swift
  /// let observation = store.observeSettled { state in
  ///   presenter.update(to: state)
  /// }
  /// ```
  public func observeSettled(_ observer: @escaping (State) -> Void) -> StoreObservation {
    let observation = StoreObservation()
    settledObservers.append(Observer(flag: observation.flag, body: observer))
    return observation
  }

  /// Calls the settled observers, and again after the actions they send, until none is sent.
  @usableFromInline
  package func notifySettledObservers() {
    repeat {
      if call(settledObservers) { settledObservers.removeAll { $0.flag.isCancelled } }
      if queue.isEmpty { return }
      drainQueue()
    } while true
  }

  @usableFromInline
  package struct Observer {
    let flag: ObservationFlag
    let body: (State) -> Void
  }

  // MARK: - Effects

  /// The number of effect tasks running (cancelled ones no longer count).
  ///
  /// ```swift
  /// if store.runningEffectCount > 0 { print("busy") }
  /// ```
  public var runningEffectCount: Int { runningTasks.count }

  /// Waits until no effect is running, including effects started by actions that running
  /// effects send meanwhile. Never returns while an effect waits forever (a timer, or a sleep on
  /// a test clock nobody advances).
  ///
  /// ```swift
  /// store.send(.syncTapped)
  /// await store.finishEffects()
  /// ```
  public func finishEffects() async {
    while let task = runningTasks.values.first {
      await task.value
    }
  }

  /// Cancels every running effect.
  ///
  /// ```swift
  /// store.cancelAllEffects()
  /// ```
  public func cancelAllEffects() {
    let tasks = runningTasks
    runningTasks.removeAll()
    runningIDs.removeAll()
    tokensByID.removeAll()
    for task in tasks.values {
      task.cancel()
    }
    if !tasks.isEmpty { effectsDidChange?() }
  }

  private func start(_ effect: Effect<Action>, ids: [AnyHashable], started: inout [Task<Void, Never>]) {
    switch effect.operation {
    case .none:
      return
    case let .send(action):
      if isProcessing {
        queue.append(action)
      } else {
        // From a concatenation's task: nothing is being processed, so process it now.
        send(action)
      }
    case let .run(priority, operation):
      let send = Send<Action> { [weak self] action in self?.send(action) }
      spawn(priority: priority, ids: ids, started: &started) {
        await operation(send)
      }
    case let .merge(effects):
      for effect in effects {
        start(effect, ids: ids, started: &started)
      }
    case let .concatenate(effects):
      spawn(priority: nil, ids: ids, started: &started) { [weak self] in
        await self?.runInOrder(effects, ids: ids)
      }
    case let .cancellable(id, cancelInFlight, effect):
      if cancelInFlight { cancel(id: id) }
      start(effect, ids: ids + [id], started: &started)
    case let .cancel(id):
      cancel(id: id)
    case let .cancelCompact(id):
      if !tokensByID.isEmpty { cancel(id: AnyHashable(id)) }
    }
  }

  /// Starts each effect after the previous one's tasks have all finished.
  private func runInOrder(_ effects: [Effect<Action>], ids: [AnyHashable]) async {
    for effect in effects {
      if Task.isCancelled { return }
      var started: [Task<Void, Never>] = []
      start(effect, ids: ids, started: &started)
      let tasks = started
      await withTaskCancellationHandler {
        for task in tasks { await task.value }
      } onCancel: {
        for task in tasks { task.cancel() }
      }
    }
  }

  private func spawn(
    priority: TaskPriority?, ids: [AnyHashable], started: inout [Task<Void, Never>],
    _ body: @escaping @MainActor () async -> Void
  ) {
    let token = nextToken
    nextToken += 1
    effectsWaitingToStart += 1
    let task = Task(priority: priority) { [weak self] in
      self?.effectStarted()
      await body()
      self?.effectFinished(token)
    }
    runningTasks[token] = task
    if !ids.isEmpty {
      runningIDs[token] = ids
      for id in ids {
        tokensByID[id, default: []].insert(token)
      }
    }
    started.append(task)
    effectsDidChange?()
  }

  private func effectStarted() {
    effectsWaitingToStart -= 1
    effectsDidChange?()
  }

  private func effectFinished(_ token: Int) {
    guard runningTasks.removeValue(forKey: token) != nil else { return }
    forgetIDs(of: token, except: nil)
    effectsDidChange?()
  }

  private func forgetIDs(of token: Int, except skipped: AnyHashable?) {
    guard let ids = runningIDs.removeValue(forKey: token) else { return }
    for id in ids where id != skipped {
      tokensByID[id]?.remove(token)
      if tokensByID[id]?.isEmpty == true { tokensByID[id] = nil }
    }
  }

  /// Cancels every running effect started under `id`.
  private func cancel(id: AnyHashable) {
    // Most cancellations (a route's effects when it leaves) find nothing running: no hashing then.
    guard !tokensByID.isEmpty, let tokens = tokensByID.removeValue(forKey: id) else { return }
    for token in tokens {
      guard let task = runningTasks.removeValue(forKey: token) else { continue }
      forgetIDs(of: token, except: id)
      task.cancel()
    }
    effectsDidChange?()
  }

  /// Whether `task` is a running effect of this store.
  func isRunning(_ task: Task<Void, Never>) -> Bool {
    runningTasks.values.contains(task)
  }

  /// Cancels the given tasks and stops tracking them at once.
  func cancel(_ tasks: [Task<Void, Never>]) {
    var changed = false
    for (token, task) in runningTasks where tasks.contains(task) {
      runningTasks[token] = nil
      forgetIDs(of: token, except: nil)
      task.cancel()
      changed = true
    }
    if changed { effectsDidChange?() }
  }
}
