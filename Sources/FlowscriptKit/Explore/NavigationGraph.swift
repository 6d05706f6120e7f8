import TabFlow

/// The navigation graph exploration found: screens as nodes, edges labelled with the line that
/// takes them (an action, a tab tap, a deep link) and the style (push, sheet, cover, tab switch).
struct NavigationGraph {
  struct Edge: Hashable, Comparable {
    let from: String
    let to: String
    let label: String
    let style: String

    static func < (lhs: Edge, rhs: Edge) -> Bool {
      (lhs.from, lhs.to, lhs.style, lhs.label) < (rhs.from, rhs.to, rhs.style, rhs.label)
    }
  }

  let nodes: [(name: String, title: String)]
  let edges: [Edge]
  let roots: [String]

  init(report: StateExplorer.Report, declarations: ScriptDeclarations) {
    nodes = declarations.screens.map { ($0.name, $0.title) }
    roots = declarations.tabs.map(\.root)
    edges = Set(report.edges.map { transition -> Edge in
      let label = transition.line.split(separator: " ").first.map(String.init) ?? transition.line
      return Edge(
        from: transition.from, to: transition.to,
        label: transition.line.hasPrefix("url ") || transition.line.hasPrefix("tab ") ? transition.line : label,
        style: transition.style)
    }).sorted()
  }

  func dot() -> String {
    var lines = ["digraph flow {", "  rankdir=LR;", "  node [shape=box, style=rounded];"]
    for node in nodes {
      let shape = roots.contains(node.name) ? ", peripheries=2" : ""
      lines.append("  \(quote(node.name)) [label=\(quote(node.title == node.name ? node.name : "\(node.title)\n(\(node.name))"))\(shape)];")
    }
    for edge in edges {
      let style: String
      switch edge.style {
      case "sheet": style = ", style=dashed"
      case "cover": style = ", style=bold"
      case "tab switch": style = ", style=dotted"
      default: style = ""
      }
      lines.append("  \(quote(edge.from)) -> \(quote(edge.to)) [label=\(quote("\(edge.label) (\(edge.style))"))\(style)];")
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  func mermaid() -> String {
    var lines = ["flowchart LR"]
    for node in nodes {
      lines.append("  \(mermaidID(node.name))[\"\(mermaidText(node.title))\"]")
    }
    for edge in edges {
      let arrow: String
      switch edge.style {
      case "sheet", "tab switch": arrow = "-.->"
      case "cover": arrow = "==>"
      default: arrow = "-->"
      }
      let label = mermaidText("\(edge.label) (\(edge.style))").replacingOccurrences(of: "|", with: "/")
      lines.append("  \(mermaidID(edge.from)) \(arrow)|\"\(label)\"| \(mermaidID(edge.to))")
    }
    return lines.joined(separator: "\n")
  }

  func json() -> String {
    let nodeText = nodes.map { "{\"id\":\(StateJSON.string($0.name)),\"title\":\(StateJSON.string($0.title)),\"root\":\(roots.contains($0.name))}" }
    let edgeText = edges.map {
      "{\"from\":\(StateJSON.string($0.from)),\"to\":\(StateJSON.string($0.to)),\"action\":\(StateJSON.string($0.label)),\"style\":\(StateJSON.string($0.style))}"
    }
    return "{\"nodes\":[\(nodeText.joined(separator: ","))],\"edges\":[\(edgeText.joined(separator: ","))]}"
  }

  /// A DOT string: backslashes and quotes escaped, each line break written `\n` (a centred line).
  private func quote(_ text: String) -> String {
    var out = "\""
    for character in text {
      switch character {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case _ where character.isNewline: out += "\\n"
      default: out.append(character)
      }
    }
    return out + "\""
  }

  /// Text safe inside a quoted Mermaid label: no quotes, backslashes or line breaks.
  private func mermaidText(_ text: String) -> String {
    text.replacingOccurrences(of: "\"", with: "'").replacingOccurrences(of: "\\", with: "/")
      .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
  }

  private func mermaidID(_ name: String) -> String {
    "s_" + name.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
  }
}
