/// The rule DSL: trusted Lua (`RuleDSL.lua`, embedded as ``source`` by `scripts/embed`) that runs
/// in the sandbox before each script and gives it its globals (`app`, `tab`, `screen`, `on`,
/// `deeplink`, `guard`) and the `nav` objects rules receive.
enum RuleDSL {
  static let chunkName = "=tabflow.dsl"
  /// How Lua names the DSL's chunk in positions (`tabflow.dsl:42:`).
  static var location: String { String(chunkName.dropFirst()) }
}
