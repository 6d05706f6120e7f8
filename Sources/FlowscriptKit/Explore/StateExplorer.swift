import Foundation
import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowNavigation

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

  /// The note for a blocking guard's rejection `message` whose reason reads as a question (ends
  /// in `?`): nobody can confirm a block, so the question is never put to the user. `nil` when the
  /// reason does not read as one.
  static func blockedQuestion(_ message: String) -> String? {
    guard message.trimmingCharacters(in: .whitespaces).hasSuffix("?") else { return nil }
    return message + " — this reads as a question, but the guard blocks and no user can confirm it; "
      + "return false, reason, { ask = true } if the user may go ahead"
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
      let label: String
      switch finding.kind {
      case .ruleError: label = "rule error"
      case .invalidCommand: label = "invalid command"
      case .guardRejection: label = "guard rejection (note)"
      case .guardQuestion: label = "guard question (note)"
      case .blockReadsAsQuestion: label = "guard blocks with a question (note)"
      case .guardError: label = "guard error"
      case .redirectLoop: label = "redirect loop"
      case .input: label = "error"
      case .unexplorable: label = "not explored"
      case .linkNeverOpens: label = "deferred link never opens"
      case .linkRoundTrip: label = "link does not round-trip"
      case .linkParameter: label = "link cannot be written"
      case .payloadField: label = "payload field not in the sample"
      case .trap: label = "trap"
      case .unhandledAction: label = "unhandled action"
      case .invariant: label = "invariant violated"
      }
      Output.line("\(label): \(finding.message)")
      // A declaration's problem needs no lines to show.
      guard finding.kind != .linkParameter, finding.kind != .unhandledAction else { return }
      Output.line("  reproduce: \(sendCommand) " + finding.lines.map(Self.quote).joined(separator: " "))
    }

    private static func quote(_ line: String) -> String {
      "'" + line.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

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
    frontier.append(initial, key: initialKey, index: initialIndex)
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
        let entries = slice.map { frontier.entry(at: $0) }
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
              if kind == .guardRejection, let question = Self.blockedQuestion(message) {
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
                    if !lastLevel { next.append(after, key: toKey, index: to) }
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
    for entry in deferred {
      let outcome = opening(entry.url, from: entry.state)
      guard outcome.opened == nil else { continue }
      report.findings.append(Finding(
        kind: .linkNeverOpens, message: "\(entry.url) was deferred, and " + neverOpensReason(outcome),
        lines: visited.lines(to: entry.index)))
    }
    // With nothing explored (depth 0), no link is opened either: no rule runs.
    for entry in linked where depth > 0 {
      if let problem = roundTripProblem(entry.url, of: entry.state, from: initial) {
        report.findings.append(Finding(kind: .linkRoundTrip, message: problem, lines: visited.lines(to: entry.index)))
      }
    }
    session.load(initial)
    // Cut off at the state limit, a state's moves may not all have been tried: no trap is proven.
    if !report.truncated {
      report.findings += explored.trapFindings(visited: visited)
    }
    report.findings += Self.payloadFieldFindings(
      workers.missingPayloadFields, declarations: declarations, firstAtTop: firstAtTop.mapValues { visited.lines(to: $0) })

    report.states = visited.count
    report.staticOnly = depth == 0
    // With nothing explored (depth 0: validate only), no screen can be called unreachable.
    report.unreachedScreens = depth == 0 ? [] : declarations.screenNames.filter { !report.reachedScreens.contains($0) }
    report.noWayBack = explored.coversWithoutWayBack(visited: visited, depth: depth)
    // One reading of the clock: seconds and fraction from two readings could straddle a second.
    let elapsed = (ContinuousClock.now - start).components
    report.milliseconds = Int(elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000)
    return (report, workers.contextKeysRead)
  }

  /// The problems the declarations show before any rule runs: actions no rule handles, and links
  /// whose parameters no URL can carry.
  static func declarationFindings(_ declarations: ScriptDeclarations, chunk: String) -> [Finding] {
    var findings = unhandledActionFindings(declarations)
    for link in declarations.links {
      guard let declaration = declarations.screen(named: link.screen),
        let problem = link.parameterProblem(declaration: declaration)
      else { continue }
      findings.append(Finding(
        kind: .linkParameter, message: problem + (link.line.map { " (\(chunk):\($0))" } ?? ""), lines: []))
    }
    return findings
  }

  /// How many states of a level are run at a time.
  static let frontierSlice = 1_024

  /// A finding for each declared action no rule handles (neither `screen.action` nor
  /// `*.action`): sending it can never navigate, so the declaration or a rule is missing.
  static func unhandledActionFindings(_ declarations: ScriptDeclarations) -> [Finding] {
    let keys = Set(declarations.rules)
    var findings: [Finding] = []
    for screen in declarations.screens {
      for (action, _) in screen.actions where !keys.contains("\(screen.name).\(action)") && !keys.contains("*.\(action)") {
        findings.append(Finding(
          kind: .unhandledAction,
          message: "screen '\(screen.name)' declares action '\(action)', but no rule handles it "
            + "(on(\"\(screen.name).\(action)\", …) or on(\"*.\(action)\", …)); declare only the actions rules handle",
          lines: []))
      }
    }
    return findings
  }

  /// A finding for each payload field a rule read that its action's declared sample lacks, with
  /// the lines that reach the screen and send the action, and the sample's field it may mean.
  static func payloadFieldFindings(
    _ missing: [String: Set<String>], declarations: ScriptDeclarations, firstAtTop: [String: [String]]
  ) -> [Finding] {
    var findings: [Finding] = []
    for (action, fields) in missing.sorted(by: { $0.key < $1.key }) {
      guard let dot = action.firstIndex(of: ".") else { continue }
      let screen = String(action[..<dot])
      let name = String(action[action.index(after: dot)...])
      let sample = declarations.screen(named: screen)?.actions.first { $0.name == name }?.sample ?? .emptyObject
      let line = Inputs.actionLine(screen: screen, action: name, sample: sample)
      let sampleFields = sample.objectValue.map { Array($0.keys) } ?? []
      for field in fields.sorted() {
        // A misspelled field (`p.idd` for the sample's `id`) is named with the one meant.
        findings.append(Finding(
          kind: .payloadField,
          message: "the rule for \(action) reads payload field '\(field)', which the action's declared sample "
            + "\(sample == .emptyObject ? "{}" : "\(sample)") does not have: no line can send it"
            + Suggestions.hint(for: field, in: sampleFields),
          lines: (firstAtTop[screen] ?? []) + [line]))
      }
    }
    return findings
  }

  /// Every input worth trying in a state: tab taps, back, the top screen's declared actions with
  /// their sample payloads, every deep link and link with sample parameters, and setting each
  /// context key to its other values (``ContextSamples``), so guarded screens can be reached. Each line
  /// is written and parsed once, however many states try it.
  struct Inputs {
    /// A line as written (reproductions show it) and as parsed; `nil` when it cannot be parsed.
    typealias Input = (text: String, line: FlowLine?)

    private let context: ContextSamples
    private let declarations: ScriptDeclarations
    private let back: Input
    private let links: [Input]
    /// Each tab's tap, in tab-bar order, for the tabs they were made for (a script's tabs do not
    /// change while it is explored).
    private var taps: (tabs: [TabID], inputs: [Input]) = ([], [])
    private var actions: [String: [Input]] = [:]
    /// The line setting each context key to each of its values (parallel to `context.keys`).
    private let settings: [[FlowValue: Input]]
    /// `hide tab X` and `show tab X` for each tab declared `hideable` (no other tab can be hidden).
    private let hideable: [(tab: TabID, hide: Input, show: Input)]
    /// Whether the user's reordering is explored (`--customization`): each visible tab moved one
    /// place toward the front.
    private let reorders: Bool

    init(declarations: ScriptDeclarations, context: ContextSamples, customization: Bool = false) {
      self.declarations = declarations
      self.context = context
      reorders = customization
      hideable = declarations.tabs.filter(\.item.hideable).map { tab in
        let name = FlowName.written(tab.id)
        return (TabID(tab.id), Self.input("hide tab " + name), Self.input("show tab " + name))
      }
      back = Self.input("back")
      links = (declarations.deepLinks + declarations.links.map(\.pattern)).map { pattern in
        let url = StateExplorer.sampleURL(pattern)
        return Self.input("url " + (url.contains(where: \.isWhitespace) ? FlowName.quoted(url) : url))
      }
      settings = context.keys.indices.map { key in
        Dictionary(context.keys[key].values.map { ($0, Self.input(context.line(key: key, value: $0))) }, uniquingKeysWith: { first, _ in first })
      }
    }

    /// The line that sends `action` of `screen` with its declared sample payload.
    static func actionLine(screen: String, action: String, sample: FlowValue) -> String {
      FlowName.written(screen) + "." + FlowName.written(action) + (sample == .emptyObject ? "" : " \(sample)")
    }

    mutating func lines(for state: State) -> [Input] {
      let tabs = state.tabs
      if !tabs.elementsEqual(taps.tabs, by: { $0.id == $1 }) {
        let ids = tabs.map(\.id)
        taps = (ids, ids.map { Self.input("tab " + FlowName.written($0.rawValue)) })
      }
      // The screen the user sees: the app layer's top when something is presented over the tab bar.
      let top = state.visibleTop.screen.name
      let topActions: [Input]
      if let known = actions[top] {
        topActions = known
      } else {
        topActions = (declarations.screen(named: top)?.actions ?? []).map { action, sample in
          Self.input(Self.actionLine(screen: top, action: action, sample: sample))
        }
        actions[top] = topActions
      }
      var lines: [Input] = []
      lines.reserveCapacity(taps.inputs.count + 1 + settings.count + topActions.count + links.count)
      let hidden = state.hiddenTabs
      let overTabs = state.isAppLayerPresented
      if overTabs {
        // The tab bar is under the app layer: no tap or customization reaches it.
      } else if hidden.isEmpty {
        lines += taps.inputs
      } else {
        // A tap on a hidden tab is an error: the tab is not in the bar.
        for (tab, tap) in zip(taps.tabs, taps.inputs) where !hidden.contains(tab) { lines.append(tap) }
      }
      lines.append(back)
      for entry in hideable where !overTabs && entry.tab != state.selectedTab {
        lines.append(hidden.contains(entry.tab) ? entry.show : entry.hide)
      }
      if reorders, !overTabs {
        let order = state.tabOrder
        for index in order.indices.dropFirst() {
          var moved = order
          moved.swapAt(index - 1, index)
          lines.append(Self.input("order tabs " + moved.map { FlowName.written($0.rawValue) }.joined(separator: " ")))
        }
      }
      for (key, value) in context.changes(from: state.context) {
        lines.append(settings[key][value] ?? Self.input(context.line(key: key, value: value)))
      }
      lines += topActions
      lines += links
      return lines
    }

    private static func input(_ text: String) -> Input {
      (text, try? FlowLineParser.parse(text))
    }
  }

  /// Why opening `url` (the link of `state`'s top screen) from the initial state with `state`'s
  /// context does not show that screen with that state; `nil` when it does. A link a guard defers
  /// is judged where it opens once the context allows it (a guard keeping a screen behind a login
  /// does not break its link); one that never opens is reported as such.
  private func roundTripProblem(_ url: String, of state: State, from initial: State) -> String? {
    session.load(initial)
    for key in state.context.keys.sorted() {
      guard let value = state.context[key], let parsed = try? FlowLineParser.parse("set \(FlowName.written(key)) \(value)")
      else { continue }
      _ = session.execute(parsed)
    }
    let expected = state.visibleTop.screen
    let opened = session.execute(.url(url))
    if case let .failed(message) = opened {
      return "\(url), the link of \(StateText.screen(expected)), fails to open: \(message)"
    }
    var shown = session.state.visibleTop.screen
    if session.state.pendingLink == url {
      let outcome = opening(url, from: session.state)
      guard let allowed = outcome.opened else {
        let never = if case .stays(let tried, exhaustive: false) = outcome {
          "opens in none of the \(tried) contexts nearest to it"
        } else {
          "never opens"
        }
        return "\(url), the link of \(StateText.screen(expected)), is deferred by a guard and \(never)"
      }
      shown = allowed.visibleTop.screen
    }
    guard shown == expected else {
      return "\(url), the link of \(StateText.screen(expected)), shows \(StateText.screen(shown))"
    }
    return nil
  }

  /// `shop://item/:id` → `shop://item/1`.
  static func sampleURL(_ pattern: String) -> String {
    pattern.split(separator: "/", omittingEmptySubsequences: false)
      .map { $0.hasPrefix(":") ? "1" : String($0) }
      .joined(separator: "/")
  }

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
