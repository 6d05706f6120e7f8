import Foundation
import Testing

extension FlowscriptTests {
  /// `flowscript types`: lua-language-server definitions for a script — the fixed part from
  /// docs/tabflow-meta.lua and the script's names — written to stdout or, with `-o`, to a file.
  @Suite("types")
  struct TypesCommandTests {
    let demo = FlowscriptCLI.demoScript

    /// The checked-in fixed part.
    static let meta: String = {
      let path = FlowscriptCLI.packageRoot.appendingPathComponent("docs/tabflow-meta.lua").path
      return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }()

    /// `luac5.4`, which parses Lua 5.4 without running it (Debian's `lua5.4`; scripts/setup installs it).
    static let luac = FlowscriptCLI.tool("luac5.4")

    /// A script whose names need care: a screen name that is no identifier, quotes, every kind of default.
    static let awkwardScript = #"""
      tab "tab one" { root = "order-list" }
      tab "it's" { root = "say \"hi\"" }
      screen "order-list" { state = { paid = false, total = 1.5, tags = { "a" }, note = "", ["two words"] = 0 },
                            actions = { orderTapped = { id = 1 }, "with.dot" } }
      screen "say \"hi\"" { actions = { "done" } }
      screen "order_list" { }
      on("order-list.orderTapped", function(nav, p) nav:push("order_list") end)
      """#

    @Test func theDemosDefinitionsNameItsScreensTabsActionsAndFieldTypes() async throws {
      let result = try await FlowscriptCLI.run(["types", demo])
      #expect(result.exitCode == 0, "\(result.stderr)")
      #expect(result.stderr.isEmpty)
      let text = result.stdout
      #expect(!Self.meta.isEmpty)
      #expect(text.hasPrefix(Self.meta), "the output does not start with docs/tabflow-meta.lua (run scripts/embed)")
      #expect(text.hasPrefix("---@meta"))
      #expect(text.contains(#"---@alias ScreenName "feed"|"item"|"cart"|"checkout"|"login"|"help"|"promo"|"search"|"account"|"orders"|"share"|"review""#))
      #expect(text.contains(#"---@alias TabID "home"|"search"|"profile""#))
      #expect(text.contains("---@class item.State\n---@field id? integer default '0'\n---@field qty? integer default '1'\n"))
      #expect(text.contains("---@class login.State\n---@field reason? string"))
      #expect(text.contains(#"---@alias item.Action "buyTapped"|"relatedTapped"|"reviewTapped"|"shareTapped""#))
      #expect(text.contains(#"---@alias cart.Action "checkoutTapped"|"closeTapped""#))
      #expect(text.contains(#""feed.itemTapped""#))
      #expect(text.contains(#""*.cancelled""#))
      #expect(text.contains("---@alias ScreenState feed.State|item.State|"))
      #expect(text.contains("function Nav:push(screen, state) end"))
      // Deterministic: the same script gives the same text.
      let again = try await FlowscriptCLI.run(["types", demo])
      #expect(again.stdout == text)
    }

    @Test(.enabled(if: luac != nil, "luac5.4 is not installed (apt-get install lua5.4; scripts/setup installs it): the parse check is skipped"))
    func theDefinitionsAreLuaThatParses() async throws {
      let luac = try #require(Self.luac)
      try await Workspace.with { workspace in
        let awkward = try workspace.write("awkward.lua", Self.awkwardScript)
        for script in [demo, awkward] {
          let out = workspace.path("types.d.lua")
          let types = try await FlowscriptCLI.run(["types", script, "-o", out, "--force"])
          #expect(types.exitCode == 0, "\(types.stderr)")
          let parse = try await FlowscriptCLI.run(executable: luac, ["-p", out])
          #expect(parse.exitCode == 0, "luac5.4 -p rejected the definitions of \(script): \(parse.stderr)")
        }
      }
    }

    @Test func awkwardNamesBecomeLiteralsAndIdentifiers() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("awkward.lua", Self.awkwardScript)
        let result = try await FlowscriptCLI.run(["types", script])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let text = result.stdout
        #expect(text.contains(#"---@alias ScreenName "order-list"|'say "hi"'|"order_list""#))
        #expect(text.contains(#"---@alias TabID "tab one"|"it's""#))
        // "order-list" and "order_list" get distinct class names.
        #expect(text.contains("---@class order_list.State\n"))
        #expect(text.contains("---@class order_list_2.State\n"))
        #expect(text.contains("---@field paid? boolean"))
        #expect(text.contains("---@field total? number"))
        #expect(text.contains("---@field tags? string[]"))
        #expect(text.contains("---@field note? string"))
        #expect(text.contains(#"---@field ["two words"]? integer"#))
        #expect(text.contains(#""order-list.with.dot""#))
      }
    }

    @Test func outputFileIsNotOverwrittenWithoutForce() async throws {
      try await Workspace.with { workspace in
        let out = try workspace.write("types.d.lua", "-- mine\n")
        let refused = try await FlowscriptCLI.run(["types", demo, "-o", out])
        #expect(refused.exitCode == 2)
        #expect(refused.stderr.contains("\(out): exists; pass --force to overwrite it"))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "-- mine\n")

        let forced = try await FlowscriptCLI.run(["types", demo, "--out", out, "--force"])
        #expect(forced.exitCode == 0, "\(forced.stderr)")
        #expect(forced.stdout.isEmpty)
        let stdout = try await FlowscriptCLI.run(["types", demo])
        #expect(try String(contentsOfFile: out, encoding: .utf8) == stdout.stdout)

        // Never the script itself, not even with --force.
        let script = try workspace.write("rules.lua", #"screen "a" {} tab "t" { root = "a" }"#)
        let itself = try await FlowscriptCLI.run(["types", script, "-o", script, "--force"])
        #expect(itself.exitCode == 2)
        #expect(itself.stderr.contains("is the script"))
      }
    }

    @Test func anUnloadableScriptExitsWith2() async throws {
      try await Workspace.with { workspace in
        let broken = try workspace.write("broken.lua", "screen \"a\" { sate = {} }\n")
        let result = try await FlowscriptCLI.run(["types", broken])
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("unknown option 'sate'"))
        let out = workspace.path("never.d.lua")
        let written = try await FlowscriptCLI.run(["types", broken, "-o", out])
        #expect(written.exitCode == 2)
        #expect(!FileManager.default.fileExists(atPath: out))
        let missing = try await FlowscriptCLI.run(["types", workspace.path("missing.lua")])
        #expect(missing.exitCode == 2)
      }
    }

    /// The fixed part declares every declaration, `nav` method and view the DSL has, and a guard's change.
    @Test func theFixedPartCoversTheDSL() {
      let declarations = LuaRulesDocTests.defined("dsl.")
      #expect(declarations == ["app", "tab", "screen", "on", "on_context", "deeplink", "link", "guard", "context", "invariant"])
      for name in declarations {
        #expect(Self.meta.contains("\nfunction \(name)("), "docs/tabflow-meta.lua does not declare \(name)")
      }
      let methods = LuaRulesDocTests.defined("Nav:").union(LuaRulesDocTests.assigned(to: "Nav"))
      #expect(methods.count >= 17)
      for method in methods {
        #expect(Self.meta.contains("\nfunction Nav:\(method)("), "docs/tabflow-meta.lua does not declare nav:\(method)")
      }
      let declaredMethods = Set(Self.meta.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("function Nav:") else { return nil }
        return String(line.dropFirst("function Nav:".count).prefix { $0 != "(" })
      })
      #expect(declaredMethods == methods)
      for view in ["currentTab", "top", "depth", "stack", "context", "event"] {
        #expect(Self.meta.contains("---@field \(view) "), "docs/tabflow-meta.lua does not declare nav.\(view)")
      }
      for field in ["before", "after", "context", "commands", "source"] {
        #expect(Self.meta.contains("---@field \(field) "), "docs/tabflow-meta.lua does not declare change.\(field)")
      }
    }
  }
}
