import Logging
import TabFlowCore
import TabFlowNavigation

/// Explores two coordinators in lockstep, breadth first — an old and a new version of an app's
/// rules, Swift or Lua — and tells its analyses where their behaviours part: `flowscript diff`'s
/// engine, and an app's own test of a change.
///
/// A state is a pair: one state per side, reached by the same labels. From each pair, every label
/// either side gives (the new side's inputs, then the old side's it lacks) is sent to both sides,
/// each side its own input for it (``PairedSide/input`` for a label it lacks), and their steps run
/// together (``PairedSide/step``). The analyses compare the two outcomes
/// (``PairedAnalysis/agree(_:)``) and the engine compares the states after them by key: an input
/// where they agree leads to the next pair, explored on unless reached before; one where they do
/// not is a difference (``PairedAnalysis/differs(_:)``), not explored beyond. So each difference
/// is met by the fewest labels.
///
/// ```swift
/// let differences = PairedDifferences<ShopScreen, ShopAction, PairedStep<ShopScreen>> { $0.agrees(with: $1) }
/// let report = PairedExploration(
///   old: PairedSide(coordinator: ShopApp.coordinator(rules: ShopRules()), initialState: initial, inputs: alphabet.inputs(for:)),
///   new: PairedSide(coordinator: ShopApp.coordinator(rules: ChangedRules()), initialState: initial, inputs: alphabet.inputs(for:)),
///   depth: 5, analyses: [differences]
/// ).run()
/// #expect(differences.differences.isEmpty)
/// ```
///
/// Pairs are recorded as in ``Exploration``: a 64-bit fingerprint made of the two states' keys,
/// in a table of fingerprints; a level's pairs wait whole, with their labels.
public struct PairedExploration<Old: NavigationRules, New: NavigationRules, Outcome>
where Old.Screen == New.Screen, Old.ScreenAction == New.ScreenAction, Old.Screen: Hashable {
  /// The coordinators' screen type.
  public typealias Screen = Old.Screen
  /// The screens' action type.
  public typealias ScreenAction = Old.ScreenAction
  /// A state of either side.
  public typealias State = TabCoordinatorState<Screen>
  /// An input of either side.
  public typealias Input = ExplorationInput<Screen, ScreenAction>
  /// What a worker steps: a coordinator of each side.
  public typealias Coordinators = (old: TabCoordinator<Old>, new: TabCoordinator<New>)

  /// The old side.
  public var old: PairedSide<Old, Outcome>
  /// The new side.
  public var new: PairedSide<New, Outcome>
  /// The most labels from the initial pair: pairs at that depth are reached but not explored.
  public var depth: Int
  /// The most pairs to reach; a run cut there is ``PairedReport/truncated``.
  public var maxPairs: Int
  /// The analyses fed, in order.
  public var analyses: [any PairedAnalysis<Screen, ScreenAction, Outcome>]

  /// An exploration of `old` and `new` in lockstep.
  public init(
    old: PairedSide<Old, Outcome>, new: PairedSide<New, Outcome>, depth: Int = 6, maxPairs: Int = 1_000_000,
    analyses: [any PairedAnalysis<Screen, ScreenAction, Outcome>]
  ) {
    self.old = old
    self.new = new
    self.depth = depth
    self.maxPairs = maxPairs
    self.analyses = analyses
  }

  /// Explores on the calling thread, states told apart by ``StateFingerprinter``.
  @inlinable
  public func run() -> PairedReport {
    run(keying: StateFingerprinter<Screen>(), workers: workers(jobs: 1) { nil })
  }

  /// `jobs` workers (at least one): the sides' coordinators for the calling thread, and the pairs
  /// `makeCoordinators` makes (until it returns `nil`) — Lua rules hold a VM, which is not
  /// thread-safe — each with its logging off.
  public func workers(
    jobs: Int, sliceSize: Int = 16, parallelThreshold: Int = 64, makeCoordinators: () -> Coordinators?
  ) -> ExplorationWorkers<Coordinators> {
    var others: [Coordinators] = []
    while others.count + 1 < jobs, let made = makeCoordinators() {
      others.append((Exploration<Old>.quiet(made.old), Exploration<New>.quiet(made.new)))
    }
    return ExplorationWorkers(
      (Exploration<Old>.quiet(old.coordinator), Exploration<New>.quiet(new.coordinator)), others: others,
      sliceSize: sliceSize, parallelThreshold: parallelThreshold)
  }

  /// A pair waiting to be explored: its states, their keys, and its index.
  @usableFromInline
  struct Waiting<Key> {
    @usableFromInline let pair: PairedState<Screen>
    @usableFromInline let keys: (old: Key, new: Key)

    @inlinable
    init(pair: PairedState<Screen>, keys: (old: Key, new: Key)) {
      self.pair = pair
      self.keys = keys
    }
  }

  /// One label of a pair and each side's input for it.
  @usableFromInline
  typealias PairedInput = (label: String, old: Input, new: Input)

  /// What one label did on both sides.
  @usableFromInline
  typealias PairedSteps = (old: (outcome: Outcome, after: State?), new: (outcome: Outcome, after: State?))

  /// What a pair's labels did, handed from a worker to the calling thread in a box, so that the
  /// merge moves each step's states out rather than copying them.
  @usableFromInline
  final class StepsBox {
    @usableFromInline var steps: [PairedSteps?]

    @inlinable
    init(_ steps: [PairedSteps?]) { self.steps = steps }

    /// The steps of label `position`, moved out.
    @inlinable
    func take(_ position: Int) -> PairedSteps? {
      var taken: PairedSteps?
      swap(&taken, &steps[position])
      return taken
    }
  }

  /// The labels of `pair`: the new side's inputs, then the old side's whose labels it lacks, each
  /// with both sides' inputs.
  @inlinable
  func inputs(of pair: PairedState<Screen>) -> [PairedInput] {
    let oldList = old.inputs(pair.old)
    let newList = new.inputs(pair.new)
    if oldList.count == newList.count, zip(oldList, newList).allSatisfy({ $0.label == $1.label }) {
      return zip(oldList, newList).map { oldInput, newInput -> PairedInput in (newInput.label, oldInput, newInput) }
    }
    var oldByLabel: [String: Int] = [:]
    for (position, input) in oldList.enumerated() where oldByLabel[input.label] == nil { oldByLabel[input.label] = position }
    var labels = Set(newList.map(\.label))
    var paired = newList.map { input -> PairedInput in
      (input.label, oldByLabel[input.label].map { oldList[$0] } ?? old.input(input.label, pair.old), input)
    }
    for input in oldList where labels.insert(input.label).inserted {
      paired.append((input.label, input, new.input(input.label, pair.new)))
    }
    return paired
  }

  /// A fingerprint of a pair: its two states' fingerprints mixed.
  @inlinable
  static func fingerprint(old: UInt64, new: UInt64) -> UInt64 {
    var mixed = old ^ (new &+ 0x9E37_79B9_7F4A_7C15 &+ (old << 6) &+ (old >> 2))
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// Explores, and reports: states told apart by `keying` (one keying for both sides: states
  /// that look the same get one key), inputs stepped by `workers` (the calling thread's are the
  /// first worker's). Each level's pairs are taken a thousand at a time with their labels (asked
  /// on the calling thread); both sides' steps run on the workers, and are merged on the calling
  /// thread in the order of the pairs and their labels: keys, the pairs reached, the analyses and
  /// the pair limit. The report and what the analyses are told are the same for any number of
  /// workers. When the initial states have other keys, nothing is explored.
  @inlinable
  public func run<Keying: ExplorationKeying>(keying: Keying, workers: ExplorationWorkers<Coordinators>) -> PairedReport
  where Keying.Screen == Screen {
    typealias Key = Keying.Key
    var report = PairedReport()
    let initialKeys = (old: keying.key(of: old.initialState), new: keying.key(of: new.initialState))
    let initialFingerprints = (old: keying.fingerprint(of: initialKeys.old), new: keying.fingerprint(of: initialKeys.new))
    guard initialFingerprints.old == initialFingerprints.new else {
      report.initialStatesDiffer = true
      return report
    }
    var visited = VisitedTable()
    let initialIndex = visited.insert(Self.fingerprint(old: initialFingerprints.old, new: initialFingerprints.new), from: nil)
    let initial = PairedState(index: initialIndex, depth: 0, old: old.initialState, new: new.initialState, labels: [])
    for analysis in analyses { analysis.reached(initial) }
    var frontier = [Waiting(pair: initial, keys: initialKeys)]
    var next: [Waiting<Key>] = []
    var level = 0

    /// The key of a side's state after a step: the state before's when the step said none.
    func key(after state: State?, from before: State, key: Key) -> Key {
      guard let state else { return key }
      return keying.key(of: state, from: before, parentKey: key)
    }

    /// Merges what the input at `position` of `waiting`'s labels (`list`) did on both sides
    /// (`steps`, moved in); whether to go on (`false` once the exploration is cut at the limit).
    func merge(_ waiting: Waiting<Key>, list: [PairedInput], position: Int, steps: consuming PairedSteps) -> Bool {
      report.transitions += 1
      let pair = waiting.pair
      let oldKey = key(after: steps.old.after, from: pair.old, key: waiting.keys.old)
      let newKey = key(after: steps.new.after, from: pair.new, key: waiting.keys.new)
      let fingerprints = (old: keying.fingerprint(of: oldKey), new: keying.fingerprint(of: newKey))
      let transition = PairedTransition(
        pair: pair, list: list, position: position, outcomes: (steps.old.outcome, steps.new.outcome),
        stepped: (steps.old.after, steps.new.after), statesAgree: fingerprints.old == fingerprints.new)
      var agree = transition.statesAgree
      for analysis in analyses where !analysis.agree(transition) { agree = false }
      guard agree else {
        report.differences += 1
        for analysis in analyses { analysis.differs(transition) }
        return true
      }
      let fingerprint = Self.fingerprint(old: fingerprints.old, new: fingerprints.new)
      guard visited.index(of: fingerprint) == nil else { return true }
      guard visited.count < maxPairs else {
        report.truncated = true
        return false
      }
      let index = visited.insert(fingerprint, from: (pair.index, position))
      let after = transition.after
      let reached = PairedState(index: index, depth: level + 1, old: after.old, new: after.new, labels: pair.labels + [list[position].label])
      for analysis in analyses { analysis.reached(reached) }
      next.append(Waiting(pair: reached, keys: (oldKey, newKey)))
      return true
    }

    level: while level < depth {
      next.removeAll()
      var start = 0
      while start < frontier.count {
        let end = min(start + Self.pairsAtOnce, frontier.count)
        defer { start = end }
        let waiting = Array(frontier[start..<end])
        let lists = waiting.map { inputs(of: $0.pair) }
        var cut = false
        workers.run(
          count: waiting.count,
          working: { index, coordinators in
            // On a worker's thread: reads the pairs and inputs, which stay as they are meanwhile.
            let pair = waiting[index].pair
            return StepsBox(lists[index].map { input -> PairedSteps? in
              (old: old.step(coordinators.old, input.old, pair.old), new: new.step(coordinators.new, input.new, pair.new))
            })
          },
          merging: { index, box in
            let entry = waiting[index]
            let list = lists[index]
            for position in list.indices {
              guard let steps = box.take(position), merge(entry, list: list, position: position, steps: steps) else {
                cut = true
                return false
              }
            }
            return true
          })
        if cut { break level }
      }
      level += 1
      report.levelsExplored = level
      swap(&frontier, &next)
      if frontier.isEmpty { break }
    }
    report.pairs = visited.count
    return report
  }

  /// How many of a level's pairs are taken at a time (with their labels and, on the workers,
  /// what their inputs did).
  @usableFromInline
  static var pairsAtOnce: Int { 1_024 }
}
