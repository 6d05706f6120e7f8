import Foundation
import TabFlowCore
import TabFlowScriptExploration

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
    let watcher = FileWatcher(path: watch ? scriptPath : nil)
    // With --watch, a changed script reloads while the REPL waits for a line.
    let idle: (() -> Bool)? = watch ? { [self] in
      guard watcher.changed() else { return false }
      if interactive { Output.line("") }
      report(session.execute(.command(.reload)))
      return true
    } : nil
    let reader = LineReader(
      interactive: interactive, completions: { [session] words in Self.completions(for: session, after: words) }, idle: idle)
    if interactive {
      let declarations = session.rules.declarations
      Output.line("flowscript \(TabFlowVersion.current) — \(session.chunk) (\(declarations.app.isEmpty ? "flow" : declarations.app)): "
        + "tabs \(declarations.tabIDs.joined(separator: ", ")). Type help for the line language, quit to leave.")
      Output.line(StateText.tabLine(session.state.tabs[session.state.tabs.firstIndex { $0.id == session.state.selectedTab } ?? 0]))
    }
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
      case .show:
        Output.lines(PhoneView.render(
          session.state, declarations: session.rules.declarations, backGesture: session.backGesture))
        if let rejection = session.rejectionLine { Output.line(rejection) }
      case .help: Output.text(Self.help)
      case .quit, .reload, .undo, .confirm, .cancelLink: break
      }
    }
  }

  /// What tab completion offers for the word after `words`: at the start of a line, commands and
  /// `screen.action` for every screen in the selected tab's stack; after `tab`, tab ids; after
  /// `url`, the script's deep-link and link patterns; after `set`, the context keys the script
  /// reads, then `true`, `false`, `nil`; after `expect`, the expectation kinds, then what each
  /// takes (tab ids, screens, context keys, guard names).
  static func completions(for session: FlowSession, after words: [String]) -> [String] {
    let declarations = session.rules.declarations
    let tabs = session.state.tabIDs.map { FlowName.written($0.rawValue) }
    let screens = declarations.screenNames.map(FlowName.written)
    switch words.count {
    case 0:
      var candidates = FlowLineParser.commandWords.filter { $0 != "exit" }
      for name in Set(session.state.selectedStack.routes.map(\.screen.name)).sorted() {
        for action in declarations.screen(named: name)?.actionList ?? [] {
          candidates.append("\(FlowName.written(name)).\(FlowName.written(action))")
        }
      }
      return candidates
    case 1:
      switch words[0] {
      case "tab": return tabs
      case "url": return Array(Set(declarations.deepLinks + declarations.links.map(\.pattern))).sorted()
      case "set": return session.contextKeys
      case "expect": return FlowLineParser.expectationKinds
      default: return []
      }
    case 2:
      switch (words[0], words[1]) {
      case ("set", _): return ["true", "false", "nil"]
      case ("expect", "tab"): return tabs
      case ("expect", "top"): return screens
      case ("expect", "stack"): return tabs.map { $0 + ":" } + screens
      case ("expect", "context"): return session.contextKeys
      case ("expect", "rejected"): return declarations.guards.map(FlowName.quoted)
      case ("expect", "url"), ("expect", "pending"), ("expect", "resume"): return ["none"]
      default: return []
      }
    default:
      if words.first == "expect", words.count >= 3, words[1] == "stack" { return screens + ["sheet:", "cover:", ">"] }
      if words.first == "expect", words.count == 3, words[1] == "context" { return ["true", "false", "nil"] }
      return []
    }
  }

  static let help = LineLanguageHelp.table + "\n\n" + LineLanguageHelp.replCommands
}

/// Notices changes of a file by its identity, size and modification time (polled: checked
/// before each line and, with `--watch`, about every 100 ms while the REPL waits).
final class FileWatcher {
  let path: String?
  private var last: Signature?

  /// What tells one version of the file from another.
  struct Signature: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int
  }

  init(path: String?) {
    self.path = path
    last = path.flatMap(Self.signature)
  }

  /// Whether the file changed since the last call (or since it was created); a file that is
  /// missing (being replaced) has not changed yet.
  func changed() -> Bool {
    guard let path, let now = Self.signature(path), now != last else { return false }
    last = now
    return true
  }

  static func signature(_ path: String) -> Signature? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let time = info.st_mtimespec
    #else
      let time = info.st_mtim
    #endif
    return Signature(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size), seconds: Int(time.tv_sec),
      nanoseconds: Int(time.tv_nsec))
  }
}
