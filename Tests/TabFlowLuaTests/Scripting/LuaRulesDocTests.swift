import Foundation
@testable import TabFlowLua
import TestSupport
import Testing

/// docs/LUA-RULES.md cannot drift from the DSL: every declaration and `nav` member the DSL defines
/// is documented there, and everything documented exists.
@Suite struct LuaRulesDocTests {
  static let document: String = {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/LUA-RULES.md").path
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }()

  /// Names defined in the DSL source by `function <prefix>name(`.
  static func defined(_ prefix: String) -> Set<String> {
    LuaSourceNames.defined(prefix, in: RuleDSL.source)
  }

  /// Names the document writes as `` `nav:name(`` / `` `nav.name` `` / declarations in the table.
  static func documented(_ pattern: String) -> Set<String> {
    var names = Set<String>()
    var rest = Substring(document)
    while let range = rest.range(of: pattern) {
      let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      if !name.isEmpty { names.insert(String(name)) }
      rest = rest[range.upperBound...]
    }
    return names
  }

  @Test func theDocumentExists() {
    #expect(!Self.document.isEmpty)
  }

  /// The methods the DSL assigns rather than defines (`Nav.push, Nav.pop = …`: made in C).
  static func assigned(to table: String) -> Set<String> {
    LuaSourceNames.assigned(to: table, in: RuleDSL.source)
  }

  @Test func everyNavMethodIsDocumentedAndNothingElse() {
    let methods = Self.defined("Nav:").union(Self.assigned(to: "Nav"))
    #expect(Self.assigned(to: "Nav") == ["push", "pop"])
    #expect(methods.count >= 17)
    #expect(Self.documented("`nav:") == methods)
  }

  @Test func everyNavViewIsDocumented() {
    // The views the DSL's __index answers.
    let views: Set<String> = ["currentTab", "top", "depth", "stack", "context", "event"]
    for view in views {
      #expect(RuleDSL.source.contains("\"\(view)\""), "the DSL no longer answers nav.\(view)")
    }
    #expect(Self.documented("`nav.") == views)
  }

  @Test func everyDeclarationIsDocumented() {
    let declarations = Self.defined("dsl.")
    #expect(declarations == ["app", "tab", "screen", "on", "on_context", "deeplink", "link", "guard", "context", "invariant"])
    for name in declarations {
      #expect(Self.document.contains("| `\(name)"), "docs/LUA-RULES.md does not document \(name)")
    }
  }
}
