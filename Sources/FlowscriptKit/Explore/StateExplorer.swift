import Foundation
import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowNavigation
import TabFlowScriptExploration

/// `check --explore`: breadth-first exploration of every state a flow can reach, deduplicated,
/// with the shortest line sequence to each problem.
struct StateExplorer {
  typealias State = TabCoordinatorState<DynamicScreen>

  let session: FlowSession
  let depth: Int
  let maxStates: Int
  var quiet = false
  /// The context keys and values the inputs set: the declared keys, and the keys rules were seen
  /// to read (``run()`` adds them, round by round, while it sees new ones).
  var context: ContextSamples

  /// How many sessions explore at once (each state's inputs run in one of them); the report is
  /// the same for any number.
  var jobs = ExplorationWorkers.defaultCount

  /// Whether the states waiting to be explored are packed (``FrontierStates``); tests compare
  /// explorations with and without.
  var packsFrontier = true

  /// The start of each reproduction line (`flowscript send SCRIPT`); the script's chunk name when `nil`.
  var sendCommand: String?
  /// Whether the invariants' violations are kept by the selected tab's routes (see
  /// `violationsBySelectedRoutes`); off only in tests that compare with asking them every time.
  var rememberInvariantsByRoutes = true
  /// Whether the user's reordering of the tabs is explored too (`check --customization`);
  /// hiding and showing `hideable` tabs always is.
  let customization: Bool

  init(
    session: FlowSession, depth: Int, maxStates: Int, quiet: Bool = false, sendCommand: String? = nil,
    customization: Bool = false
  ) {
    self.customization = customization
    self.session = session
    self.sendCommand = sendCommand
    self.depth = depth
    self.maxStates = maxStates
    self.quiet = quiet
    context = ContextSamples(declarations: session.rules.declarations, read: session.rules.contextKeysRead)
  }

  /// One explored transition that went somewhere new or did something worth drawing.
  struct Transition: Hashable {
    let from: String
    let to: String
    let line: String
    let style: String
  }

  /// A problem and the lines that reproduce it.
  struct Finding {
    let kind: FailureKind
    let message: String
    let lines: [String]
  }

  struct Report {
    var states = 0
    var transitions = 0
    var depthReached = 0
    var truncated = false
    var milliseconds = 0
    var findings: [Finding] = []
    var unreachedScreens: [String] = []
    /// Whether every reachable state was explored (the frontier emptied before the depth limit).
    var complete = false
    var noWayBack: [(screen: String, lines: [String])] = []
    var edges: Set<Transition> = []
    var reachedScreens: Set<String> = []
    var chunk = ""
    /// How a reproduction starts: `flowscript send SCRIPT` with the limits the check ran with.
    var sendCommand = ""
    /// The context keys and values the inputs set.
    var context = ContextSamples(keys: [])

    /// Distinct states explored per second of the whole run.
    var statesPerSecond: Int { states * 1000 / max(milliseconds, 1) }

    /// Whether states that break an invariant were reached, and not explored on (`send` and `run`
    /// stop at them).
    var stoppedAtViolations = false
    /// Whether nothing was explored (`--explore 0`): only the checks that need no rule to run
    /// were made, so the report can say nothing of what the rules do.
    var staticOnly = false

    var problems: [Finding] { findings.filter { !$0.kind.isNote } }
    /// Unreached screens are problems only when exploration was complete; within a depth limit
    /// they may simply lie deeper.
    var unreachedProblems: Int { complete ? unreachedScreens.count : 0 }
    /// Whether no problem was found. A cut exploration (``truncated``) is not clean either: the
    /// states beyond the cut were never checked.
    var isClean: Bool { problems.isEmpty && unreachedProblems == 0 && noWayBack.isEmpty && !truncated }

    /// The line a cut exploration ends with: `check` stopped at `--max-states`, so it passes nothing.
    static func incompleteLine(states: Int) -> String {
      "incomplete: stopped at \(states) states (--max-states); the states beyond were not checked — raise it or lower --explore"
    }

    /// What `--explore 0` says instead of a verdict on the rules.
    static let staticOnlyLine = "static checks only: rules not run"

