import ArgumentParser
import Foundation
import TabFlow

extension Flowscript {
  /// `flowscript run RULES.lua FLOW...`.
  struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Run scenario files against a rule script.",
      discussion: """
        Each file starts from the script's initial state and runs line by line. A file fails at its \
        first failed expect, at a line that fails without an `expect error` right after it, or at an \
        `expect error` after a line that succeeded. Prints each file's result, then "N passed, N failed".
        Example: flowscript run scripts/demo.lua scripts/flows/*.flow
        """)

    @OptionGroup var options: ScriptOptions

    @Argument(help: "Scenario files.")
    var flows: [String]

    func run() throws {
      guard !flows.isEmpty else { throw CommandFailure.usage("give at least one scenario file") }
      _ = try options.session()  // the script must load before anything runs
      // So must every scenario file: one that cannot be read is a usage error (exit 2), not a
      // scenario that failed (exit 1).
      let texts = try flows.map(Self.scenarioText)
      var passed = 0
      var failed = 0
      for (path, text) in zip(flows, texts) {
        if let failure = try runFile(path, text: text) {
          failed += 1
          Output.line("FAIL \(path)")
          Output.errorLines(failure.lines)
          if let traceback = failure.traceback { Output.errorText(Output.indented(traceback)) }
        } else {
          passed += 1
          Output.line("PASS \(path)")
        }
      }
      Output.line("\(passed) passed, \(failed) failed")
      if failed > 0 { throw CommandFailure.failed }
    }

    /// The text of the scenario file at `path`, or a usage error saying why it cannot be read.
    private static func scenarioText(_ path: String) throws -> String {
      if let problem = InputFile.problem(path, what: "scenario file") { throw CommandFailure.usage(problem) }
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        throw CommandFailure.usage("\(path): cannot read the scenario file (it is not UTF-8 text)")
      }
      return text
    }

    /// Runs one file's `text`; returns why it failed (a line or two, and the Lua traceback with
    /// `--verbose`), or `nil`.
    private func runFile(_ path: String, text: String) throws -> (lines: [String], traceback: String?)? {
      let session = try options.session()
      // A scenario prints no line's change: none is described.
      session.describesChanges = false
      // What the rules print is shown as they print it, before the file's result.
      session.rules.printHandler = { Output.line($0.description) }
      // Not split(separator: "\n"): "\r\n" is one Character, so a CRLF file would be one line.
      let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
      switch ScenarioRunner.run(lines, in: session) {
      case nil:
        return nil
      case let .unparsable(line, message):
        return (["\(path):\(line): \(message)"], nil)
      case let .unexpectedError(line, message, traceback):
        return (["\(path):\(line): error: \(message) (no `expect error` follows)"], options.verbose ? traceback : nil)
      case let .expectation(line, expected, actual):
        return (["\(path):\(line): expected \(expected)", "\(path):\(line): actual   \(actual)"], nil)
      }
    }
  }
}
