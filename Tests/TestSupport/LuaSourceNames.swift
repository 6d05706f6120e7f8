/// Names a Lua source defines, read line by line: what the rule DSL's documentation and the
/// editor definitions (`flowscript types`) are checked against.
package enum LuaSourceNames {
  /// Names defined in `source` by `function <prefix>name(`.
  package static func defined(_ prefix: String, in source: String) -> Set<String> {
    var names = Set<String>()
    for line in source.split(separator: "\n") {
      let text = line.trimmingCharacters(in: .whitespaces)
      guard text.hasPrefix("function \(prefix)") else { continue }
      let name = text.dropFirst("function \(prefix)".count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      names.insert(String(name))
    }
    return names
  }

  /// The members of `table` that `source` assigns rather than defines (`Nav.push, Nav.pop = …`:
  /// made in C).
  package static func assigned(to table: String, in source: String) -> Set<String> {
    var names = Set<String>()
    for line in source.split(separator: "\n") {
      let text = line.trimmingCharacters(in: .whitespaces)
      guard text.hasPrefix("\(table)."), let equals = text.firstIndex(of: "=") else { continue }
      for target in text[..<equals].split(separator: ",") {
        let name = target.trimmingCharacters(in: .whitespaces).dropFirst(table.count + 1)
        if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { names.insert(String(name)) }
      }
    }
    return names
  }
}
