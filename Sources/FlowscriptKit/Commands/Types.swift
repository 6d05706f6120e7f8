import ArgumentParser
import Foundation

extension Flowscript {
  /// `flowscript types RULES.lua [-o FILE] [--force]`: lua-language-server definitions for a script.
  struct Types: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "types",
      abstract: "Print lua-language-server definitions (a ---@meta file) for a rule script.",
      discussion: """
        The output is the DSL's fixed definitions (docs/tabflow-meta.lua: app, tab, screen, on, \
        deeplink, link, guard, the nav class and a guard's change) followed by the script's own \
        names as literal types: ScreenName, TabID, ActionName, RuleKey, a <screen>.State class \
        per screen typed from its declared defaults, and a <screen>.<action>.Payload class per \
        declared action typed from its sample (the action's schema: every field required). \
        push, presentSheet and presentCover get one ---@overload per screen taking that \
        screen's state class, and on one per declared action whose rule takes that payload \
        class. Put the file where lua-language-server finds it (e.g. a folder listed in \
        workspace.library) and an editor completes nav:push("item", { id = … }), flags \
        nav:push("itme") and, in on("feed.itemTapped", function(nav, p) … end), flags p.idd \
        (undefined field) before anything runs.
        An existing file is replaced only with --force, and never the script itself.
        Example: flowscript types shop.lua -o types/shop.d.lua
        """)

    @OptionGroup var options: ScriptOptions

    @Option(name: [.short, .customLong("out")], help: "Write the definitions to this file instead of standard output.")
    var out: String?

    @Flag(help: "Overwrite an existing output file (never the script).")
    var force = false

    func run() throws {
      let inputs = [ProtectedInput(path: options.script, role: "the script")]
      if let out { try OutputFile.check(out, force: force, protecting: inputs) }
      let declarations = try options.session().rules.declarations
      let text = TabFlowMeta.definitions(for: declarations)
      if let out {
        try OutputFile.write(Data(text.utf8), to: out, mode: 0o644, force: force, protecting: inputs)
      } else {
        // `print` ends the text with its line break.
        Output.text(text.hasSuffix("\n") ? String(text.dropLast()) : text)
      }
    }
  }
}