    func print() {
      if staticOnly {
        Output.line("\(chunk): loaded and validated; nothing explored (--explore 0)")
      } else {
        Output.line("\(chunk): explored \(states) states and \(transitions) transitions to depth \(depthReached)"
          + (truncated ? " (stopped at the state limit)" : "") + " in \(milliseconds) ms"
          + " (\(statesPerSecond) states/s)")
        Output.line(FingerprintCollision.line(states: states))
      }
      if !context.undeclared.isEmpty {
        let keys = context.undeclared.map { "'\($0)'" }.joined(separator: ", ")
        Output.line("note: rules read the context \(context.undeclared.count == 1 ? "key" : "keys") \(keys), "
          + "which no context declaration names; explored as true/false (declare sample values: context \"\(context.undeclared[0])\" { … })")
      }
      for finding in findings { Self.print(finding, sendCommand: sendCommand) }
      for screen in unreachedScreens {
        if complete {
          Output.line("unreached: screen '\(screen)' is declared but no explored sequence shows it")
        } else if stoppedAtViolations {
          Output.line("not reached within depth \(depthReached) (note): screen '\(screen)'; states breaking an invariant "
            + "are not explored on, and it may lie beyond one or deeper")
        } else {
          Output.line("not reached within depth \(depthReached) (note): screen '\(screen)'; explore deeper to check it")
        }
      }
      for entry in noWayBack {
        Output.line("no way back: '\(entry.screen)' is a cover whose actions never lead back")
        Output.line("  reproduce: \(sendCommand) " + entry.lines.map(Self.quote).joined(separator: " "))
      }
      let problemCount = problems.count + unreachedProblems + noWayBack.count
      if problemCount > 0 {
        if truncated { Output.line(Self.incompleteLine(states: states)) }
        Output.line("check failed: \(problemCount) problem(s)", tone: .failure)
      } else if truncated {
        Output.line(Self.incompleteLine(states: states), tone: .failure)
      } else if staticOnly {
        Output.line(Self.staticOnlyLine)
      } else {
        Output.line("check passed", tone: .pass)
      }
    }

    /// Prints `finding`: its label and message, and the line that reproduces it.
    static func print(_ finding: Finding, sendCommand: String) {
      Output.line("\(finding.kind.label): \(finding.message)")
      // A declaration's problem needs no lines to show.
      guard finding.kind != .linkParameter, finding.kind != .unhandledAction else { return }
      Output.line("  reproduce: \(sendCommand) " + finding.lines.map(Self.quote).joined(separator: " "))
    }

    private static func quote(_ line: String) -> String { ScriptChecks.quoted(line) }

