import SwiftRulesShop
import TabFlowCore
import TabFlowExploration
import TabFlowNavigation
import Testing

/// Threads, keys and the waiting states' store: the report must not depend on any of them.
@Suite("Exploration on several threads, with the caller's keys and store")
struct ExplorationThreadsTests {
  /// All a report says, and more than its text: what a port of `check` reads.
  static func summary<Screen, Action>(_ report: ExplorationReport<Screen, Action>) -> String {
    report.text
      + "states \(report.states) transitions \(report.transitions) depth reached \(report.depthReached) "
      + "levels \(report.levelsExplored) exhaustive \(report.exhaustive) truncated \(report.truncated)\n"
      + report.findings.map { "\($0.kind): \($0.reproduction.labels)" }.joined(separator: "\n")
  }

  /// Workers that go parallel on the smallest levels, a few states at a time.
  static func eager<Rules>(
    _ exploration: Exploration<Rules>, jobs: Int, sliceSize: Int = 2
  ) -> ExplorationWorkers<TabCoordinator<Rules>> {
    exploration.workers(jobs: jobs, sliceSize: sliceSize, parallelThreshold: 1) { exploration.coordinator }
  }

  @Test(
    "The generated apps' reports are the same on 1, 2 and 3 threads, slices of 1 to 3 states",
    arguments: 0..<20, [BackBehavior.firstRoute, .history])
  func generatedApps(seed: Int, back: BackBehavior) throws {
    let (rules, alphabet) = DifferentialExplorationTests.app(seed: UInt64(seed))
    let initial = try TabCoordinatorState<TinyScreen>(
      tabs: [TabDefinition("home", root: .home), TabDefinition("other", root: .other)], backBehavior: back)
    let exploration = Exploration(coordinator: TabCoordinator(rules: rules), initialState: initial, depth: 4, alphabet: alphabet)
    let alone = Self.summary(exploration.run())
    for jobs in 2...3 {
      let workers = Self.eager(exploration, jobs: jobs, sliceSize: 1 + seed % 3)
      #expect(workers.count == jobs)
      let report = exploration.run(keying: StateFingerprinter(), frontier: ArrayFrontier(), workers: workers)
      #expect(Self.summary(report) == alone)
    }
  }

  @Test("The shop's reports, clean and with the planted cover, are the same on 1, 2 and 3 threads")
  func shop() throws {
    let clean = try SwiftRulesShopExplorationTests.exploration(ShopRules())
    let planted = try SwiftRulesShopExplorationTests.exploration(SwiftRulesShopExplorationTests.CoverInSheetRules())
    let cleanAlone = Self.summary(clean.run())
    let plantedAlone = Self.summary(planted.run())
    #expect(cleanAlone.contains("explored 935 states"))
    for jobs in 2...3 {
      // The default slices (levels of 64 states or more go parallel), and slices of 5.
      #expect(Self.summary(clean.run(jobs: jobs) { ShopApp.coordinator() }) == cleanAlone)
      #expect(Self.summary(planted.run(jobs: jobs) { ShopApp.coordinator(rules: SwiftRulesShopExplorationTests.CoverInSheetRules()) }) == plantedAlone)
      let report = clean.run(keying: StateFingerprinter(), frontier: ArrayFrontier(), workers: Self.eager(clean, jobs: jobs, sliceSize: 5))
      #expect(Self.summary(report) == cleanAlone)
    }
  }

  @Test("Cut at maxStates mid-slice, on 3 threads: the counts and findings of 1 thread", arguments: [2, 7, 100, 417, 934])
  func cutMidSlice(maxStates: Int) throws {
    var exploration = try SwiftRulesShopExplorationTests.exploration(ShopRules())
    exploration.maxStates = maxStates
    let alone = exploration.run()
    #expect(alone.truncated && alone.states == maxStates && alone.outcome == .incomplete)
    for sliceSize in [1, 3, 16] {
      let report = exploration.run(
        keying: StateFingerprinter(), frontier: ArrayFrontier(), workers: Self.eager(exploration, jobs: 3, sliceSize: sliceSize))
      #expect(Self.summary(report) == Self.summary(alone))
    }
  }

  /// Notes the inputs it was told of that were not sent; stops at every third state reached when
  /// asked to.
  final class Unsent: ExplorationAnalysis {
    let stopsEveryThird: Bool
    var unsent: [String] = []

    init(stopsEveryThird: Bool = false) {
      self.stopsEveryThird = stopsEveryThird
    }

    func reached(_ state: ReachedState<ShopScreen>) -> ExplorationDecision {
      stopsEveryThird && state.index % 3 == 2 ? .stop : .exploreOn
    }

