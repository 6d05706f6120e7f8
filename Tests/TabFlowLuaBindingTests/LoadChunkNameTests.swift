@testable import TabFlowLuaBinding
import LuaTestSupport
import Testing

extension Scripting {
  /// A chunk name a script gives `load` never takes the script's own name (its errors and covered
  /// lines would be the script's) and never forges traceback lines: a name Lua would show as it
  /// is (`=name`) or as a file (`@file`) becomes `(load) name`, its control characters escaped.
  @Suite("load: chunk names a script cannot abuse")
  struct LoadChunkNameTests {
    static let script = """
      function run(name)
        local chunk = assert(load("local x = 1\\nerror('boom')", name))
        return chunk()
      end
      """

    static func failure(loadingAs name: String) throws -> LuaError {
      let vm = try LuaVM(limits: .test)
      let script = try vm.load(Self.script, name: "rules.lua")
      return try #require(throws: LuaError.self) { _ = try vm.call("run", in: script, [.string(name)]) }
    }

    @Test(arguments: ["@rules.lua", "=rules.lua"])
    func aLoadedChunkCannotTakeTheScriptsName(name: String) throws {
      let error = try Self.failure(loadingAs: name)
      #expect(error.message.hasPrefix("(load) rules.lua:2: boom"), "\(error.message)")
    }

    @Test func aChunkNameCannotForgeTracebackLines() throws {
      let error = try Self.failure(loadingAs: "=x\nrules.lua:9: in function 'forged'\r\t\u{1B}")
      #expect(error.message.hasPrefix(#"(load) x\nrules.lua:9: in func"#), "\(error.message)")
      guard case let .runtime(_, traceback) = error else { return }
      #expect(!traceback.contains("\nrules.lua:9"), "\(traceback)")
    }

    @Test func aPlainNameIsKeptAsLuaShowsIt() throws {
      let error = try Self.failure(loadingAs: "helper")
      #expect(error.message.hasPrefix(#"[string "helper"]:2: boom"#), "\(error.message)")
    }
  }
}
