import ArgumentParser
import Foundation
import TabFlow

extension Flowscript {
  /// `flowscript repl [RULES.lua]`, and bare `flowscript` on the bundled demo.
  struct Repl: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Drive a flow line by line (the default; without a script, the bundled demo).",
      discussion: """
        On a terminal: line editing, persistent history (~/.flowscript_history) and tab completion \
        of tabs, screens of the current stack and their actions. Piped, or with NO_COLOR set: plain \
        lines in, plain text out, no prompts. Type help for the line language.
        Example: printf 'feed.itemTapped {id=3}\\ntree\\n' | flowscript
        """)

    @Argument(help: "The Lua rule script (default: the bundled demo flow).")
    var script: String?

    @Flag(help: "Reload the script when its file changes (checked before each line).")
    var watch = false

    @Option(help: "Instruction budget per rule call.")
    var budget: Int = 10_000_000

    func run() throws {
      let session: FlowSession
      if let script {
        session = try ScriptOptions(script: script, budget: budget, memory: 32).session()
      } else {
        if watch { throw CommandFailure.usage("--watch needs a script file") }
        do {
          session = try FlowSession(origin: .bundledDemo)
        } catch {
          throw CommandFailure.script(error)
        }
      }
      ReplLoop(session: session, watch: watch).run()
    }
  }
}

extension ScriptOptions {
  init(script: String, budget: Int, memory: Int) {
    self.init()
    self.script = script
    self.budget = budget
    self.memory = memory
  }
}