    func tried(_ input: TriedInput<ShopScreen, ShopAction>) {
      if !input.input.isExplorable { unsent.append(input.input.label) }
    }

    func findings(_ end: ExplorationEnd<ShopScreen, ShopAction>) -> [ExplorationFinding<ShopScreen, ShopAction>] {
      [ExplorationFinding(
        kind: ExplorationFindingKind("unsent", isNote: true), message: "\(unsent.count) inputs not sent",
        reproduction: ExplorationReproduction(inputs: []))]
    }
  }

  @Test("An analysis stopping at states, on 3 threads: the report of 1 thread")
  func analysisStops() throws {
    var exploration = try SwiftRulesShopExplorationTests.exploration(ShopRules())
    exploration.analyses = [{ Unsent(stopsEveryThird: true) }]
    let alone = exploration.run()
    #expect(!alone.exhaustive && alone.transitions < 5_791, "\(alone.text)")
    let report = exploration.run(keying: StateFingerprinter(), frontier: ArrayFrontier(), workers: Self.eager(exploration, jobs: 3))
    #expect(Self.summary(report) == Self.summary(alone))
  }

  /// The default keys, each with the number of the call that made it: checks that the engine
  /// hands each state's own key back as the parent's.
  final class CountingKeying: ExplorationKeying {
    struct Key {
      let fingerprint: UInt64
      let call: Int
    }
    let fingerprinter = StateFingerprinter<ShopScreen>()
    var parentCalls = 0
    var wrongParents = 0

    func key(of state: TabCoordinatorState<ShopScreen>) -> Key {
      Key(fingerprint: fingerprinter.fingerprint(of: state), call: 0)
    }

    func key(of state: TabCoordinatorState<ShopScreen>, from parent: TabCoordinatorState<ShopScreen>, parentKey: Key) -> Key {
      parentCalls += 1
      if fingerprinter.fingerprint(of: parent) != parentKey.fingerprint { wrongParents += 1 }
      return Key(fingerprint: fingerprinter.fingerprint(of: state), call: parentCalls)
    }

    func fingerprint(of key: Key) -> UInt64 { key.fingerprint }
  }

  @Test("A keying of the caller's: the same report, a key made per input sent, each from its parent's key")
  func customKeying() throws {
    var exploration = try SwiftRulesShopExplorationTests.exploration(ShopRules())
    // A pending link's retry on the calling thread is keyed too, when refused retries are remembered.
    exploration.remembersRefusedRetries = false
    let alone = exploration.run()
    for jobs in 1...2 {
      let keying = CountingKeying()
      let report = exploration.run(keying: keying, frontier: ArrayFrontier(), workers: Self.eager(exploration, jobs: jobs))
      #expect(Self.summary(report) == Self.summary(alone))
      #expect(keying.parentCalls == report.transitions)
      #expect(keying.wrongParents == 0)
    }
  }

  /// A store that keeps the states, their keys and their indices apart, and counts what it is
  /// asked.
  struct CountingFrontier<Screen, Key>: ExplorationFrontier {
    final class Counts {
      var appended = 0
      var emptied = 0
    }
    let counts: Counts
    var states: [TabCoordinatorState<Screen>] = []
    var keys: [Key] = []
    var indices: [Int32] = []

    var count: Int { states.count }

    mutating func append(_ state: TabCoordinatorState<Screen>, key: Key, index: Int) {
      counts.appended += 1
      states.append(state)
      keys.append(key)
      indices.append(Int32(index))
    }

    func entry(at position: Int) -> (state: TabCoordinatorState<Screen>, key: Key, index: Int) {
      (states[position], keys[position], Int(indices[position]))
    }

    mutating func removeAll() {
      counts.emptied += 1
      states = []
      keys = []
      indices = []
    }
  }

  @Test("A store of the caller's for the waiting states: the same report; a store per level")
  func customFrontier() throws {
    let exploration = try SwiftRulesShopExplorationTests.exploration(ShopRules())
    let alone = exploration.run()
    for jobs in 1...3 {
      let counts = CountingFrontier<ShopScreen, UInt64>.Counts()
      let report = exploration.run(
        keying: StateFingerprinter(), frontier: CountingFrontier(counts: counts), workers: Self.eager(exploration, jobs: jobs))
      #expect(Self.summary(report) == Self.summary(alone))
      // The initial state, and every new state but those of the last level.
      #expect(counts.appended > 1 && counts.appended < report.states)
      #expect(counts.emptied == report.levelsExplored)
    }
  }

