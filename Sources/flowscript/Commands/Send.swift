import ArgumentParser
import TabFlow

extension Flowscript {
  /// `flowscript send RULES.lua LINE... [--json]`.
  struct Send: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Apply lines to a script's initial state and print the final state.",
      discussion: """
        Stops at the first line that fails (exit 1), printing the error and the state so far.
        Example: flowscript send shop.lua 'feed.itemTapped {id=3}' 'tab profile' --json
        """)

    @OptionGroup var options: ScriptOptions

    @Argument(help: "Lines of the flowscript language.")
    var lines: [String] = []

    @Flag(help: "Print the state as JSON (the format of DESIGN §7).")
    var json = false

    func run() throws {
      let session = try options.session()
      var failed = false
      for (number, text) in lines.enumerated() {
        let outcome: LineOutcome
        do {
          outcome = session.execute(try FlowLineParser.parse(text))
        } catch {
          throw CommandFailure.usage("line \(number + 1): \(error)")
        }
        switch outcome {
        case let .failed(message):
          let nextIsExpectError = lines.indices.contains(number + 1) && lines[number + 1].trimmingWhitespace().hasPrefix("expect error")
          if nextIsExpectError { continue }
          Output.error("line \(number + 1): error: \(message)")
          failed = true
        case let .expectationFailed(expected, actual):
          Output.error("line \(number + 1): expected \(expected), got \(actual)")
          failed = true
        default:
          break
        }
        if failed { break }
      }
      Output.line(json ? StateJSON.render(session.state) : StateText.tree(session.state))
      if failed { throw CommandFailure.failed }
    }
  }

  /// `flowscript demo-script`: prints the bundled demo flow (scripts/test checks it matches scripts/demo.lua).
  struct DemoScript: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "demo-script", abstract: "Print the bundled demo flow.", shouldDisplay: false)

    func run() throws {
      Output.line(DemoFlow.source)
    }
  }
}
