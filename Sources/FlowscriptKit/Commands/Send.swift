import ArgumentParser
import TabFlowCore

extension Flowscript {
  /// `flowscript send RULES.lua LINE... [--json]`.
  struct Send: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "send",
      abstract: "Apply lines to a script's initial state (or a saved one) and print the final state.",
      discussion: """
        Before the final state, says what happened on the way, one line each: "line N: redirected \
        by guard 'name': reason", a deep link deferred or opened later, an event a rule emitted, a \
        reselected tab, a line that changed nothing ("line N: unchanged") — on standard output, \
        or on standard error with --json (standard output is then the state's JSON alone).
        Stops at the first line that fails (exit 1), printing the error and the state so far, and \
        at the first state (the initial one included) that breaks one of the script's invariants \
        ("line N: invariant violated: …", as check reports it).
        With --state FILE, the lines start from a saved navigation document (an app's \
        NavigationFileStore file, a bug report's) instead of the initial state.
        Example: flowscript send shop.lua 'feed.itemTapped {id=3}' 'tab profile' --json
        """)

    @OptionGroup var options: ScriptOptions

    @OptionGroup var saved: SavedStateOption

    @Argument(help: "Lines of the flowscript language.")
    var lines: [String] = []

    @Flag(help: "Print the state as JSON (the `state` format of the REPL).")
    var json = false

    func run() throws {
      let session = try options.session()
      try saved.apply(to: session)
      // Only the final state is printed: no line's change is described (describing one writes
      // the whole stack, so describing each of many pushes cost the square of their number).
      session.describesChanges = false
      session.rules.printHandler = { Output.printed($0) }
      // The REPL's warnings (a context key the script never reads, an action from a covered
      // screen), each under the line that caused it, on stderr.
      let failure = ScenarioRunner.run(lines, in: session) { number, _, outcome in
        session.warnings.forEach { Output.error("warning: \($0)") }
        for note in Self.notes(of: outcome, reports: session.lastReports) {
          if json { Output.info("line \(number): \(note)") } else { Output.line("line \(number): \(note)") }
        }
      }
      switch failure {
      case nil:
        break
      case let .unparsable(line, message):
        throw CommandFailure.usage("line \(line): \(message)")
      case let .unexpectedError(line, message, traceback):
        Output.error("line \(line): error: \(message)")
        if options.verbose, let traceback { Output.errorText(Output.indented(traceback)) }
      case let .expectation(line, expected, actual):
        Output.error("line \(line): expected \(expected), got \(actual)")
      case let .invariant(line, violations):
        for violation in violations {
          Output.error("\(ScenarioRunner.Failure.place(ofLine: line)): invariant violated: \(violation)")
        }
      }
      if json {
        Output.line(StateJSON.render(session.state, url: session.currentURL))
      } else {
        Output.lines(StateText.tree(session.state))
      }
      if failure != nil { throw CommandFailure.failed }
    }

    /// What a line did on the way to the final state, beyond changing it: what the coordinator
    /// reported (a redirect, a deferred or opened link, an event, a reselect), a line that changed
    /// nothing, what an informational line answered. A failed line says its error instead.
    static func notes(of outcome: LineOutcome, reports: [NavigationReport]) -> [String] {
      let reported = reports.map(\.description)
      switch outcome {
      case .changed: return reported
      case .unchanged:
        return reported.isEmpty ? ["unchanged"] : reported
      case let .info(message): return reported + [message]
      case .failed, .nothing, .expectationPassed, .expectationFailed, .command: return []
      }
    }
  }
}
