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
  /// The screens whose URLs were asked last, with their URLs, compared by their bits before any
  /// screen is hashed: a state reached usually shows a screen of the state it came from, or one
  /// a remembered rule made again, sharing its storage. Kept here, their storage is not reused.
  @exclusivity(unchecked) private var recent: [(screen: DynamicScreen, url: String?)] = []
  /// Where the next screen goes once ``recent`` holds ``recentCount``.
  @exclusivity(unchecked) private var nextRecent = 0
  private static let recentCount = 8

  private struct URLInContext: Hashable {
    let url: String
    let context: [String: FlowValue]
  }

  init(_ run: ScriptCheckRun) {
    self.run = run
  }

  func reached(_ state: ReachedState<DynamicScreen>) -> ExplorationDecision {
    guard run.lastViolating != state.index else { return .exploreOn }
    let top = state.state.shownTop.screen
    if let url = url(of: top, in: state.state), seen.insert(URLInContext(url: url, context: state.state.context)).inserted {
      linked.append((url, state.state, state.index))
    }
    return .exploreOn
  }

  /// The URL of `state`, whose top screen is `top`: the one found for an equal screen before.
  private func url(of top: DynamicScreen, in state: TabCoordinatorState<DynamicScreen>) -> String? {
    for index in recent.indices where Self.sameBits(recent[index].screen, top) { return recent[index].url }
    let url: String?
    if let known = urlOfScreen[top] {
      url = known
    } else {
      url = run.coordinator.deepLinks.url(for: state)
      urlOfScreen[top] = url
    }
    if recent.count < Self.recentCount {
      recent.append((top, url))
    } else {
      recent[nextRecent] = (top, url)
      nextRecent = (nextRecent + 1) % Self.recentCount
    }
    return url
  }

  /// Whether two screens are the same bits — the same name and state storage — and so equal;
  /// `false` says nothing.
  private static func sameBits(_ lhs: DynamicScreen, _ rhs: DynamicScreen) -> Bool {
    withUnsafeBytes(of: lhs) { lhs in
      withUnsafeBytes(of: rhs) { rhs in lhs.elementsEqual(rhs) }
    }
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
