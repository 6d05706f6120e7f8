import Foundation
import Testing

/// The documentation's shape, checked without DocC (`scripts/docs` builds it, warnings as
/// errors): every library has its own catalog whose landing page is the module's, each
/// `Extension/` page names a type of its own module, and the umbrella's page links to every
/// library it documents.
@Suite struct DocCCatalogTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The libraries with a catalog: the library products, and the Lua binding `TabFlowLua`
  /// re-exports; TabFlowUI's is built only where SwiftUI exists.
  static let libraries = [
    "TabFlowNavigation", "TabFlowCore", "TabFlowPresentation", "TabFlowRuntime", "TabFlowLuaBinding", "TabFlowLua",
    "TabFlowDelivery", "TabFlowTCA", "TabFlowUI",
  ]

  static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test(arguments: libraries)
  func eachLibraryHasItsOwnLandingPage(library: String) throws {
    let page = try Self.read("Sources/\(library)/\(library).docc/\(library).md")
    #expect(page.hasPrefix("# ``\(library)``\n"), "the landing page of \(library) documents another module")
    #expect(page.contains("\n## Topics\n"), "the landing page of \(library) groups no types")
  }

  @Test(arguments: libraries)
  func extensionPagesNameTheirOwnModule(library: String) throws {
    let folder = Self.root.appendingPathComponent("Sources/\(library)/\(library).docc/Extension")
    let pages = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for page in pages where page.hasSuffix(".md") {
      let text = try String(contentsOf: folder.appendingPathComponent(page), encoding: .utf8)
      let type = String(page.dropLast(3))
      #expect(text.hasPrefix("# ``\(library)/\(type)``\n"), "Extension/\(page) of \(library) names another symbol")
    }
  }

  @Test func theUmbrellaLinksToEveryLibrary() throws {
    let page = try Self.read("Sources/TabFlow/TabFlow.docc/TabFlow.md")
    for library in Self.libraries where library != "TabFlowUI" {
      #expect(page.contains("<doc:/\(library)>"), "the umbrella's page does not link to \(library)")
    }
  }
}
