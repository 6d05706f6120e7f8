import TabFlowScriptExploration
/// Runs lines the way scenario files and `send` do: a line that fails must be followed by an
/// `expect error` (blank lines and comments in between are skipped), an expectation that does not
/// hold stops the run, and `quit` ends it. The script's invariants are evaluated in the initial
/// state and after every line that ran: a state that breaks one stops the run, as `check`
/// reports it.
enum ScenarioRunner {
  /// Why a run stopped early; line numbers are 1-based.
  enum Failure: Equatable {
    /// The line does not parse.
    case unparsable(line: Int, message: String)
    /// The line failed and no `expect error` follows it (with the Lua traceback of a rule error).
    case unexpectedError(line: Int, message: String, traceback: String?)
    /// An `expect` did not hold.
    case expectation(line: Int, expected: String, actual: String)
    /// The state after the line (line 0: the initial state) breaks invariants: each violation's
    /// description, as `check` words it.
    case invariant(line: Int, violations: [String])

    /// Where an invariant failure happened: `line 3`, or `the initial state` for line 0.
    static func place(ofLine line: Int) -> String {
      line == 0 ? "the initial state" : "line \(line)"
    }
  }

  /// Runs `lines` in `session`; `nil` when every line held. `observe`, when given, sees every
  /// line that parsed with its (1-based) number and outcome, right after it ran (`run --coverage`
  /// records from it, `send` says what each line did).
  static func run(
    _ lines: [String], in session: FlowSession, observe: ((Int, FlowLine, LineOutcome) -> Void)? = nil
  ) -> Failure? {
    if let broken = brokenInvariants(in: session) { return .invariant(line: 0, violations: broken) }
    var pendingFailure: (line: Int, message: String, traceback: String?)?
    for (index, text) in lines.enumerated() {
      let number = index + 1
      let line: FlowLine
      do {
        line = try FlowLineParser.parse(text)
      } catch {
        return .unparsable(line: number, message: error.description)
      }
      if case .nothing = line { continue }
      if let failure = pendingFailure {
        switch line {
        case .expect(.error), .expect(.rejected): break
        default:
          return .unexpectedError(line: failure.line, message: failure.message, traceback: failure.traceback)
        }
      }
      pendingFailure = nil
      let outcome = session.execute(line)
      observe?(number, line, outcome)
      switch outcome {
      case .changed, .failed, .info:
        // A line that changed nothing leaves the invariants as they held.
        if let broken = brokenInvariants(in: session) { return .invariant(line: number, violations: broken) }
      default:
        break
      }
      switch outcome {
      case let .failed(message):
        pendingFailure = (number, message, session.lastTraceback)
      case let .expectationFailed(expected, actual):
        return .expectation(line: number, expected: expected, actual: actual)
      case .command(.quit):
        return nil
      default:
        break
      }
    }
    return pendingFailure.map { .unexpectedError(line: $0.line, message: $0.message, traceback: $0.traceback) }
  }

  /// The invariants the session's state breaks, described; `nil` when all hold.
  private static func brokenInvariants(in session: FlowSession) -> [String]? {
    guard !session.rules.declarations.invariants.isEmpty else { return nil }
    let violations = session.rules.invariantViolations(in: session.state)
    return violations.isEmpty ? nil : violations.map(\.description)
  }
}
