/// The rule DSL: trusted Lua (`RuleDSL.lua`, embedded as ``source`` at build time) that runs
/// in the sandbox before each script and gives it its globals (`app`, `tab`, `screen`, `on`,
/// `deeplink`, `guard`) and the `nav` objects rules receive.
@usableFromInline
enum RuleDSL {
  static let chunkName = "=tabflow.dsl"
  /// The DSL chunk: `RuleDSL.lua`, which the EmbedLua build-tool plugin embeds as a constant.
  static var source: String { EmbeddedLua.ruleDSL }
  /// What the DSL writes where a tab id goes to mean the app layer (`nav:app()`): a command's
  /// tab, a view's tab. No declared tab can have it (tab ids starting with `@` are refused).
  @usableFromInline static let appLayerTab = "@app"
  /// How Lua names the DSL's chunk in positions (`tabflow.dsl:42:`).
  static var location: String { String(chunkName.dropFirst()) }
}
