import ArgumentParser
import TabFlow

/// The `flowscript` command: drives TabFlow rule scripts from the command line.
@main
struct Flowscript: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "flowscript",
    abstract: "Send actions to a TabFlow navigation flow and watch its tabs and stacks change.",
    discussion: """
      TabFlow is a tab-and-multi-stack navigation coordinator whose routing rules are Lua
      scripts. flowscript loads such a script and lets you drive it from the command line.
      """,
    version: TabFlowVersion.current
  )
}
