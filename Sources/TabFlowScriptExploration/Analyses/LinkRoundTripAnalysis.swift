import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowNavigation

/// `check`'s link round trips: for each screen's URL (the link of a state's top screen, with
/// each context it was met in), once the exploration ended, whether opening it from the initial
/// state with that context shows that screen again (where it opens, for a link a guard defers).
/// Each URL and context once, at the first state met (not breaking an invariant).
final class LinkRoundTripAnalysis: ExplorationAnalysis {
  private let run: ScriptCheckRun
  private var linked: [(url: String, state: TabCoordinatorState<DynamicScreen>, index: Int)] = []
  private var seen = Set<URLInContext>()
  /// A state's URL is its top screen's (the links do not change while exploring): written once per screen.
  private var urlOfScreen: [DynamicScreen: String?] = [:]

  private struct URLInContext: Hashable {
    let url: String
    let context: [String: FlowValue]
  }

  init(_ run: ScriptCheckRun) {
    self.run = run
  }

  func reached(_ state: ReachedState<DynamicScreen>) -> ExplorationDecision {
    guard run.lastViolating != state.index else { return .exploreOn }
    let top = state.state.visibleTop.screen
    let found = urlOfScreen[top] ?? {
      let url = run.coordinator.deepLinks.url(for: state.state)
      urlOfScreen[top] = url
      return url
    }()
    if let url = found, seen.insert(URLInContext(url: url, context: state.state.context)).inserted {
      linked.append((url, state.state, state.index))
    }
    return .exploreOn
  }

  func findings(_ end: ExplorationEnd<DynamicScreen, DynamicAction>) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    // With nothing explored (depth 0), no link is opened either: no rule runs.
    guard end.depth > 0, let initial = run.initial else { return [] }
    let links = run.links
    let findings = linked.compactMap { entry -> ExplorationFinding<DynamicScreen, DynamicAction>? in
      links.roundTripProblem(entry.url, of: entry.state, from: initial).map {
        ExplorationFinding(
          kind: FailureKind.linkRoundTrip.findingKind, message: $0, reproduction: end.reproduction(to: entry.index))
      }
    }
    return run.collect(findings, phase: ScriptCheckPhase.roundTrips)
  }
}
