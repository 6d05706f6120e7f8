import ArgumentParser

extension Flowscript {
  /// `flowscript demo-script`: prints the bundled demo flow (scripts/test checks it matches scripts/demo.lua).
  struct DemoScript: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "demo-script", abstract: "Print the bundled demo flow.", shouldDisplay: false)

    func run() throws {
      Output.text(EmbeddedLua.demo)
    }
  }
}
