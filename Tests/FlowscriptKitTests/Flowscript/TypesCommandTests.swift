@testable import FlowscriptKit
import Foundation
@testable import TabFlowLua
import TestSupport
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
      // The fixed part, with overloads before push, presentSheet, presentCover and on.
      #expect(
        Self.withoutOverloads(text).hasPrefix(Self.meta), "the output does not start with docs/tabflow-meta.lua")
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

    /// `text` without the `---@overload` lines `types` adds for the script's screens and actions.
    static func withoutOverloads(_ text: String) -> String {
      text.components(separatedBy: "\n")
        .filter { !$0.hasPrefix("---@overload fun(self: Nav, screen: ") && !$0.hasPrefix("---@overload fun(key: ") }
        .joined(separator: "\n")
    }

    /// Every screen has an overload of push, presentSheet and presentCover taking its state
    /// class, and every declared action a payload class with its sample's fields (required) and
    /// an overload of `on` whose rule takes it: a misspelled field is in no class.
    @Test func eachScreenAndActionHasItsOverloadAndClass() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("places.lua", Self.placesScript)
        let result = try await FlowscriptCLI.run(["types", script])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let lines = result.stdout.components(separatedBy: "\n")
        func overloads(before definition: String) throws -> [String] {
          let index = try #require(lines.firstIndex(of: definition), "\(definition)")
          return Array(lines[..<index].reversed().prefix { $0.hasPrefix("---@overload ") }.reversed())
        }
        let screens = ["list", "place", "map"]
        #expect(try overloads(before: "function Nav:push(screen, state) end") == screens.map {
          "---@overload fun(self: Nav, screen: \"\($0)\", state?: \($0).State)"
        })
        #expect(try overloads(before: "function Nav:presentSheet(screen, state, options) end") == screens.map {
          "---@overload fun(self: Nav, screen: \"\($0)\", state?: \($0).State, options?: SheetOptions)"
        })
        #expect(try overloads(before: "function Nav:presentCover(screen, state, options) end") == screens.map {
          "---@overload fun(self: Nav, screen: \"\($0)\", state?: \($0).State, options?: CoverOptions)"
        })
        // A map of actions is read in name order.
        #expect(try overloads(before: "function on(key, rule) end") == [
          #"---@overload fun(key: "list.mapTapped", rule: fun(nav: Nav, payload: list.mapTapped.Payload))"#,
          #"---@overload fun(key: "list.placeTapped", rule: fun(nav: Nav, payload: list.placeTapped.Payload))"#,
          #"---@overload fun(key: "place.closed", rule: fun(nav: Nav, payload: place.closed.Payload))"#,
        ])
        let text = result.stdout
        #expect(text.contains(#"---@class place.State\#n---@field placeId? integer default '0'\#n---@field title? string default '""'\#n"#))
        #expect(text.contains(
          #"---@class list.placeTapped.Payload\#n---@field placeId integer sample '1'\#n---@field title string sample '"x"'\#n"#))
        #expect(text.contains("---@class list.mapTapped.Payload\n\n"))
        #expect(text.contains("---@class place.closed.Payload\n\n"))
        // Every name the script declares appears; the misspelling does not.
        for name in ["list", "place", "map", "placeTapped", "mapTapped", "closed", "placeId", "title"] {
          #expect(text.contains(name), "\(name)")
        }
        #expect(!text.contains("placeID"))
        #expect(!text.contains("idd"))
      }
    }

    /// A script with payload and state fields, and rules that misspell one (`p.placeID`).
    static let placesScript = """
      tab "home" { root = "list" }
      screen "list" { actions = { placeTapped = { placeId = 1, title = "x" }, "mapTapped" } }
      screen "place" { state = { placeId = 0, title = "" }, actions = { "closed" } }
      screen "map" {}
      on("list.placeTapped", function(nav, p) nav:push("place", { placeId = p.placeId, title = p.title }) end)
      on("list.mapTapped", function(nav) nav:presentSheet("map") end)
      on("place.closed", function(nav) nav:pop() end)

      """

    /// lua-language-server, from `LUA_LANGUAGE_SERVER` or `PATH` (Debian 12 does not package it).
    static let languageServer: URL? = {
      let named = ProcessInfo.processInfo.environment["LUA_LANGUAGE_SERVER"] ?? ""
      if !named.isEmpty, FileManager.default.isExecutableFile(atPath: named) { return URL(fileURLWithPath: named) }
      return FlowscriptCLI.tool("lua-language-server")
    }()

    /// lua-language-server's `--check` of a folder: each diagnostic as `file:line: code: message`.
    static func languageServerCheck(_ folder: URL, in workspace: Workspace) async throws -> [String] {
      let server = try #require(languageServer)
      let log = workspace.url.appendingPathComponent("luals-log")
      let result = try await FlowscriptCLI.run(
        executable: server,
        ["--check=\(folder.path)", "--checklevel=Information", "--logpath=\(log.path)",
         "--metapath=\(workspace.url.appendingPathComponent("luals-meta").path)"],
        timeout: .seconds(120))
      #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
      let report = log.appendingPathComponent("check.json")
      guard FileManager.default.fileExists(atPath: report.path) else { return [] }  // no problem found
      let data = try Data(contentsOf: report)
      let files = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [[String: Any]]])
      var found: [String] = []
      for (file, diagnostics) in files {
        for diagnostic in diagnostics {
          let range = diagnostic["range"] as? [String: Any]
          let start = range?["start"] as? [String: Any]
          let line = ((start?["line"] as? Int) ?? -1) + 1
          found.append("\((file as NSString).lastPathComponent):\(line): \(diagnostic["code"] ?? ""): \(diagnostic["message"] ?? "")")
        }
      }
      return found.sorted()
    }

    /// lua-language-server itself reads the definitions: a rule reading a payload field its
    /// action's sample lacks (`p.placeID`) is an undefined field, the fields it has are not, and
    /// every class and alias the definitions name is defined. The demo, which reads only what
    /// it declares, gets no undefined field or global.
    @Test(.enabled(if: languageServer != nil, "lua-language-server is not installed (set LUA_LANGUAGE_SERVER): the check is skipped"))
    func aLanguageServerFlagsAMisspelledPayloadField() async throws {
      try await Workspace.with { workspace in
        for (name, script, expected) in [
          ("places", Self.placesScript.replacingOccurrences(of: "p.placeId, title", with: "p.placeID, title")
            + #"on("*.closed", function(nav) end)"# + "\n",
           ["rules.lua:5: undefined-field: Undefined field `placeID`."]),
          ("demo", try String(contentsOfFile: demo, encoding: .utf8), []),
        ] {
          let folder = workspace.url.appendingPathComponent(name)
          try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
          let rules = folder.appendingPathComponent("rules.lua")
          try script.write(to: rules, atomically: true, encoding: .utf8)
          let types = try await FlowscriptCLI.run(["types", rules.path, "-o", folder.appendingPathComponent("rules.d.lua").path])
          #expect(types.exitCode == 0, "\(types.stderr)")
          let found = try await Self.languageServerCheck(folder, in: workspace)
          // What the definitions must get right: every name they use defined, no definition
          // twice, the rules' names resolved. (An older server does not read the fixed part's
          // multiple-return types, `(boolean?, string?)`: its luadoc-miss-symbol is left out.)
          let relevant = found.filter {
            $0.contains(": undefined-field: ") || $0.contains(": undefined-global: ") || $0.contains(": undefined-doc-")
              || $0.contains(": luadoc-miss-class-name: ") || $0.contains(": doc-field-no-class: ")
              || $0.contains(": duplicate-")
          }
          #expect(relevant == expected, "\(name): \(found)")
        }
      }
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
      let declarations = LuaSourceNames.defined("dsl.", in: RuleDSL.source)
      #expect(declarations == ["app", "tab", "screen", "on", "on_context", "deeplink", "link", "guard", "context", "invariant"])
      for name in declarations {
        #expect(Self.meta.contains("\nfunction \(name)("), "docs/tabflow-meta.lua does not declare \(name)")
      }
      let methods = LuaSourceNames.defined("Nav:", in: RuleDSL.source).union(LuaSourceNames.assigned(to: "Nav", in: RuleDSL.source))
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
