import ArgumentParser
import Foundation
import TabFlowCore
import TabFlowLua
import TabFlowScriptExploration

/// `--state FILE` of `repl`, `send`, `run`, `check` and `map`: start from a saved navigation
/// document — what an app's `NavigationFileStore` writes (`{"format":"tabflow.navigation",…}`),
/// or one attached to a bug report — instead of the script's initial state, so the user's state
/// reproduces. The document is fitted to the script as a reload fits the state it keeps: tabs
/// the script adds appear at their roots, screens get the declared fields. A file that cannot be
/// read, is not a navigation document, is corrupt, or uses a tab or screen the script does not
/// declare is a usage error (exit 2) naming the file and what is wrong; nothing runs.
struct SavedStateOption: ParsableArguments {
  @Option(
    name: .customLong("state"),
    help: ArgumentHelp(
      "Start from this saved navigation document (an app's NavigationFileStore file) instead of the script's initial state.",
      valueName: "FILE"))
  var path: String?

  /// Puts `session` in the saved state, when `--state` was given.
  func apply(to session: FlowSession) throws {
    guard let path else { return }
    session.load(try Self.state(at: path, for: session))
  }

  /// The document at `path` as a state of `session`'s script, or a usage error saying why not.
  static func state(at path: String, for session: FlowSession) throws -> FlowSession.State {
    let what = "saved navigation state"
    if let problem = InputFile.problem(path, what: what) { throw CommandFailure.usage(problem) }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CommandFailure.usage("\(path): cannot read the \(what)")
    }
    let saved: FlowSession.State
    do {
      saved = try NavigationDocument.decode(data, as: DynamicScreen.self)
    } catch {
      throw CommandFailure.usage("\(path): \(error.description)".escapingControlCharacters(keepingLineBreaks: false))
    }
    do {
      return try session.rules.compatibility(of: session.rules.script, keeping: saved)
    } catch {
      // The checks are a reload's: worded here for a state that was saved, not kept.
      let reason = error.reason.replacingOccurrences(of: "reload rejected: ", with: "")
        .replacingOccurrences(of: "the new script", with: "the script")
      throw CommandFailure.usage("\(path): the saved state does not fit \(session.chunk): \(reason)")
    }
  }

  /// ` --state FILE` for a reproduction (`flowscript send … --state FILE LINES`), or nothing.
  var reproductionArguments: String {
    path.map { " --state " + $0.shellWord } ?? ""
  }
}
