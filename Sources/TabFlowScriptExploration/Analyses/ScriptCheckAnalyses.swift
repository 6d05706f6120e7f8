import TabFlowCore
import TabFlowExploration
import TabFlowLua

/// ``ScriptChecks``' analyses as one analysis for the engine: each call handed on to each of
/// them, in `check`'s order — the recorder first (the others read what it recorded of the step
/// or state) — and their findings in that order.
///
/// One analysis, not eleven: the engine calls each of its analyses through an existential held
/// in an array, which retains and releases it on every call (twice per call, eleven analyses,
/// every input tried). Here each is a constant of its own type: called directly, with no retain,
/// and each call an analysis leaves to the protocol's default (which does nothing, inlined) costs
/// nothing. Every analysis is told everything: one that starts to read a call needs no change here.
final class ScriptCheckAnalyses: ExplorationAnalysis {
  private let recorder: ScriptStepRecorder
  private let invariants: ScriptInvariantAnalysis
  private let declarations: DeclarationAnalysis
  private let unexplorable: UnexplorableInputAnalysis
  private let failedSteps: FailedStepAnalysis
  private let deferredLinks: DeferredLinkAnalysis
  private let roundTrips: LinkRoundTripAnalysis
  private let traps: ScriptTrapAnalysis
  private let payloadFields: PayloadFieldAnalysis
  private let unreached: ScriptUnreachedScreenAnalysis
  private let coverWayBack: CoverWayBackAnalysis

  /// The analyses of `run`, made in `check`'s order.
  init(_ run: ScriptCheckRun) {
    recorder = ScriptStepRecorder(run)
    invariants = ScriptInvariantAnalysis(run)
    declarations = DeclarationAnalysis(run)
    unexplorable = UnexplorableInputAnalysis(run)
    failedSteps = FailedStepAnalysis(run)
    deferredLinks = DeferredLinkAnalysis(run)
    roundTrips = LinkRoundTripAnalysis(run)
    traps = ScriptTrapAnalysis(run)
    payloadFields = PayloadFieldAnalysis(run)
    unreached = ScriptUnreachedScreenAnalysis(run)
    coverWayBack = CoverWayBackAnalysis(run)
  }

  /// Every analysis is told (in order), whatever an earlier one decided; ``ExplorationDecision/stop``
  /// when one of them stops.
  func reached(_ state: ReachedState<DynamicScreen>) -> ExplorationDecision {
    var stops = false
    if recorder.reached(state) == .stop { stops = true }
    if invariants.reached(state) == .stop { stops = true }
    if declarations.reached(state) == .stop { stops = true }
    if unexplorable.reached(state) == .stop { stops = true }
    if failedSteps.reached(state) == .stop { stops = true }
    if deferredLinks.reached(state) == .stop { stops = true }
    // The screen shown, read once for the two analyses that read it.
    let top = state.state.shownScreen
    if roundTrips.reached(state, top: top) == .stop { stops = true }
    if traps.reached(state) == .stop { stops = true }
    if payloadFields.reached(state, top: top) == .stop { stops = true }
    if unreached.reached(state) == .stop { stops = true }
    if coverWayBack.reached(state) == .stop { stops = true }
    return stops ? .stop : .exploreOn
  }

  func exploring(_ state: ReachedState<DynamicScreen>) {
    recorder.exploring(state)
    invariants.exploring(state)
    declarations.exploring(state)
    unexplorable.exploring(state)
    failedSteps.exploring(state)
    deferredLinks.exploring(state)
    roundTrips.exploring(state)
    traps.exploring(state)
    payloadFields.exploring(state)
    unreached.exploring(state)
    coverWayBack.exploring(state)
  }

  func tried(_ input: TriedInput<DynamicScreen, DynamicAction>) {
    recorder.tried(input)
    invariants.tried(input)
    declarations.tried(input)
    unexplorable.tried(input)
    failedSteps.tried(input)
    deferredLinks.tried(input)
    roundTrips.tried(input)
    traps.tried(input)
    payloadFields.tried(input)
    unreached.tried(input)
    coverWayBack.tried(input)
  }

  func findings(_ end: ExplorationEnd<DynamicScreen, DynamicAction>) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    recorder.findings(end) + invariants.findings(end) + declarations.findings(end) + unexplorable.findings(end)
      + failedSteps.findings(end) + deferredLinks.findings(end) + roundTrips.findings(end) + traps.findings(end)
      + payloadFields.findings(end) + unreached.findings(end) + coverWayBack.findings(end)
  }
}
