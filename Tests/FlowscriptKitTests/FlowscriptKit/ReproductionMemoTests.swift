import Logging
import TabFlowCore
import TabFlowExploration
import TabFlowLua
@testable import TabFlowScriptExploration
import TestSupport
import Testing

/// ``ReproductionMemo``, which `check`'s traps ask for the lines of a state and then
/// for its reproduction: at the end of an exploration of the demo, the reproduction it gives for a
/// state — asked first, or again, in random order — is the one the exploration's end makes for it.
@Suite struct ReproductionMemoTests {
  /// Asks the memo and the end for the reproductions of random states, once the exploration ended.
  final class Probe: ExplorationAnalysis {
    typealias Screen = DynamicScreen
    typealias ScreenAction = DynamicAction
    var compared = 0
    var distinct = Set<[String]>()
    let seed: UInt64

    init(seed: UInt64) { self.seed = seed }

    func findings(_ end: ExplorationEnd<DynamicScreen, DynamicAction>) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
      var choices = SeededChoices(seed: seed)
      let memo = ReproductionMemo(end)
      // Few states, asked many times: most are asked again.
      let asked = (0..<12).map { _ in choices.next(end.states) }
      for _ in 0..<60 {
        let index = choices.pick(asked)
        let labels = memo.reproduction(to: index).labels
        #expect(labels == end.reproduction(to: index).labels, "state \(index)")
        distinct.insert(labels)
        compared += 1
      }
      return []
    }
  }

  @Test(arguments: [1, 2] as [UInt64])
  func aReproductionIsTheOneTheEndMakesForItsState(seed: UInt64) throws {
    let rules = try ScriptedRules<DynamicScreen, DynamicAction>(contentsOfFile: FlowscriptCLI.demoScript)
    let coordinator = TabCoordinator(script: rules, logger: Logger(label: "quiet") { _ in SwiftLogNoOpLogHandler() })
    let checks = ScriptChecks(rules: rules, alphabet: ScriptAlphabet(declarations: rules.declarations))
    var exploration = checks.exploration(coordinator: coordinator, initialState: try rules.initialState(), depth: 3)
    let probe = Probe(seed: seed)
    exploration.analyses.append { probe }
    _ = exploration.run()
    #expect(probe.compared == 60)
    // States with reproductions of their own were asked (a memo giving one for all would fail).
    #expect(probe.distinct.count > 3)
  }
}
