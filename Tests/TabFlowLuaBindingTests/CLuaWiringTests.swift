import CLuaSandbox
@testable import TabFlowLuaBinding
import Testing

/// Proves the system-library wiring: Swift creates a Lua state, runs a chunk through the shim's
/// macro wrappers and reads the result back.
@Suite("CLua wiring")
struct CLuaWiringTests {
  @Test("a chunk runs and its results are read back through the shims")
  func runsAChunk() throws {
    let state = try #require(luaL_newstate())
    defer { lua_close(state) }
    luaL_openlibs(state)

    let chunk = "local t = {} for i = 1, 10 do t[i] = i * i end return #t, t[10], string.upper('lua')"
    #expect(luaL_loadstring(state, chunk) == LUA_OK)
    #expect(clua_pcall(state, 0, 3, 0) == LUA_OK)

    #expect(clua_tointeger(state, -3) == 10)
    #expect(clua_tointeger(state, -2) == 100)
    var length = 0
    let text = try #require(lua_tolstring(state, -1, &length))
    #expect(String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self) == "LUA")
    clua_pop(state, 3)
    #expect(lua_gettop(state) == 0)
  }

  @Test("a runtime error comes back as a status and a message, not a crash")
  func reportsErrors() throws {
    let state = try #require(luaL_newstate())
    defer { lua_close(state) }

    #expect(luaL_loadstring(state, "local x = nil; return x.field") == LUA_OK)
    #expect(clua_pcall(state, 0, 1, 0) == LUA_ERRRUN)
    let message = String(cString: try #require(clua_tostring(state, -1)))
    #expect(message.contains("attempt to index a nil value"))
  }

  @Test("the shim exposes the registry index and the release string")
  func exposesConstants() {
    #expect(CLUA_REGISTRYINDEX == -LUAI_MAXSTACK - 1000)
    #expect(String(cString: CLUA_RELEASE).hasPrefix("Lua 5.4"))
  }
}
