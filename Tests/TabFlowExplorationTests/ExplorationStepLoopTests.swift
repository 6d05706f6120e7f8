@testable import TabFlowCore
@testable import TabFlowExploration
import TabFlowNavigation
import Testing

/// The calling thread's step loop (which reads each input's action where the list holds it, and
/// moves each step's delegates and note into its tried input) against the workers' (which steps
/// each input through the list's elements): every tried input must tell the same, on generated
/// apps whose host notes some steps and has some move nowhere.
@Suite("Exploration's step loop on the calling thread against the workers'")
struct ExplorationStepLoopTests {
  /// Every input tried, written out whole.
  final class Recorder: ExplorationAnalysis {
    var tried: [String] = []

    func tried(_ input: TriedInput<TinyScreen, Int>) {
      tried.append(
        "\(input.from) \(input.position) \(input.input.label) \(input.input.isExplorable) \(input.outcome) "
          + "note \(input.hasNote) \(input.note.map { "\($0)" } ?? "-") delegates \(input.delegates) "
          + "after \(input.after == input.state ? "same" : "\(input.after)")")
    }

    func findings(_ end: ExplorationEnd<TinyScreen, Int>) -> [ExplorationFinding<TinyScreen, Int>] { [] }
  }

  /// A note on every step that told something; such a step moves nowhere when what it told is
  /// written with an even number of characters (the same on every thread). `seen` is told of
  /// each noted step, with whether it moves.
  static func noteStep(
    _ seen: @escaping (_ moves: Bool) -> Void
  ) -> Exploration<DifferentialExplorationTests.Rules>.NoteStep {
    (
      start: { _ in 0 },
      end: { _, _, delegates in
        if delegates.isEmpty { return (nil, true) }
        let told = "\(delegates)"
        let moves = !told.count.isMultiple(of: 2)
        seen(moves)
        return ("told \(told)", moves)
      }
    )
  }

  @Test("Each tried input's outcome, note, delegates and state after are the workers'", arguments: 0..<12)
  func callerLoopIsTheWorkersLoop(seed: Int) throws {
    let (rules, alphabet) = DifferentialExplorationTests.app(seed: UInt64(seed))
    let initial = try TabCoordinatorState<TinyScreen>(
      tabs: [TabDefinition("home", root: .home), TabDefinition("other", root: .other)])
    let recorder = Recorder()
    var exploration = Exploration(
      coordinator: TabCoordinator(rules: rules), initialState: initial, depth: 4, analyses: [{ recorder }],
      alphabet: alphabet)
    exploration.noteStep = Self.noteStep { _ in }
    let alone = ExplorationThreadsTests.summary(exploration.run())
    let aloneTried = recorder.tried
    recorder.tried = []
    let workers = ExplorationThreadsTests.eager(exploration, jobs: 2, sliceSize: 1 + seed % 3)
    let report = exploration.run(keying: StateFingerprinter(), frontier: ArrayFrontier(), workers: workers)
    #expect(ExplorationThreadsTests.summary(report) == alone)
    #expect(recorder.tried == aloneTried)
    #expect(aloneTried.count > 1)
  }

  @Test("Over the generated apps, steps were noted, and some moved nowhere")
  func notesWereMet() throws {
    var noted = 0
    var nowhere = 0
    for seed in 0..<12 {
      let (rules, alphabet) = DifferentialExplorationTests.app(seed: UInt64(seed))
      let initial = try TabCoordinatorState<TinyScreen>(
        tabs: [TabDefinition("home", root: .home), TabDefinition("other", root: .other)])
      var exploration = Exploration(
        coordinator: TabCoordinator(rules: rules), initialState: initial, depth: 4, alphabet: alphabet)
      exploration.noteStep = Self.noteStep { moves in
        noted += 1
        if !moves { nowhere += 1 }
      }
      _ = exploration.run()
    }
    #expect(noted > 0 && nowhere > 0, "noted \(noted), moving nowhere \(nowhere)")
  }
}