  @Test("A coordinator that cannot be made means fewer threads, and the same report")
  func failingFactory() throws {
    let exploration = try SwiftRulesShopExplorationTests.exploration(ShopRules())
    let alone = Self.summary(exploration.run())
    var asked = 0
    let none = exploration.workers(jobs: 4) {
      asked += 1
      return nil
    }
    #expect(none.count == 1 && asked == 1, "asked no more once it failed")
    asked = 0
    let one = exploration.workers(jobs: 4, parallelThreshold: 1) {
      asked += 1
      return asked == 1 ? ShopApp.coordinator() : nil
    }
    #expect(one.count == 2 && asked == 2)
    for workers in [none, one] {
      #expect(Self.summary(exploration.run(keying: StateFingerprinter(), frontier: ArrayFrontier(), workers: workers)) == alone)
    }
    #expect(Self.summary(exploration.run(jobs: 0) { nil }) == alone)
  }

  @Test("An input that is not explorable is told to the analyses, counts no transition, and is skipped by a replay")
  func unexplorableInputs() throws {
    var exploration = try SwiftRulesShopExplorationTests.exploration(ShopRules())
    let alphabet = exploration.inputs
    let plain = exploration.run()
    // Each state's list gains an input that is never sent (it would change the state).
    exploration.inputs = { state in
      alphabet(state) + [ExplorationInput("unwritable", .setContext("other", true), isExplorable: false)]
    }
    var analysis: Unsent?
    exploration.analyses = [{
      let made = Unsent()
      analysis = made
      return made
    }]
    let report = exploration.run()
    #expect(report.states == plain.states && report.transitions == plain.transitions)
    #expect(analysis?.unsent.count ?? 0 > 0)
    let end = try #require(analysis)
    #expect(end.unsent.allSatisfy { $0 == "unwritable" })
    // On 2 threads, the same.
    exploration.analyses = [{ Unsent(stopsEveryThird: true) }]
    let alone = exploration.run()
    #expect(Self.summary(exploration.run(keying: StateFingerprinter(), frontier: ArrayFrontier(), workers: Self.eager(exploration, jobs: 2))) == Self.summary(alone))
    // A reproduction ending in it leads to the state before it.
    let unsent = ExplorationReproduction(inputs: [
      ExplorationInput<ShopScreen, ShopAction>("tap cart", .tabTapped(ShopApp.cartTab)),
      ExplorationInput("unwritable", .tabTapped(ShopApp.profileTab), isExplorable: false),
    ])
    #expect(exploration.state(after: unsent).selectedTab == ShopApp.cartTab)
  }

  @Test("Levels explored: the levels whose inputs were all tried, up to the first that reached nothing new")
  func levelsExplored() throws {
    let push: (TinyScreen) -> [(label: String, action: TinyAction)] = { $0 == .home ? [("push 1", .push(1))] : [] }
    // States at depths 0, 1, 2; the third level reaches nothing new.
    let deep = try TinyApp.exploration(depth: 5, actions: push).run()
    #expect(deep.depthReached == 2 && deep.levelsExplored == 3 && deep.exhaustive)
    let bounded = try TinyApp.exploration(depth: 2, actions: push).run()
    #expect(bounded.depthReached == 2 && bounded.levelsExplored == 2 && !bounded.exhaustive)
    let none = try TinyApp.exploration(depth: 0, actions: push).run()
    #expect(none.levelsExplored == 0)
    // Cut in the first level: no level was explored in full.
    let cut = try TinyApp.exploration(depth: 3, maxStates: 2, actions: push).run()
    #expect(cut.truncated && cut.depthReached == 1 && cut.levelsExplored == 0)
    // The initial state breaks an invariant: the first level has nothing to explore.
    let broken = try TinyApp.exploration(invariants: [StateInvariant("never") { _ in "broken" }], actions: push).run()
    #expect(broken.states == 1 && broken.levelsExplored == 1 && !broken.exhaustive)
  }

  @Test("Workers merge every result in order, once, for any number of workers and slice size; a stop stops")
  func workersMergeInOrder() {
    for workerCount in 1...4 {
      for sliceSize in [1, 3, 16] {
        let workers = ExplorationWorkers(0, others: Array(1..<workerCount), sliceSize: sliceSize, parallelThreshold: 1)
        var merged: [Int] = []
        workers.run(count: 100, working: { index, _ in index * index }) { index, square in
          merged.append(index)
          #expect(square == index * index)
          return true
        }
        #expect(merged == Array(0..<100))
        var stoppedAt: [Int] = []
        workers.run(count: 100, working: { index, _ in index }) { index, _ in
          stoppedAt.append(index)
          return index < 41
        }
        #expect(stoppedAt == Array(0...41))
        workers.run(count: 0, working: { index, _ in index }) { _, _ in
          Issue.record("nothing to merge")
          return true
        }
      }
    }
  }
}
