@testable import FlowscriptKit
import Foundation
@testable import TabFlowCore
@testable import TabFlowLua
import TestSupport
import Testing

extension FlowscriptTests {
  /// Why a URL does not open, and why a screen has no URL, said as it is: an empty path
  /// parameter, a list or table field a URL cannot carry — not "no link declares item", and
  /// `check` reports a link whose parameter is such a field.
  @Suite("Link messages")
  struct LinkMessageTests {
    static let script = """
      tab "home" { root = "feed" }
      screen "feed" { actions = { "open", "filter", "search" } }
      screen "item" { state = { id = "" } }
      screen "list" { state = { filter = {} } }
      screen "search" { state = { q = "", tags = { first = "" } } }
      link("shop://item/:id", "item")
      link("shop://list/:filter", "list")
      link("shop://search/:q", "search")
      on("feed.open", function(nav) nav:push("item", { id = "" }) end)
      on("feed.filter", function(nav) nav:push("list", { filter = { a = 1 } }) end)
      on("feed.search", function(nav) nav:push("search", { q = "shoes", tags = { first = "red" } }) end)
      """

    @Test func anEmptyPathParameterIsSaidToBeEmpty() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("links.lua", Self.script)
        let result = try await FlowscriptCLI.run(
          ["repl", script], stdin: "url shop://item/\nexpect error \":id is empty\"\nurl shop://item\nfeed.open\nurl\n")
        #expect(result.stderrLines == [
          "error: no deep link matches 'shop://item/': :id is empty (shop://item/:id needs a value for it)",
          // Not a pattern's URL with an empty parameter: the usual message.
          "error: no deep link matches 'shop://item' (patterns: shop://item/:id, shop://list/:filter, shop://search/:q)",
        ])
        #expect(result.stdoutLines.last == "(no url: item.id is empty, and shop://item/:id needs a non-empty :id)")
      }
    }

    @Test func aTableFieldIsSaidToBeOneNoURLCarries() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("links.lua", Self.script)
        let result = try await FlowscriptCLI.run(
          ["repl", script], stdin: "feed.filter\nurl\nback\nfeed.search\nurl\nurl shop://list/x\nurl shop://list/1\n")
        #expect(result.stdoutLines.contains("(no url: list.filter is a table, which shop://list/:filter cannot write in a URL)"))
        #expect(result.stdoutLines.contains(
          "(no url: search.tags is a table changed from its default, which shop://search/:q cannot write in a URL)"))
        // Opening one: any text is refused the same way (1 used to pass as an integer and fail later).
        #expect(result.stderrLines == Array(repeating: "error: list.filter is a table field, which a URL cannot carry (shop://list/:filter)", count: 2))
        #expect(!result.stdout.contains("no link declares"))
      }
    }

    @Test func checkReportsALinkWhoseParameterIsATableField() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("links.lua", Self.script)
        let result = try await FlowscriptCLI.run(["check", script, "--explore", "1"])
        #expect(result.exitCode == 1)
        let report = "link cannot be written: link 'shop://list/:filter': ':filter' is a table field of list, which a URL "
          + "cannot carry (a link's parameters are strings, numbers or booleans) (links.lua:7)"
        let index = try #require(result.stdoutLines.firstIndex(of: report), "\(result.stdout)")
        // A declaration's problem: no line sequence to reproduce it.
        #expect(result.stdoutLines.indices.contains(index + 1) && !result.stdoutLines[index + 1].hasPrefix("  reproduce:"))

        // String, number and boolean parameters are fine.
        let fine = try workspace.write("fine.lua", """
          tab "home" { root = "feed" }
          screen "feed" { }
          screen "item" { state = { id = 0, name = "", gift = false, price = 1.5 } }
          link("shop://item/:id/:name/:gift/:price", "item")
          """)
        let passed = try await FlowscriptCLI.run(["check", fine, "--explore", "1"])
        #expect(!passed.stdout.contains("link cannot be written"), "\(passed.stdout)")
      }
    }

    @Test func theLibrarySaysWhy() throws {
      var links = DeepLinks<String>()
      try links.register("shop://item/:id") { _, _ in [] }
      try links.register("shop://user/:id/orders/:order") { _, _ in [] }
      for (url, pattern, parameter) in [
        ("shop://item/", "shop://item/:id", "id"), ("shop://item/?ref=x", "shop://item/:id", "id"),
        ("shop://user//orders/3", "shop://user/:id/orders/:order", "id"),
      ] {
        let empty = try #require(links.emptyParameter(in: url), "\(url)")
        #expect(empty.pattern == pattern && empty.parameter == parameter, "\(url)")
      }
      #expect(links.emptyParameter(in: "shop://item") == nil)
      #expect(links.emptyParameter(in: "shop://item/3") == nil)
      #expect(links.emptyParameter(in: "other://item/") == nil)

      let item = ScreenDeclaration(name: "item", stateDefaults: ["id": .string(""), "tags": .array([])])
      let link = ScriptLink(pattern: "shop://item/:id", screen: "item")
      #expect(link.parameterProblem(declaration: item) == nil)
      #expect(link.urlProblem(for: ["id": .string("3"), "tags": .array([])], declaration: item) == nil)
      #expect(link.urlProblem(for: ["id": .string(""), "tags": .array([])], declaration: item)
        == "item.id is empty, and shop://item/:id needs a non-empty :id")
      #expect(link.urlProblem(for: ["id": .string("3"), "tags": .array([.int(1)])], declaration: item)
        == "item.tags is a list changed from its default, which shop://item/:id cannot write in a URL")
      let tags = ScriptLink(pattern: "shop://tags/:tags", screen: "item")
      #expect(tags.parameterProblem(declaration: item)
        == "link 'shop://tags/:tags': ':tags' is a list field of item, which a URL cannot carry "
        + "(a link's parameters are strings, numbers or booleans)")
    }
  }
}
