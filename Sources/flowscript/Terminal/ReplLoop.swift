import Foundation
import TabFlow

/// The REPL: reads lines, runs them, prints what changed.
struct ReplLoop {
  let session: FlowSession
  let watch: Bool
  /// Print a rule error's Lua traceback under its error line.
  var verbose = false
  /// Writes the session as a scenario file (`--record FILE`).
  var recorder: SessionRecorder?

  func run() {
    let interactive = Output.isInteractive
    let reader = LineReader(interactive: interactive) { [session] in completions(for: session) }
    if interactive {
      let declarations = session.rules.declarations
      Output.line("flowscript \(TabFlowVersion.current) — \(session.chunk) (\(declarations.app.isEmpty ? "flow" : declarations.app)): "
        + "tabs \(declarations.tabIDs.joined(separator: ", ")). Type help for the line language, quit to leave.")
      Output.line(StateText.tabLine(session.state.tabs[session.state.tabs.firstIndex { $0.id == session.state.selectedTab } ?? 0]))
    }
    var watcher = FileWatcher(path: watch ? scriptPath : nil)
    while let text = reader.read(prompt: "\(session.state.selectedTab)> ") {
      if watcher.changed() {
        report(session.execute(.command(.reload)))
      }
      let line: FlowLine
      do {
        line = try FlowLineParser.parse(text)
      } catch {
        Output.error("error: \(error)")
        session.lineFailedToParse(error.description)
        recorder?.unparsable(text)
        saveRecording()
        continue
      }
      let outcome = session.execute(line)
      recorder?.record(text, line, outcome, session: session)
      saveRecording()
      if case .command(.quit) = outcome { break }
      session.warnings.forEach { Output.error("warning: \($0)") }
      report(outcome)
    }
    saveRecording()
  }

  /// Rewrites the recording, saying why when it cannot.
  private func saveRecording() {
    guard let recorder else { return }
    do {
      try recorder.save()
    } catch let failure as CommandFailure {
      Output.error("error: recording not saved: \(failure.message)")
    } catch {
      Output.error("error: recording not saved: \(error)")
    }
  }

  private var scriptPath: String? {
    switch session.origin {
    case let .file(path), let .package(path, _, _): return path
    case .bundledDemo: return nil
    }
  }

  private func report(_ outcome: LineOutcome) {
    switch outcome {
    case .nothing, .expectationPassed:
      break
    case let .changed(lines, events):
      lines.forEach(Output.line)
      events.forEach { Output.line("  \($0)") }
    case let .unchanged(events):
      if events.isEmpty { Output.line("(no change)") } else { events.forEach { Output.line("  \($0)") } }
    case let .failed(message):
      Output.error("error: \(message)")
      if verbose, let traceback = session.lastTraceback { Output.errorText(Output.indented(traceback)) }
    case let .expectationFailed(expected, actual):
      Output.error("expectation failed: expected \(expected), got \(actual)")
    case let .info(message):
      Output.line(message)
    case let .command(command):
      switch command {
      case .state: Output.line(StateJSON.render(session.state, url: session.currentURL))
      case .tree: Output.lines(StateText.tree(session.state))
      case .show: Output.lines(PhoneView.render(session.state, declarations: session.rules.declarations))
      case .help: Output.text(Self.help)
      case .quit, .reload, .undo, .confirm, .cancelLink: break
      }
    }
  }

  /// What tab completion offers: commands, tab ids, and `screen.action` for every screen in the
  /// selected tab's stack (completion works word by word, so tab ids stand alone).
  private func completions(for session: FlowSession) -> [String] {
    var words = ["tab", "back", "url", "set", "expect"] + ReplCommand.allCases.map(\.rawValue)
    words += ["stack", "top", "error", "depth"]
    words += session.state.tabIDs.map(\.rawValue)
    let declarations = session.rules.declarations
    for name in Set(session.state.selectedStack.routes.map(\.screen.name)).sorted() {
      for action in declarations.screen(named: name)?.actionList ?? [] { words.append("\(name).\(action)") }
    }
    return words
  }

  static let help = LineLanguageHelp.table + "\n\n" + LineLanguageHelp.replCommands
}

/// Notices changes of a file by its modification time (checked, not watched).
struct FileWatcher {
  let path: String?
  private var lastModified: Date?

  init(path: String?) {
    self.path = path
    lastModified = path.flatMap(Self.modified)
  }

  mutating func changed() -> Bool {
    guard let path, let now = Self.modified(path), now != lastModified else { return false }
    lastModified = now
    return true
  }

  private static func modified(_ path: String) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
  }
}