    /// A shell word: `text` itself when it needs no quoting, else single-quoted.
    static func shellWord(_ text: String) -> String {
      let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+,:=@%".unicodeScalars.contains(scalar))
      }
      return plain ? text : quote(text)
    }
  }

  /// Explores, with the context keys rules are seen to read added round by round
  /// (``ContextSamples/exploring(from:declarations:rounds:_:)``), and reports.
  func run() -> Report {
    var explorer = self
    return ContextSamples.exploring(from: context, declarations: [session.rules.declarations]) { samples in
      explorer.context = samples
      return explorer.exploreOnce()
    }
  }

  /// One exploration with ``context``: the report, and the context keys rules read that it did not set.
  private func exploreOnce() -> (result: Report, read: Set<String>) {
    let start = ContinuousClock.now
    var report = Report()
    report.chunk = session.chunk
    report.sendCommand = sendCommand ?? "flowscript send \(Report.shellWord(session.chunk))"
    session.isExploring = true
    defer { session.isExploring = false }
    let declarations = session.rules.declarations
    report.findings += Self.declarationFindings(declarations, chunk: session.chunk)
    report.context = context
    var inputs = Inputs(declarations: declarations, context: context, customization: customization)
    let workers = ExplorationWorkers(session: session, count: jobs)
    let initial = session.state
    // Keys are made here, on this thread, as the steps are merged: one numbering for them all.
    let numbering = StateNumbering(includesHistory: declarations.backBehavior == .history)
    let initialKey = numbering.key(of: initial)
    // Each state reached is a fingerprint and the way it was first reached (the shortest lines
    // are rebuilt from those when a finding needs them); what the analyses need of it is a few
    // bits and its top screen (``ExploredStates``).
    var visited = VisitedStates()
    var explored = ExploredStates()
    let initialIndex = visited.insert(initialKey.fingerprint, from: nil).index
    explored.append()
    // The states to explore next, each with its key (made once, where the state was reached),
    // packed while they wait.
    let emptyLevel = FrontierStates(numbering: numbering, template: initial, templateKey: initialKey, packs: packsFrontier)
    var frontier = emptyLevel
    frontier.append(initial, key: initialKey, index: Int(initialIndex))
    var reported = Set<String>()
    // Each kind of failure with each message is reported once (its first, shortest reproduction).
    var reportedFailures = Set<ReportedFailure>()
    report.reachedScreens = Set(initial.tabs.flatMap { $0.stack.routes.map { $0.screen.name } } + initial.appLayer.map(\.screen.name))
    // The first state found to show each screen at the top of the selected tab: where a rule's
    // payload problem is reproduced from.
    var firstAtTop: [String: VisitedStates.Index] = [initial.visibleTop.screen.name: initialIndex]
    if initial.selectedStack.count == 1, !initial.isAppLayerPresented { explored.mark(initialIndex, .atRoot) }
    var lastProgress = ContinuousClock.now
    // Steps merged; the clock is read for progress every few hundred of them.
    var steps = 0
    // Deep links a guard deferred, and the URLs of the screens reached, checked after exploring.
    var deferred: [(url: String, state: State, index: VisitedStates.Index)] = []
    var linked: [(url: String, state: State, index: VisitedStates.Index)] = []
    var urls = Set<String>()
    // A state's URL is its top screen's (the links do not change while exploring): many states
    // share a top screen, whose URL is then written once.
    var urlOfScreen: [DynamicScreen: String?] = [:]
    func noteLink(of state: State, index: VisitedStates.Index) {
      let top = state.visibleTop.screen
      let found = urlOfScreen[top] ?? {
        let url = session.currentURL(of: state)
        urlOfScreen[top] = url
        return url
      }()
      guard let url = found, urls.insert(url + " " + StateJSON.value(.object(state.context))).inserted
      else { return }
      linked.append((url, state, index))
    }
    // Each invariant's first violation, in the state reached by the fewest lines (breadth first).
    var violated = Set<String>()
    // Whether a state whose invariants do not hold was left unexplored.
    var stoppedAtViolations = false
    // What the invariants found in a state, by its selected tab's routes' number, when they read
    // nothing else (``ScriptedRules/invariantViolations(in:selectedStackOnly:)``): equal numbers
    // are routes a script cannot tell apart, so the invariants would answer the same again.
    var violationsBySelectedRoutes: [Int: [InvariantViolation]] = [:]
    /// Reports the invariants `state` (whose key is `key`) breaks (each the first time); whether
    /// it breaks any. Such a state is not explored on: `send` and `run` stop at it, so a
    /// reproduction through it would not reach what lies beyond.
    func breaksInvariants(_ state: State, key: StateKey, index: VisitedStates.Index) -> Bool {
      guard !declarations.invariants.isEmpty else { return false }
      let selectedRoutes = StateNumbering.routesNumber(ofSelectedTabIn: state, key: key)
      let violations: [InvariantViolation]
      if rememberInvariantsByRoutes, let known = violationsBySelectedRoutes[selectedRoutes] {
        violations = known
      } else {
        var selectedStackOnly = false
        violations = session.rules.invariantViolations(in: state, selectedStackOnly: &selectedStackOnly)
        if selectedStackOnly { violationsBySelectedRoutes[selectedRoutes] = violations }
      }
      for violation in violations where violated.insert(violation.name).inserted {
        report.findings.append(Finding(kind: .invariant, message: violation.description, lines: visited.lines(to: index)))
      }
      if !violations.isEmpty { stoppedAtViolations = true }
      return !violations.isEmpty
    }
    if breaksInvariants(initial, key: initialKey, index: initialIndex) { frontier.removeAll() } else { noteLink(of: initial, index: initialIndex) }

    level: for level in 0..<depth {
      // The states of the last level are not explored on: they are kept only as fingerprints.
      let lastLevel = level == depth - 1
      var next = frontier
      next.removeAll()
      var reachedNext = false
      // The level is run a slice at a time, so only one slice's inputs and steps are held at
      // once.
      var sliceStart = 0
      while sliceStart < frontier.count {
        let slice = sliceStart..<min(sliceStart + Self.frontierSlice, frontier.count)
        sliceStart = slice.upperBound
        let entries = slice.map { position in
          let entry = frontier.entry(at: position)
          return (state: entry.state, key: entry.key, index: VisitedStates.Index(truncatingIfNeeded: entry.index))
        }
        let planned = entries.map { inputs.lines(for: $0.state) }
        // Each state's steps are merged here, in order, while the workers run the next states.
        workers.run(entries.map(\.state), inputs: planned) { position, stateSteps in
          let (state, fromKey, from) = entries[position]
          let stateInputs = planned[position]
          // What the user sees: the app layer's top when something is presented over the tab bar.
          let fromScreen = state.visibleTop.screen.name
          explored.expand(from, screen: fromScreen, cover: state.visibleTop.style == .cover)
          if Self.selectedDepth(state) == 1, !state.isAppLayerPresented { explored.mark(from, .atRoot) }
          let tabBarShows = !state.isAppLayerPresented && !Self.selectedTabPresents(state)
          // By index: destructuring a zip copies every input and step (a step holds a state).
          for offset in stateSteps.indices {
            let line = stateInputs[offset].text
            let parsed = stateInputs[offset].line
            let step = stateSteps[offset]
            // Back, tab taps and context changes draw no edge; back and taps are not a cover's way back.
            let tapOrBack: Bool
            let movesOnly: Bool
            switch parsed {
            case .back?, .tab?: (tapOrBack, movesOnly) = (true, true)
            case .set?: (tapOrBack, movesOnly) = (false, true)
            default: (tapOrBack, movesOnly) = (false, false)
            }
            switch step {
            case .unexplorable:
              // Every input must be expressible in the line language (names are quoted when they
              // need it); one that is not is reported, never skipped in silence.
              if reported.insert("unexplorable \(line)").inserted {
                report.findings.append(Finding(
                  kind: .unexplorable, message: "cannot be written in the line language, so it was not explored: \(line)",
                  lines: visited.lines(to: from)))
              }
              continue
            case let .failed(kind, message):
              report.transitions += 1
              // A back or tap a guard asks about is a question to the user (the host re-sends it
              // confirmed): a way out, not a trap. A guard that blocks is no way out.
              if kind == .guardQuestion, tapOrBack, tabBarShows || parsed == .back { explored.mark(from, .asked) }
              guard kind != .input, reportedFailures.insert(ReportedFailure(kind: kind, message: message)).inserted
              else { continue }
              let lines = visited.lines(to: from) + [line]
              report.findings.append(Finding(kind: kind, message: message, lines: lines))
              if kind == .guardRejection, let question = ScriptStepFailure.blockedQuestion(message) {
                report.findings.append(Finding(kind: .blockReadsAsQuestion, message: question, lines: lines))
              }
            case let .changed(reached):
              report.transitions += 1
              // Read where the step holds it (`inout`, never written): binding `reached.state`
              // copies the whole state out of its box. `false`: the state limit was reached.
              let goesOn = reached.withState { (after: inout State) -> Bool in
                let toKey = numbering.key(of: after, from: state, parentKey: fromKey)
                let fingerprint = toKey.fingerprint
                // One look-up for the usual case, a state already seen; a new state is inserted by it.
                let atLimit = visited.count >= maxStates
                let to: VisitedStates.Index?
                let isNew: Bool
                if atLimit {
                  to = visited.index(of: fingerprint)
                  isNew = to == nil
                } else {
                  let inserted = visited.insert(fingerprint, from: from)
                  (to, isNew) = (inserted.index, inserted.inserted)
                  if isNew {
                    visited.record(input: line, for: inserted.index)
                    explored.append()
                  }
                }
                if tapOrBack, tabBarShows || parsed == .back, let to {
                  explored.addMove(from: from, to: to)
                  if Self.selectedDepth(after) == 1, !after.isAppLayerPresented { explored.mark(to, .atRoot) }
                }
                if !movesOnly, let edge = transition(from: state, to: after, line: line) {
                  report.edges.insert(edge)
                }
                if !tapOrBack, state.visibleTop.style == .cover, Self.visibleDepth(after) < Self.visibleDepth(state) {
                  explored.mark(from, .wayBack)
                }
                if isNew {
                  // A state seen before added its screens when it was first reached.
                  report.reachedScreens.formUnion(after.storedTabs[after.selectedIndex].stack.storedRoutes.lazy.map { $0.screen.name })
                  if after.isAppLayerPresented { report.reachedScreens.formUnion(after.appLayer.lazy.map { $0.screen.name }) }
                  guard let to else {
                    report.truncated = true
                    return false
                  }
                  if !breaksInvariants(after, key: toKey, index: to) {
                    reachedNext = true
                    if !lastLevel { next.append(after, key: toKey, index: Int(to)) }
                    let top = after.visibleTop.screen.name
                    if firstAtTop[top] == nil { firstAtTop[top] = to }
                    noteLink(of: after, index: to)
                    if let pending = after.pendingLink, pending != state.pendingLink,
                      !deferred.contains(where: { $0.url == pending })
                    {
                      deferred.append((pending, after, to))
                    }
                  }
                }
                return true
              }
              guard goesOn else { return false }
            case .unchanged:
              report.transitions += 1
            }
            steps += 1
            if steps % 256 == 0, !quiet, Output.showsProgress, ContinuousClock.now - lastProgress > .seconds(1) {
              lastProgress = ContinuousClock.now
              Output.error("… \(visited.count) states, depth \(level + 1)")
            }
          }
          return true
        }
        if report.truncated { break level }
      }
      report.depthReached = level + 1
      frontier = next
      if !reachedNext {
        report.complete = !report.truncated
        break
      }
    }
    frontier = emptyLevel
    // What lies only beyond a state breaking an invariant was not explored: no screen can be
    // called unreachable.
    report.stoppedAtViolations = stoppedAtViolations
    if stoppedAtViolations { report.complete = false }
    let links = LinkChecks(context: context, run: runLine)
    for entry in deferred {
      let outcome = links.opening(entry.url, from: entry.state)
      guard outcome.opened == nil else { continue }
      report.findings.append(Finding(
        kind: .linkNeverOpens, message: links.neverOpensMessage(entry.url, outcome),
        lines: visited.lines(to: entry.index)))
    }
    // With nothing explored (depth 0), no link is opened either: no rule runs.
    for entry in linked where depth > 0 {
      if let problem = links.roundTripProblem(entry.url, of: entry.state, from: initial) {
        report.findings.append(Finding(kind: .linkRoundTrip, message: problem, lines: visited.lines(to: entry.index)))
      }
    }
    session.load(initial)
    // Cut off at the state limit, a state's moves may not all have been tried: no trap is proven.
    if !report.truncated {
      report.findings += explored.traps(depth: { Int(visited.depths[$0]) }, lines: { visited.lines(to: VisitedStates.Index($0)) })
        .map { Finding(kind: .trap, message: ExploredStates.trapMessage(screen: $0.screen), lines: $0.lines) }
    }
    report.findings += Self.payloadFieldFindings(
      workers.missingPayloadFields, declarations: declarations, firstAtTop: firstAtTop.mapValues { visited.lines(to: $0) })

    report.states = visited.count
    report.staticOnly = depth == 0
    // With nothing explored (depth 0: validate only), no screen can be called unreachable.
    report.unreachedScreens = depth == 0 ? [] : declarations.screenNames.filter { !report.reachedScreens.contains($0) }
    report.noWayBack = explored.coversWithoutWayBack(
      depth: depth, depthOf: { Int(visited.depths[$0]) }, lines: { visited.lines(to: VisitedStates.Index($0)) }
    ).map { ($0.screen, $0.lines) }
    // One reading of the clock: seconds and fraction from two readings could straddle a second.
    let elapsed = (ContinuousClock.now - start).components
    report.milliseconds = Int(elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000)
    return (report, workers.contextKeysRead)
  }

  /// The problems the declarations show before any rule runs (``DeclarationProblems``): actions
  /// no rule handles, and links whose parameters no URL can carry.
  static func declarationFindings(_ declarations: ScriptDeclarations, chunk: String) -> [Finding] {
    DeclarationProblems.unhandledActions(declarations).map { Finding(kind: .unhandledAction, message: $0, lines: []) }
      + DeclarationProblems.linkParameters(declarations, chunk: chunk).map { Finding(kind: .linkParameter, message: $0, lines: []) }
  }

  /// How many states of a level are run at a time.
  static let frontierSlice = 1_024

  /// A finding for each payload field a rule read that its action's declared sample lacks
  /// (``DeclarationProblems/payloadFields(_:declarations:)``), with the lines that reach the
  /// screen (`firstAtTop`) and send the action.
  static func payloadFieldFindings(
    _ missing: [String: Set<String>], declarations: ScriptDeclarations, firstAtTop: [String: [String]]
  ) -> [Finding] {
    DeclarationProblems.payloadFields(missing, declarations: declarations).map { problem in
      Finding(kind: .payloadField, message: problem.message, lines: (firstAtTop[problem.screen] ?? []) + [problem.line])
    }
  }

  /// Every input worth trying in a state, as lines (``ScriptInputLines``).
  typealias Inputs = ScriptInputLines

  /// Runs `line` from `state` in the session: the state after it, the reports of the coordinator,
  /// and its failure message (``LinkChecks``).
  private func runLine(_ line: FlowLine, from state: State) -> LinkChecks.LineRun {
    session.load(state)
    let outcome = session.execute(line)
    let failure: String? = if case let .failed(message) = outcome { message } else { nil }
    return LinkChecks.LineRun(state: session.state, reports: session.lastReports, failure: failure)
  }

  /// `shop://item/:id` → `shop://item/1` (``ScriptInputLines/sampleURL(_:)``).
  static func sampleURL(_ pattern: String) -> String { ScriptInputLines.sampleURL(pattern) }

  /// The routes the user has above the tab bar's root: the selected tab's, and the app layer's over it.
  static func visibleDepth(_ state: State) -> Int {
    selectedDepth(state) + (state.isAppLayerPresented ? state.storedAppLayer.storedRoutes.count - 1 : 0)
  }

  /// The number of routes of the selected tab, read where the state holds them (`selectedStack`
  /// copies the stack: the explorer asks several times per transition).
  static func selectedDepth(_ state: State) -> Int {
    state.storedTabs[state.selectedIndex].stack.storedRoutes.count
  }

  /// Whether the selected tab has a sheet or cover presented above its root, read in place.
  static func selectedTabPresents(_ state: State) -> Bool {
    let routes = state.storedTabs[state.selectedIndex].stack.storedRoutes
    return routes.indices.dropFirst().contains { routes[$0].isPresented }
  }

  /// A failure as reported: its kind and message (compared without writing the kind out).
  struct ReportedFailure: Hashable {
    let kind: FailureKind
    let message: String
  }

  /// The ID of the route the user sees: the app layer's top when something is presented over the tab bar.
  static func visibleTopID(_ state: State) -> RouteID? {
    state.isAppLayerPresented ? state.storedAppLayer.storedIDs.last : state.storedTabs[state.selectedIndex].stack.storedIDs.last
  }

  /// The edge a change draws: a new route on top (push, sheet, cover) or a tab switch.
  private func transition(from before: State, to after: State, line: String) -> Transition? {
    // What the user sees: the app layer over the selected tab.
    let from = before.visibleTop.screen.name
    let to = after.visibleTop.screen.name
    if before.selectedTab != after.selectedTab, !after.isAppLayerPresented {
      return Transition(from: from, to: to, line: line, style: "tab switch")
    }
    // A change under the app layer (a deep link into a tab) shows nothing new: no edge.
    if before.isAppLayerPresented, after.isAppLayerPresented, Self.visibleTopID(after) == Self.visibleTopID(before) {
      return nil
    }
    let (beforeDepth, afterDepth) = (Self.visibleDepth(before), Self.visibleDepth(after))
    guard afterDepth > beforeDepth || Self.visibleTopID(after) != Self.visibleTopID(before), afterDepth >= beforeDepth
    else { return nil }
    return Transition(from: from, to: to, line: line, style: after.visibleTop.style.rawValue)
  }
}
