import Foundation
import PackagePlugin

/// Embeds a target's Lua files in it as Swift string constants (`EmbeddedLua.ruleDSL`), written
/// at build time by the `embed-lua` tool: the `.lua` files are the only copies in the repository,
/// and the binary needs no resource bundle to find them.
///
/// The files are the target's own `.lua` sources, plus, for a target listed in ``elsewhere``, Lua
/// files whose home is outside the target's folder.
@main
struct EmbedLua: BuildToolPlugin {
  /// Lua files a target embeds from elsewhere in the package (relative to its root): they stay
  /// where users open them — the demo flow as `scripts/demo.lua` (`flowscript repl
  /// scripts/demo.lua`, the scenario files, the README), the DSL's lua-language-server
  /// definitions as `docs/tabflow-meta.lua`.
  static let elsewhere = ["FlowscriptKit": ["scripts/demo.lua", "docs/tabflow-meta.lua"]]

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let own = target.sourceFiles(withSuffix: "lua").map(\.url)
    let other = (Self.elsewhere[target.name] ?? []).map { context.package.directoryURL.appending(path: $0) }
    let inputs = own + other
    if inputs.isEmpty { return [] }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedLua.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(inputs.map(\.lastPathComponent).joined(separator: ", ")) in \(target.name)",
        executable: try context.tool(named: "embed-lua").url,
        arguments: [output.path(percentEncoded: false)] + inputs.map { $0.path(percentEncoded: false) },
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}
