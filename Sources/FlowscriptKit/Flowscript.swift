import ArgumentParser
import Foundation
import TabFlow

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

  /// Runs flowscript with `arguments` (the command line without the program name) and exits with
  /// its exit code: 0 success, 1 a scenario or check failed, 2 usage or script error.
  public static func execute(_ arguments: [String]) -> Never {
    if let failure = Flowscript.mistypedSubcommand(arguments) {
      Output.errorText(failure)
      Foundation.exit(2)
    }
    do {
      var command = try Flowscript.parseAsRoot(arguments)
      try command.run()
    } catch let failure as CommandFailure {
      if !failure.message.isEmpty { Output.error(failure.message) }
      Foundation.exit(failure.code)
    } catch {
      let code = Flowscript.exitCode(for: error)
      let message = Flowscript.fullMessage(for: error)
      if code == .success {
        if !message.isEmpty { Output.text(message) }
        Foundation.exit(0)
      }
      if !message.isEmpty { Output.errorText(message) }
      // Usage errors exit with 2 (docs/ARCHITECTURE.md §7; ArgumentParser's default is 64).
      Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
    }
    Foundation.exit(0)
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

/// The script argument shared by the subcommands.
struct ScriptOptions: ParsableArguments {
  @Argument(help: "The Lua rule script, or a rule package with --public-key.")
  var script: String

  @Option(name: .customLong("public-key"), help: "Treat the script as a signed rule package, verified against this public key (KEY.pub); repeat for several.")
  var publicKeys: [String] = []

  static let defaultBudget = 10_000_000
  static let defaultMemory = 32

  @Option(help: "Instruction budget per action (its rule, guards and deep-link handler), \(ScriptOptions.budgetRange.lowerBound)...\(ScriptOptions.budgetRange.upperBound).")
  var budget: Int = ScriptOptions.defaultBudget

  @Option(help: "Memory cap of the script's VM, in MiB, \(ScriptOptions.memoryRange.lowerBound)...\(ScriptOptions.memoryRange.upperBound).")
  var memory: Int = ScriptOptions.defaultMemory

  @Flag(help: "Print the Lua traceback under a rule error.")
  var verbose = false

  /// What `--budget` accepts: below 1,000 instructions no rule can run; far above, a runaway rule
  /// would hold the line for minutes.
  static let budgetRange = 1_000...10_000_000_000
  /// What `--memory` accepts, in MiB (larger values would overflow the byte count).
  static let memoryRange = 1...65_536

  var limits: LuaVM.Limits {
    LuaVM.Limits(memoryBytes: memory << 20, instructionsPerCall: budget)
  }

  func validate() throws {
    try Self.check(budget: budget, memory: memory)
  }

  /// A usage error (exit 2) naming the option, when `budget` or `memory` is out of range.
  static func check(budget: Int, memory: Int) throws {
    guard budgetRange.contains(budget) else {
      throw ValidationError("--budget must be between \(budgetRange.lowerBound) and \(budgetRange.upperBound) instructions, got \(budget)")
    }
    guard memoryRange.contains(memory) else {
      throw ValidationError("--memory must be between \(memoryRange.lowerBound) and \(memoryRange.upperBound) MiB, got \(memory)")
    }
  }

  /// `flowscript send SCRIPT` with the limits given, so a reproduction runs under the same ones:
  /// the path as typed (a chunk name would only work from the script's directory), each public
  /// key once.
  var sendCommand: String {
    var words = ["flowscript", "send", StateExplorer.Report.shellWord(script)]
    if budget != Self.defaultBudget { words += ["--budget", String(budget)] }
    if memory != Self.defaultMemory { words += ["--memory", String(memory)] }
    // A key named twice (`pack`'s KEY.pub beside the signing key, also given as --public-key) is
    // written once: the same file by the same path, or by another spelling of it.
    var written: Set<String> = []
    for key in publicKeys where written.insert(URL(fileURLWithPath: key).standardizedFileURL.resolvingSymlinksInPath().path).inserted {
      words += ["--public-key", StateExplorer.Report.shellWord(key)]
    }
    return words.joined(separator: " ")
  }

  /// The script file's text.
  func source() throws -> String {
    if let problem = InputFile.problem(script, what: "script") { throw CommandFailure.usage(problem) }
    guard let text = try? String(contentsOfFile: script, encoding: .utf8) else {
      throw CommandFailure.usage("\(script): cannot read the script (it is not UTF-8 text)")
    }
    return text
  }

  /// The session of the script, or of the package verified with the keys of `--public-key` and
  /// `extraKeys` (`pack --previous`'s signing key).
  func session(extraKeys: [RulePublicKey] = []) throws -> FlowSession {
    if let problem = InputFile.problem(script, what: "script") { throw CommandFailure.usage(problem) }
    let origin: FlowSession.Origin
    if publicKeys.isEmpty && extraKeys.isEmpty {
      if PackageFiles.looksLikePackage(script) {
        throw CommandFailure.usage("\(script): is a rule package; give the public key to verify it with --public-key KEY.pub")
      }
      origin = .file(script)
    } else {
      let keys = try PackageFiles.publicKeys(publicKeys) + extraKeys
      origin = .package(script, try PackageFiles.verifiedPackage(script, keys: keys), keys: keys)
    }
    do {
      return try FlowSession(origin: origin, limits: limits)
    } catch {
      throw CommandFailure.script(error)
    }
  }
}
