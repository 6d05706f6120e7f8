import TabFlowCore

/// The engine's memo of a pending link's refused retries, for the steps it runs on the calling
/// thread (``Exploration/remembersRefusedRetries``): a retry is keyed, before it runs, as the
/// state it runs in would be keyed had the step ended there (by the exploration's keying, from
/// the state the input was tried from); a retry refused in a state of that fingerprint — one
/// state, to the exploration — is refused again without running. A refused retry leaves the
/// state as it was, and the keying tells apart everything a handler or guard reads (route IDs,
/// which they cannot read, aside).
///
/// With a ``Exploration/RetryCost`` (rules with a budget), a recalled refusal is charged what the
/// retry used when it ran, and runs when the running budget cannot pay for it; a retry that
/// printed or raised a guard error is not remembered. Bounded: past ``capacity`` refusals the
/// memo starts again empty.
///
/// A value the exploration's run mutates in place (its methods are specialized with the run; a
/// generic class's would look up type metadata on every retry), held in a
/// ``RefusedRetryMemoBox``. The coordinator reaches it through a ``RefusedRetryHook``.
@usableFromInline
struct RefusedRetryMemo<Screen, Key> {
  @usableFromInline typealias State = TabCoordinatorState<Screen>

  /// The state the inputs being stepped are tried from, and its key; `nil`: retries run.
  @usableFromInline var source: (state: SourceState<Screen>, key: Key)? {
    didSet { lastRefused = nil }
  }
  /// The instructions each refused retry used, by the fingerprint of the state it ran in.
  @usableFromInline var refusals = FingerprintTable<Int>(placeholder: 0)
  /// The state of the last refused retry, its key and the key's fingerprint: the state a step
  /// ends in when nothing changes it after the retry, which is then not keyed (nor its key
  /// fingerprinted) again (``key(ofUnchanged:)``).
  @usableFromInline var lastRefused: (state: State, key: Key, fingerprint: UInt64)?

  @usableFromInline static var capacity: Int { 1 << 20 }

  @inlinable
  init() {}

  /// Runs `retry` in `state` (answering whether the guards refused it), unless a retry was
  /// refused in a state of the same fingerprint and `cost` can charge what it used.
  @inlinable
  mutating func retry<Keying: ExplorationKeying, Rules>(
    in state: inout State, keying: Keying, rules: Rules, cost: Exploration<Rules>.RetryCost?,
    _ retry: (inout State) -> Bool
  ) where Keying.Screen == Screen, Keying.Key == Key, Rules.Screen == Screen {
    guard let source else {
      _ = retry(&state)
      return
    }
    let key = keying.key(of: state, from: source.state.state, parentKey: source.key)
    let fingerprint = keying.fingerprint(of: key)
    if let used = refusals[fingerprint], cost?.charge(rules, used) ?? true {
      lastRefused = (state, key, fingerprint)
      return
    }
    let mark = cost?.mark(rules)
    guard retry(&state) else { return }
    lastRefused = (state, key, fingerprint)
    var used = 0
    if let cost, let mark {
      let now = cost.mark(rules)
      // It printed, or a guard raised an error: a recalled refusal would not.
      guard now.events == mark.events else { return }
      used = max(0, mark.instructions - now.instructions)
    }
    if refusals.count >= Self.capacity { refusals.removeAll() }
    refusals.set(used, for: fingerprint)
  }

  /// The key of `state` and its fingerprint when it is the state of the last refused retry,
  /// unchanged since (the same box: see ``/TabFlowCore/TabCoordinatorState/isUnchangedCopy(of:)``),
  /// made from the same source; forgets that state.
  @inlinable
  mutating func key(ofUnchanged state: borrowing State) -> (key: Key, fingerprint: UInt64)? {
    guard let last = lastRefused else { return nil }
    lastRefused = nil
    return last.state.isUnchangedCopy(of: state) ? (last.key, last.fingerprint) : nil
  }
}

/// Where an exploration's run keeps its ``RefusedRetryMemo``: the run reads and writes it between
/// steps, and the run's ``RefusedRetryHook`` during a step's retries.
///
/// A class with an unchecked memo: a local variable captured by the hook's closure was boxed and
/// checked for exclusive access at run time at each of its accesses (between steps and on each
/// retry). The accesses never overlap: the run makes none while its coordinator steps, and a
/// retry runs the guards only, which run no other retry.
@usableFromInline
final class RefusedRetryMemoBox<Screen, Key> {
  @exclusivity(unchecked) @usableFromInline var memo = RefusedRetryMemo<Screen, Key>()

  @inlinable
  init() {}
}

/// What the coordinator stepping on an exploration's calling thread is given as its
/// ``/TabFlowCore/TabCoordinator/refusedRetries``: it hands each retry to the run's
/// ``RefusedRetryMemo``.
@usableFromInline
final class RefusedRetryHook<Screen>: RefusedLinkRetries {
  @usableFromInline let body: (inout TabCoordinatorState<Screen>, (inout TabCoordinatorState<Screen>) -> Bool) -> Void

  @inlinable
  init(_ body: @escaping (inout TabCoordinatorState<Screen>, (inout TabCoordinatorState<Screen>) -> Bool) -> Void) {
    self.body = body
  }

  @inlinable
  func retry(in state: inout TabCoordinatorState<Screen>, _ retry: (inout TabCoordinatorState<Screen>) -> Bool) {
    body(&state, retry)
  }
}
