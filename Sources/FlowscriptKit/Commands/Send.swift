import ArgumentParser
import TabFlow

extension Flowscript {
  /// `flowscript send RULES.lua LINE... [--json]`.
  struct Send: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Apply lines to a script's initial state and print the final state.",
      discussion: """
        Stops at the first line that fails (exit 1), printing the error and the state so far, and \
        at the first state (the initial one included) that breaks one of the script's invariants \
        ("line N: invariant violated: …", as check reports it).
        Example: flowscript send shop.lua 'feed.itemTapped {id=3}' 'tab profile' --json
        """)

    @OptionGroup var options: ScriptOptions

    @Argument(help: "Lines of the flowscript language.")
    var lines: [String] = []

    @Flag(help: "Print the state as JSON (the `state` format of the REPL).")
    var json = false

    func run() throws {
      let session = try options.session()
      // Only the final state is printed: no line's change is described (describing one writes
      // the whole stack, so describing each of many pushes cost the square of their number).
      session.describesChanges = false
      session.rules.printHandler = { Output.line($0.description) }
      // The REPL's warnings (a context key the script never reads, an action from a covered
      // screen), each under the line that caused it, on stderr.
      let failure = ScenarioRunner.run(lines, in: session) { _, _ in
        session.warnings.forEach { Output.error("warning: \($0)") }
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
  }

  /// `flowscript demo-script`: prints the bundled demo flow (scripts/test checks it matches scripts/demo.lua).
  struct DemoScript: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "demo-script", abstract: "Print the bundled demo flow.", shouldDisplay: false)

    func run() throws {
      Output.text(DemoFlow.source)
    }
  }
}
