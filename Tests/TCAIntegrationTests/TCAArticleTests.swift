import Foundation
import Testing

/// The DocC article "Using TabFlow in a TCA app" shows the compiled integration, not a copy that
/// can drift from it, and neither calls what TCA 1.25 deprecates and 2.0 removes.
@Suite("TCA integration: the article")
struct TCAArticleTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The code the article shows: AppFeature.swift from the screens' reducer to the presenter.
  static func compiledReducers() throws -> String {
    let compiled = try read("Tests/TCAIntegrationTests/AppFeature.swift")
    let start = try #require(compiled.range(of: "  /// The screens' reducer"))
    let end = try #require(compiled.range(of: "  /// What the app's view would hold"))
    // Unindented, as the article shows it (the file's code is inside `#if TCAStandIn`).
    return compiled[start.lowerBound..<end.lowerBound]
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : String($0) }
      .joined(separator: "\n")
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func theArticleShowsTheCompiledReducers() throws {
    let article = try Self.read("Sources/TabFlow/TabFlow.docc/UsingTabFlowWithTCA.md")
    #expect(article.contains(try Self.compiledReducers()), "copy AppFeature.swift's ScreenFeature and AppFeature into the article")
  }

  /// No reducer invoked directly (`reduce(into:action:)`: deprecated in TCA 1.25, gone in 2.0), no
  /// effect transformed (`Effect.map`: deprecated). (That no action is sent from inside a reduce, the
  /// stand-in store counts at run time: `reentrantSends`.)
  @Test(arguments: ["Tests/TCAIntegrationTests/AppFeature.swift", "Sources/TabFlow/TabFlow.docc/UsingTabFlowWithTCA.md"])
  func neitherCallsWhatTCADeprecates(path: String) throws {
    let text = try Self.read(path)
    for forbidden in [".reduce(into:", "._reduce(", ".map {", ".map(", "Effect.map"] {
      #expect(!text.contains(forbidden), "\(path) uses \(forbidden)")
    }
  }
}
