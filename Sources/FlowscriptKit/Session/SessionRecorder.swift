import Foundation
import TabFlowNavigation
import TabFlowScriptExploration

/// Writes a REPL session as a scenario file (`flowscript repl RULES.lua --record FILE`), one that
/// `flowscript run` passes: the lines that drive the flow, snapshot expectations after each line
/// that changed the state (`expect stack`, `expect top`, `expect context`, `expect event`), an
/// `expect error` or `expect rejected` after each line that failed, and the expectations the user
/// typed that held. What only prints (`state`, `tree`, `show`, `help`, `url`) is left out; what
/// cannot be replayed (a line that did not parse, a failed expectation, a reload) is kept as a
/// comment. The file is rewritten after every line, so a session that ends abruptly keeps its
/// recording.
final class SessionRecorder {
  let path: String
  private let force: Bool
  private let protected: [ProtectedInput]
  private var lines: [String]
  /// The expectation a failed line needs, held back so that an `expect error` or
  /// `expect rejected` the user types right after it takes its place.
  private var pendingFailure: String?
  /// Whether the previous line failed in a way the file does not replay (it did not parse), so
  /// an `expect error` after it is not replayed either.
  private var previousFailureUnrecorded = false
  private var written = false

  /// Refuses (a usage error, exit 2) a path that may not be written: an existing file without
  /// `force`, the script itself, a directory (see ``OutputFile``).
  /// A session started from a saved navigation document (`savedState`, `--state FILE`) is
  /// replayed from it: the header says how.
  init(path: String, force: Bool, script: String?, chunk: String, savedState: String? = nil) throws {
    self.path = path
    self.force = force
    protected = script.map { [ProtectedInput(path: $0, role: "the script being driven")] } ?? []
    let state = savedState.map { " --state " + $0.shellWord } ?? ""
    lines = ["# Recorded with flowscript repl \(chunk)\(state) --record; run it with flowscript run \(chunk)\(state) FILE."]
    try OutputFile.check(path, force: force, protecting: protected)
  }

  /// Notes a line that did not parse.
  func unparsable(_ text: String) {
    flushPendingFailure()
    lines.append("# did not parse: \(text.trimmingWhitespace())")
    previousFailureUnrecorded = true
  }

  /// Notes a line the session ran, and what it did.
  func record(_ text: String, _ line: FlowLine, _ outcome: LineOutcome, session: FlowSession) {
    let written = text.trimmingWhitespace().escapingControlCharacters(keepingLineBreaks: false)
    switch line {
    case .nothing:
      flushPendingFailure()
      if written.hasPrefix("#") { lines.append(written) }
      return
    case .command(.state), .command(.tree), .command(.show), .command(.help), .command(.quit), .currentURL:
      return
    case .command(.reload), .reloadFrom:
      flushPendingFailure()
      lines.append("# \(written) (not replayed: the rules that follow are the reloaded ones)")
      previousFailureUnrecorded = false
      return
    case let .expect(expectation):
      let consumesFailure: Bool
      switch expectation {
      case .error, .rejected: consumesFailure = true
      default: consumesFailure = false
      }
      guard case .expectationPassed = outcome else {
        flushPendingFailure()
        lines.append("# \(written) (did not hold)")
        return
      }
      if consumesFailure && previousFailureUnrecorded {
        lines.append("# \(written) (not replayed: the line before did not parse)")
        previousFailureUnrecorded = false
        return
      }
      if consumesFailure {
        pendingFailure = nil
        previousFailureUnrecorded = false
      } else {
        flushPendingFailure()
      }
      lines.append(written)
      return
    default:
      break
    }
    flushPendingFailure()
    previousFailureUnrecorded = false
    lines.append(written)
    switch outcome {
    case .failed:
      if let guardName = session.lastRejectingGuard {
        pendingFailure = "expect rejected \(FlowName.written(guardName))"
      } else {
        // The text up to anything a line could not hold as it is (a control character).
        let message = String((session.lastFailure ?? "").unicodeScalars.prefix { !$0.isUnsafeOnTerminal })
        pendingFailure = message.isEmpty ? "expect error" : "expect error \(FlowName.quoted(message))"
      }
    // What the state and events hold is written as the line language reads it back: a line
    // separator (U+2028) or control character inside a string is an escape, never raw.
    case .changed:
      lines += snapshot(of: line, session: session).map { $0.escapingControlCharacters(keepingLineBreaks: false) }
    case .unchanged:
      lines += events(session).map { $0.escapingControlCharacters(keepingLineBreaks: false) }
    default:
      break
    }
  }

  /// The expectations that pin down the state after a line that changed it.
  private func snapshot(of line: FlowLine, session: FlowSession) -> [String] {
    var expectations: [String] = []
    if case let .set(key, value) = line {
      expectations.append("expect context \(FlowName.written(key)) \(value)")
    } else {
      let state = session.state
      let route = state.selectedStack.routes.map { route in
        let name = FlowName.written(route.screen.name)
        return route.isPresented ? "\(route.style):\(name)" : name
      }
      expectations.append("expect stack \(FlowName.written(state.selectedTab.rawValue)): \(route.joined(separator: " > "))")
      let top = state.selectedStack.top.screen
      expectations.append(
        "expect top \(FlowName.written(top.name))" + (top.state.isEmpty ? "" : " \(FlowValue.object(top.state))"))
    }
    return expectations + events(session)
  }

  /// `expect event` for each event the last line emitted.
  private func events(_ session: FlowSession) -> [String] {
    session.lastEvents.map { event in
      "expect event \(FlowName.written(event.name))" + (event.payload == .null ? "" : " \(event.payload)")
    }
  }

  private func flushPendingFailure() {
    if let pendingFailure { lines.append(pendingFailure) }
    pendingFailure = nil
  }

  /// The recording as it stands.
  var text: String { (lines + (pendingFailure.map { [$0] } ?? [])).joined(separator: "\n") + "\n" }

  /// Writes the recording: the first time by the rules checked at the start, then replacing the
  /// file this recorder wrote.
  func save() throws {
    try OutputFile.write(Data(text.utf8), to: path, mode: 0o644, force: force || written, protecting: protected)
    written = true
  }
}
