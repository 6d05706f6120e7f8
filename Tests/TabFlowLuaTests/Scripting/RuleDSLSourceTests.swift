import CLuaSandbox
import Foundation
@testable import TabFlowLua
import Testing

/// The rule DSL is a Lua file of its own (`Sources/TabFlowLua/RuleDSL.lua`), embedded by
/// the EmbedLua build-tool plugin: it compiles, the embedded copy is the file, and it ships no test-only hooks.
@Suite struct RuleDSLSourceTests {
  static let file = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/TabFlowLua/RuleDSL.lua")

  @Test func theDSLFileCompiles() throws {
    let source = try String(contentsOf: Self.file, encoding: .utf8)
    let state = try #require(luaL_newstate())
    defer { lua_close(state) }
    let status = luaL_loadstring(state, source)
    let message = status == LUA_OK ? "" : (clua_tostring(state, -1).map { String(cString: $0) } ?? "?")
    #expect(status == LUA_OK, "\(message)")
  }

  @Test func theEmbeddedCopyIsTheFile() throws {
    // The generated literal holds the file without its final line break.
    #expect(try String(contentsOf: Self.file, encoding: .utf8) == RuleDSL.source + "\n")
  }

  @Test func itShipsNoTestOnlyHooks() {
    for hook in ["rule_index", "__tabflow_view"] {
      #expect(!RuleDSL.source.contains(hook), "the DSL still has \(hook)")
    }
  }
}
