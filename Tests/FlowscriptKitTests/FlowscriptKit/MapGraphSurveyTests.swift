@testable import FlowscriptKit
import Foundation
import TabFlowScriptExploration
import TestSupport
import Testing

/// `map` and `graph` explore on the library's engine (``ScriptSurvey``): what they write is what
/// their own loops wrote, kept as files for the frozen demo, and a line's outcome is still the
/// one a session gives it.
@Suite struct MapGraphSurveyTests {
  static let frozen = FlowscriptCLI.packageRoot.appendingPathComponent("Benchmarks/Frozen")
  static let frozenDemo = frozen.appendingPathComponent("demo-2026-11-28.lua").path

  static func recorded(_ name: String) throws -> String {
    try String(contentsOf: frozen.appendingPathComponent(name), encoding: .utf8)
  }

  /// The map data of the frozen demo, `depth` lines deep, at most `maxStates` states.
  static func mapData(depth: Int, maxStates: Int) throws -> String {
    let session = try FlowSession(origin: .file(frozenDemo))
    return MapData(MapExploration.explore(session: session, depth: depth, maxStates: maxStates), session: session).json
  }

  @Test("The frozen demo's map data is what the map's own loop wrote")
  func frozenMap() throws {
    #expect(try Self.mapData(depth: 3, maxStates: 200_000) == Self.recorded("demo-2026-11-28.map-explore-3.json"))
    #expect(
      try Self.mapData(depth: 3, maxStates: 40) == Self.recorded("demo-2026-11-28.map-explore-3-max-states-40.json"),
      "cut at the state limit, the inputs of the states kept are all tried")
  }

  @Test("The frozen demo's graph is what the graph's own walk wrote", arguments: [
    (["--all-links", "--back"], "demo-2026-11-28.graph-all-links-back.dot"),
    (["--format", "json", "--back", "--max-states", "30"], "demo-2026-11-28.graph-back-max-states-30.json"),
    (["--format", "mermaid"], "demo-2026-11-28.graph.mermaid"),
  ])
  func frozenGraph(options: [String], file: String) async throws {
    let result = try await FlowscriptCLI.run(["graph", Self.frozenDemo] + options)
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(result.stdout == (try Self.recorded(file)))
  }

  static func session(_ source: String) throws -> FlowSession {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("survey-\(UUID().uuidString).lua")
    try source.write(to: url, atomically: true, encoding: .utf8)
    // The session reads the script once, here: the file is not left behind.
    defer { try? FileManager.default.removeItem(at: url) }
    return try FlowSession(origin: .file(url.path))
  }

  @Test("A line that changes only what tells no state apart (a badge) leads to its own state")
  func badge() throws {
    let session = try Self.session("""
      tab "home" { root = "feed" }
      tab "search" { root = "query" }
      screen "feed" { actions = { "go" } }
      screen "query" {}
      on("feed.go", function(nav) nav:badge("search", 1) end)
      """)
    let map = MapExploration.explore(session: session, depth: 1, maxStates: 100)
    let go = try #require(map.nodes[0].inputs.firstIndex(of: "feed.go"))
    #expect(map.nodes[0].outcomes[go] == .state(0))
    let back = try #require(map.nodes[0].inputs.firstIndex(of: "back"))
    #expect(map.nodes[0].outcomes[back] == .failed(.input, "cannot go back: tab 'home' is already at root 'feed'"))
  }

  @Test("A context set whose reaction rule fails is a failed line: no state is reached by it")
  func failedReaction() throws {
    let session = try Self.session("""
      tab "home" { root = "feed" }
      screen "feed" {}
      context "flag"
      on_context("flag", function(nav, value) nav:pop() end)
      """)
    let map = MapExploration.explore(session: session, depth: 2, maxStates: 100)
    #expect(map.nodes.count == 1, "the flag set changed the context, but the line failed")
    let set = try #require(map.nodes[0].inputs.firstIndex(of: "set flag true"))
    guard case let .failed(kind, message) = map.nodes[0].outcomes[set] else {
      Issue.record("set flag true: \(map.nodes[0].outcomes[set])")
      return
    }
    // As the session says it.
    session.load(session.state)
    session.isExploring = true
    #expect(session.execute(try FlowLineParser.parse("set flag true")) == .failed(message))
    #expect(session.lastFailureKind == kind)
  }
}
