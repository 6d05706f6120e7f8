import ArgumentParser
import Foundation

extension Flowscript {
  /// `flowscript repl [RULES.lua]`, and bare `flowscript` on the bundled demo.
  struct Repl: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "repl",
      abstract: "Drive a flow line by line (the default; without a script, the bundled demo).",
      discussion: """
        On a terminal: line editing, persistent history (~/.flowscript_history), Ctrl-C to drop \
        the line being typed, and tab completion of commands, tabs, the current stack's \
        screen.action names, deep-link patterns after url, context keys after set and \
        expectations after expect; errors in red, warnings in yellow. Piped: plain lines in, \
        plain text out, no prompts, no colour (NO_COLOR turns off colour on a terminal too, and \
        only colour). --state FILE starts from a saved navigation document (an app's \
        NavigationFileStore file, a bug report's) instead of the initial state. --record FILE writes the session as a scenario file that \
        flowscript run passes (an expect stack/top after each line that changed the state). \
        Type help for the line language.
        Example: printf 'feed.itemTapped {id=3}\\ntree\\n' | flowscript
        """)

    @Argument(help: "The Lua rule script, or a rule package with --public-key (default: the bundled demo flow).")
    var script: String?

    @Option(name: .customLong("public-key"), help: "Treat the script as a signed rule package, verified against this public key (KEY.pub); repeat for several.")
    var publicKeys: [String] = []

    @OptionGroup var saved: SavedStateOption

    @Flag(help: "Reload the script as soon as its file changes; when it does not load, wait for a fixed one.")
    var watch = false

    @OptionGroup var limits: LimitOptions<StandardWording>

    @Flag(help: "Print the Lua traceback under a rule error.")
    var verbose = false

    @Option(name: .customLong("record"), help: ArgumentHelp(
      "Write the session as a scenario file that flowscript run passes.", valueName: "FILE"))
    var record: String?

    @Flag(help: "With --record, overwrite an existing file.")
    var force = false

    func run() throws {
      let session: FlowSession
      let options = ScriptOptions.given(script: script ?? "", limits: limits, publicKeys: publicKeys)
      if let script, watch {
        session = try Self.firstSession(options, script: script)
      } else if script != nil {
        session = try options.session()
      } else {
        if watch { throw CommandFailure.usage("--watch needs a script file") }
        if !publicKeys.isEmpty { throw CommandFailure.usage("--public-key needs a package file") }
        do {
          session = try FlowSession(origin: .bundledDemo, limits: options.limits)
        } catch {
          throw CommandFailure.script(error)
        }
      }
      try saved.apply(to: session)
      // What the rules print is shown as they print it, before the line's outcome.
      session.rules.printHandler = { Output.printed($0) }
      if force, record == nil { throw CommandFailure.usage("--force is for --record FILE") }
      let recorder = try record.map { path in
        try SessionRecorder(path: path, force: force, script: script, chunk: session.chunk, savedState: saved.path)
      }
      ReplLoop(session: session, watch: watch, verbose: verbose, recorder: recorder).run()
    }
  }
}

extension Flowscript.Repl {
  /// With `--watch`: a script that does not load is reported, then waited for until its file
  /// changes and it loads (a file that is missing or unreadable is still a usage error).
  fileprivate static func firstSession(_ options: ScriptOptions, script: String) throws -> FlowSession {
    let watcher = FileWatcher(path: script)
    while true {
      if let problem = InputFile.problem(script, what: "script") { throw CommandFailure.usage(problem) }
      do {
        return try options.session()
      } catch let failure as CommandFailure where failure.code == 2 {
        Output.error(failure.message)
        Output.info("waiting for \(script) to change (--watch; Ctrl-C to quit)")
      }
      while !watcher.changed() { usleep(100_000) }
    }
  }
}
