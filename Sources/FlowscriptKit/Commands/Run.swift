import ArgumentParser
import Foundation
import TabFlowScriptExploration

extension Flowscript {
  /// `flowscript run RULES.lua FLOW...`.
  struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "run",
      abstract: "Run scenario files against a rule script.",
      discussion: """
        Each file starts from the script's initial state (with --state FILE: from that saved \
        navigation document, an app's NavigationFileStore file) and runs line by line; `undo` \
        takes back the last change, and `reload FILE` switches to another script (FILE relative \
        to the scenario file), keeping the navigation. A file fails at its \
        first failed expect, at a line that fails without an `expect error` right after it, or at an \
        `expect error` after a line that succeeded, and at the first state (the initial one \
        included) that breaks one of the script's invariants. Prints each file's result, then \
        "N passed, N failed".
        --junit FILE also writes a JUnit XML report. --coverage then prints what the files exercised: \
        the rules that ran, each guard's allowed / rejected / redirected counts (a guard counts as \
        covered once it refused a change), the deep links and links opened, and what was never \
        exercised with the line declaring it, and which lines of the script's functions ran (\
        "lines: H of E executable lines ran", out of every function the script defines, run or not, \
        then the lines that never did; the top level runs at load and is not counted); --coverage-format lcov --coverage-file FILE \
        writes an lcov tracefile (a DA record per executable line), --min-coverage P exits 1 when \
        fewer than P% of the rules ran (rules only, not lines).
        Example: flowscript run scripts/demo.lua scripts/flows/*.flow
        """)

    @OptionGroup var options: ScriptOptions

    @OptionGroup var saved: SavedStateOption

    @Argument(help: "Scenario files.")
    var flows: [String]

    @Option(help: ArgumentHelp("Also write a JUnit XML report: a testcase per scenario file (replaced if it exists).", valueName: "file"))
    var junit: String?

    @Flag(help: "Print what the files exercised: rules run, guards' answers, deep links and links opened.")
    var coverage = false

    @Option(name: .customLong("coverage-format"), help: "With --coverage: table (printed) or lcov (a tracefile, needs --coverage-file).")
    var coverageFormat: CoverageFormat = .table

    @Option(name: .customLong("coverage-file"), help: ArgumentHelp("With --coverage: also write the coverage here (replaced if it exists).", valueName: "file"))
    var coverageFile: String?

    @Option(name: .customLong("min-coverage"), help: ArgumentHelp("With --coverage: exit 1 when fewer than this percentage of the rules ran (0-100).", valueName: "percent"))
    var minCoverage: Double?

    /// How `--coverage` is written.
    enum CoverageFormat: String, ExpressibleByArgument, CaseIterable {
      case table, lcov
    }

    /// Whether coverage is gathered: `--coverage`, or an option that only makes sense with it.
    private var gathersCoverage: Bool {
      coverage || coverageFile != nil || minCoverage != nil || coverageFormat != .table
    }

    func validate() throws {
      if let minCoverage, !(0...100).contains(minCoverage) {
        throw ValidationError("--min-coverage must be between 0 and 100, got \(minCoverage)")
      }
      if coverageFormat == .lcov, coverageFile == nil {
        throw ValidationError("--coverage-format lcov writes a tracefile: give its path with --coverage-file FILE")
      }
    }

    func run() throws {
      guard !flows.isEmpty else { throw CommandFailure.usage("give at least one scenario file") }
      let first = try options.session()  // the script must load before anything runs
      try saved.apply(to: first)  // and the saved state fit it
      // A report replaces what is there (a report of the last run), but never an input: the
      // script, a scenario file, a key.
      let inputs = [ProtectedInput(path: options.script, role: "the rule script")]
        + options.publicKeys.map { ProtectedInput(path: $0, role: "a public key") }
        + flows.map { ProtectedInput(path: $0, role: "a scenario file") }
      for path in [junit, coverageFile].compactMap({ $0 }) {
        try OutputFile.check(path, force: true, protecting: inputs)
      }
      if let junit, junit == coverageFile { throw CommandFailure.usage("\(junit): --junit and --coverage-file name the same file") }
      // So must every scenario file: one that cannot be read is a usage error (exit 2), not a
      // scenario that failed (exit 1).
      let texts = try flows.map(Self.scenarioText)
      let recorder = gathersCoverage
        ? ScenarioCoverage(declarations: first.rules.declarations, scriptPath: options.script)
        : nil
      var passed = 0
      var failed = 0
      var cases: [JUnitReport.Case] = []
      let clock = ContinuousClock()
      for (path, text) in zip(flows, texts) {
        let start = clock.now
        let failure = try runFile(path, text: text, coverage: recorder)
        let elapsed = start.duration(to: clock.now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        cases.append(JUnitReport.Case(path: path, seconds: seconds, failure: failure?.lines, traceback: failure?.traceback))
        if let failure {
          failed += 1
          Output.line("FAIL \(path)", tone: .failure)
          Output.errorLines(failure.lines)
          if let traceback = failure.traceback { Output.errorText(Output.indented(traceback)) }
        } else {
          passed += 1
          Output.line("PASS \(path)", tone: .pass)
        }
      }
      Output.line("\(passed) passed, \(failed) failed", tone: failed == 0 ? .pass : .failure)
      if let junit {
        let report = JUnitReport(name: "flowscript run \(options.script)", cases: cases)
        try OutputFile.write(Data(report.xml.utf8), to: junit, mode: 0o644, force: true, protecting: inputs)
      }
      var belowMinimum = false
      if let recorder {
        Output.lines(recorder.table)
        if let coverageFile {
          let text = coverageFormat == .lcov ? recorder.lcov : recorder.table.joined(separator: "\n") + "\n"
          try OutputFile.write(Data(text.utf8), to: coverageFile, mode: 0o644, force: true, protecting: inputs)
        }
        if let minCoverage, recorder.ruleRatio.isBelow(minCoverage) {
          Output.error("rule coverage \(recorder.ruleRatio.description) is below --min-coverage \(Self.percent(minCoverage))%")
          belowMinimum = true
        }
      }
      if failed > 0 || belowMinimum { throw CommandFailure.failed }
    }

    /// `80` for 80.0, `72.5` otherwise.
    private static func percent(_ value: Double) -> String {
      value == value.rounded() ? String(Int(value)) : String(value)
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
    private func runFile(
      _ path: String, text: String, coverage: ScenarioCoverage?
    ) throws -> (lines: [String], traceback: String?)? {
      let session = try options.session()
      try saved.apply(to: session)
      // `reload FILE` names a file beside the scenario, as the scenario's other names are.
      session.relativePathBase = (path as NSString).deletingLastPathComponent
      // A scenario prints no line's change: none is described.
      session.describesChanges = false
      // What the rules print is shown as they print it, before the file's result.
      session.rules.printHandler = { Output.printed($0) }
      // Lines end at "\n", "\r\n" (one Character) or "\r" — not at every Character that is a
      // newline: a line separator (U+2028) inside a payload string is part of its line.
      let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }.map(String.init)
      let observe = coverage.map { recorder in
        { (_: Int, line: FlowLine, outcome: LineOutcome) in recorder.record(line, outcome: outcome, in: session) }
      }
      coverage?.startLines(in: session)
      let failure = ScenarioRunner.run(lines, in: session, observe: observe)
      coverage?.collectLines(from: session)
      switch failure {
      case nil:
        return nil
      case let .unparsable(line, message):
        return (["\(path):\(line): \(message)"], nil)
      case let .unexpectedError(line, message, traceback):
        return (["\(path):\(line): error: \(message) (no `expect error` follows)"], options.verbose ? traceback : nil)
      case let .expectation(line, expected, actual):
        return (["\(path):\(line): expected \(expected)", "\(path):\(line): actual   \(actual)"], nil)
      case let .invariant(line, violations):
        let place = line == 0 ? "\(path): the initial state" : "\(path):\(line)"
        return (violations.map { "\(place): invariant violated: \($0)" }, nil)
      }
    }
  }
}
