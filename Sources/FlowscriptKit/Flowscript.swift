import ArgumentParser
import Foundation
import TabFlowCore
import TabFlowLua
import TabFlowScriptExploration

/// The `flowscript` command: drives TabFlow rule scripts from the command line. The executable
/// is ``execute(_:)``; the language, session, explorer and output it runs are this library's.
public struct Flowscript: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "flowscript",
    abstract: "Send actions to a TabFlow navigation flow and watch its tabs and stacks change.",
    discussion: """
      TabFlow is a tab-and-multi-stack navigation coordinator whose routing
      rules are Lua scripts. flowscript loads such a script and drives it with
      one line language.

      \(LineLanguageHelp.table)

      \(LineLanguageHelp.replCommands)

      Examples:
        flowscript                            REPL on the bundled demo flow
        flowscript repl shop.lua --watch      REPL, reloading shop.lua on change
        flowscript repl shop.lua --record s.flow   keep the session as a scenario
        flowscript run shop.lua flows/*.flow  run scenarios: "N passed, N failed"
        flowscript check shop.lua --explore 6 explore every reachable state
        flowscript diff shop-v7.lua shop.lua  what a change does: each input that differs
        flowscript graph shop.lua --format dot | dot -Tsvg > flow.svg
        flowscript map shop.lua -o flow.html  a page to click through the states
        flowscript send shop.lua 'feed.itemTapped {id=3}' 'tab profile' --json
        flowscript keygen --out release.key   a key pair to sign rule packages
        flowscript pack shop.lua --key release.key --release 7
        flowscript verify shop.flowpkg --public-key release.key.pub
        flowscript run shop.flowpkg --public-key release.key.pub flows/*.flow
        flowscript types shop.lua -o shop.d.lua   editor completion (lua-language-server)

      Exit codes: 0 success, 1 a scenario or check failed, 2 usage or script error.
      """,
    version: TabFlowVersion.current,
    subcommands: [Repl.self, Run.self, Check.self, Diff.self, Graph.self, Map.self, Send.self, Keygen.self, Pack.self, Verify.self, Types.self, DemoScript.self],
    defaultSubcommand: Repl.self
  )

  /// A command with no options of its own (ArgumentParser builds it).
  public init() {}

  /// Runs flowscript with `arguments` (the command line without the program name) on the
  /// process's streams and exits with its exit code: 0 success, 1 a scenario or check failed,
  /// 2 usage or script error.
  public static func execute(_ arguments: [String]) -> Never {
    let code = exitCode(running: arguments)
    Console.process.flush()
    Foundation.exit(code)
  }

  /// Runs flowscript with `arguments` (the command line without the program name) in this
  /// process, reading `stdin` and writing into memory, and returns what a process would have
  /// done: its exit code, stdout and stderr. Many runs may go at once (each has its own streams).
  ///
  /// The run is not a terminal: nothing is coloured, no progress is shown, the REPL neither
  /// prompts nor edits lines. `environment` stands for the process's (`NO_COLOR`, `TERM`,
  /// `HOME`). Relative paths are the process's current directory's.
  public static func run(arguments: [String], stdin: String = "", environment: [String: String] = [:]) -> RunResult {
    run(arguments: arguments, stdin: stdin, environment: environment, mergingErrors: false)
  }

  /// ``run(arguments:stdin:environment:)`` with stderr written into stdout when `mergingErrors`,
  /// in the order the two were written (as `2>&1` would); ``RunResult/stderr`` is then empty.
  public static func run(
    arguments: [String], stdin: String = "", environment: [String: String] = [:], mergingErrors: Bool
  ) -> RunResult {
    let console = Console.inMemory(stdin: stdin, environment: environment, mergingErrors: mergingErrors)
    let code = Console.$current.withValue(console) { exitCode(running: arguments) }
    return RunResult(exitCode: code, stdout: console.output, stderr: console.errors)
  }

  /// What an in-process run (``run(arguments:stdin:environment:)``) did.
  public struct RunResult: Sendable, Equatable {
    /// 0 success, 1 a scenario or check failed, 2 usage or script error.
    public let exitCode: Int32
    /// Everything written to stdout.
    public let stdout: String
    /// Everything written to stderr.
    public let stderr: String
  }

  /// Runs `arguments` on the current ``Console`` and returns the exit code.
  static func exitCode(running arguments: [String]) -> Int32 {
    if let failure = Flowscript.mistypedSubcommand(arguments) {
      Output.errorText(failure)
      return 2
    }
    do {
      var command = try Flowscript.parseAsRoot(arguments)
      try command.run()
    } catch let failure as CommandFailure {
      if !failure.message.isEmpty { Output.error(failure.message) }
      return failure.code
    } catch {
      let code = Flowscript.exitCode(for: error)
      let message = Flowscript.fullMessage(for: error)
      if code == .success {
        if !message.isEmpty { Output.text(message) }
        return 0
      }
      if !message.isEmpty { Output.errorText(message) }
      // Usage errors exit with 2 (docs/ARCHITECTURE.md §7; ArgumentParser's default is 64).
      return code == .validationFailure ? 2 : code.rawValue
    }
    return 0
  }
}

extension Flowscript {
  /// Why `arguments` cannot run when their first word is a mistyped subcommand (`grpah x.lua`):
  /// a word close to a subcommand's name that names no file, which the default subcommand
  /// (`repl`) would otherwise take for its script.
  static func mistypedSubcommand(_ arguments: [String]) -> String? {
    guard let first = arguments.first, !first.hasPrefix("-"), !first.contains("/"), !first.contains("."),
      !FileManager.default.fileExists(atPath: first)
    else { return nil }
    let names = configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
    guard !names.contains(first), let suggestion = Suggestions.closest(to: first, in: names) else { return nil }
    return "Error: unknown command '\(first)' — did you mean '\(suggestion)'?\n"
      + "Usage: flowscript <subcommand> (\(names.joined(separator: ", "))), or flowscript SCRIPT\n"
      + "  See 'flowscript --help' for more information."
  }
}

/// A failure with its exit code: 1 a scenario or check failed, 2 usage or script error.
struct CommandFailure: Error {
  let code: Int32
  let message: String

  static func script(_ error: ScriptError) -> CommandFailure {
    CommandFailure(code: 2, message: error.description.escapingControlCharacters(keepingLineBreaks: false))
  }
  static func usage(_ message: String) -> CommandFailure { CommandFailure(code: 2, message: message) }
  static let failed = CommandFailure(code: 1, message: "")
}
