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
  // Told by the engine on one thread, one call at a time: no run-time exclusivity checks.
  @exclusivity(unchecked) private var linked: [(url: String, state: TabCoordinatorState<DynamicScreen>, index: Int)] = []
  @exclusivity(unchecked) private var seen = Set<URLInContext>()
  /// A state's URL is its top screen's (the links do not change while exploring): written once per screen.
  @exclusivity(unchecked) private var urlOfScreen: [DynamicScreen: String?] = [:]
  /// The screens whose URLs were asked, with their URLs, found by their bits before any screen
  /// is hashed: a state reached usually shows a screen of a state met before, or one a
  /// remembered rule made again, sharing its storage.
  private let recentURLs = RecentByBits<DynamicScreen, String?>(slotBits: 8)
  /// The URLs and contexts met, found by their bits before any is hashed (most states reached
  /// share their context's storage with the state they came from).
  private let recentSeen = RecentByBits<URLInContext, Bool>(slotBits: 8)

  private struct URLInContext: Hashable {
    let url: String
    let context: [String: FlowValue]
  }

  init(_ run: ScriptCheckRun) {
    self.run = run
  }

  func reached(_ state: ReachedState<DynamicScreen>) -> ExplorationDecision {
    reached(state, top: state.state.shownScreen)
  }

  /// ``reached(_:)``, told the screen `state` shows (``TabCoordinatorState/shownScreen``, read
  /// once for the analyses that read it).
  func reached(_ state: ReachedState<DynamicScreen>, top: DynamicScreen) -> ExplorationDecision {
    guard run.lastViolating != state.index else { return .exploreOn }
    guard let url = url(of: top, in: state.state) else { return .exploreOn }
    let met = URLInContext(url: url, context: state.state.context)
    // Met with these very bits: inserted before.
    guard recentSeen.value(for: met) == nil else { return .exploreOn }
    recentSeen.remember(true, for: met)
    if seen.insert(met).inserted { linked.append((url, state.state, state.index)) }
    return .exploreOn
  }

  /// The URL of `state`, whose top screen is `top`: the one found for an equal screen before.
  private func url(of top: DynamicScreen, in state: TabCoordinatorState<DynamicScreen>) -> String? {
    if let known = recentURLs.value(for: top) { return known }
    let url: String?
    if let known = urlOfScreen[top] {
      url = known
    } else {
      url = run.coordinator.deepLinks.url(for: state)
      urlOfScreen[top] = url
    }
    recentURLs.remember(url, for: top)
    return url
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
