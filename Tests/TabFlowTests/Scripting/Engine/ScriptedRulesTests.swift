import Testing

/// The specification of the Lua rule engine (docs/ARCHITECTURE.md §4–§6, docs/LUA-RULES.md): the rule API a script author writes
/// against, the reducer calling the rules, typed screens through a screen catalog, and hot
/// reload. Every suite in this folder nests here, so `swift test --filter ScriptedRules` runs
/// exactly them. Fixtures are small inline scripts; their line numbers are part of the
/// expectations, because every error must say `file:line`.
@Suite("ScriptedRules")
enum ScriptedRulesTests {}
