import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowScriptExploration


/// The navigation graph exploration found, drawn for a reader:
///
/// - A node is a screen *in a tab*: a screen shown in several tabs (an item pushed from the feed
///   and from search, a login sheet presented anywhere) is one node per tab, in that tab's
///   cluster, with the id `tab/screen`. A declared screen no explored state shows is a node of
///   its own, outside the clusters, with its bare name as id.
/// - Edges are labelled with the line that takes them (an action's name, a deep link) and the
///   style (push, sheet, cover, tab switch); a change a guard redirected says which guard.
/// - Deep links are one node per pattern (`url shop://item/:id`), with an edge to each screen it
///   opens, rather than an edge from every screen (`allLinks` draws those).
/// - A transition is classed by what its line did: a line that leaves a new route on top is
///   forward (drawn with that route's style) even when it closed routes first; going back — the
///   `back` line, and any line that only pops or dismisses — is drawn only with `back`.
///
/// The states are explored by the library's engine, as `check` explores them, and
/// ``GraphAnalysis`` takes from each transition what the graph needs: the guard that redirected a
/// change, and the moves back.
struct NavigationGraph {
  struct Options {
    /// Every deep-link edge, from every screen it was opened from, instead of one node per pattern.
    var allLinks = false
    /// The back and dismiss edges too.
    var back = false
  }

  /// A screen as shown in a tab (`tab` is `nil` for a screen no explored state shows).
  struct Place: Hashable, Comparable {
    let tab: String?
    let screen: String

    /// `tab/screen`, or the screen's name: each part with `%` and `/` written `%25` and `%2F`,
    /// so no two places share an id (tab `a` and screen `b/c`, tab `a/b` and screen `c`).
    var id: String { tab.map { "\(Self.escaped($0))/\(Self.escaped(screen))" } ?? Self.escaped(screen) }

    /// `name` with `%` and `/` percent-encoded (the rest as it is).
    static func escaped(_ name: String) -> String {
      guard name.contains(where: { $0 == "%" || $0 == "/" }) else { return name }
      return name.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "/", with: "%2F")
    }

    static func < (lhs: Place, rhs: Place) -> Bool {
      (lhs.tab ?? "", lhs.screen) < (rhs.tab ?? "", rhs.screen)
    }
  }

  /// One explored change worth drawing.
  struct Step: Hashable {
    let from: Place
    let to: Place
    let line: String
    let style: String
    /// The `back` line, or a line that only popped or dismissed.
    let isBack: Bool
    /// The guards that redirected the change (or deferred the link it opened and showed
    /// something else meanwhile), in order.
    let redirects: [String]
  }

  struct Node {
    let id: String
    let screen: String
    let tab: String?
    let title: String
    let isRoot: Bool
  }

  enum EdgeKind: String {
    case action, link, back
  }

  struct Edge: Hashable, Comparable {
    let from: String
    let to: String
    let label: String
    let style: String
    let kind: String
    /// The guard that redirected the change (the first, when several did), if one did.
    let redirectedBy: String?

    static func < (lhs: Edge, rhs: Edge) -> Bool {
      (lhs.from, lhs.to, lhs.style, lhs.label, lhs.redirectedBy ?? "")
        < (rhs.from, rhs.to, rhs.style, rhs.label, rhs.redirectedBy ?? "")
    }
  }

  let tabs: [(id: String, title: String)]
  let nodes: [Node]
  /// The deep-link pattern nodes: an id and the pattern.
  let links: [(id: String, pattern: String)]
  let edges: [Edge]

  init(steps: Set<Step>, shown: Set<Place>, declarations: ScriptDeclarations, options: Options = Options()) {
    // What is presented over the tab bar is drawn as a cluster of its own, after the tabs.
    let overTabs = shown.contains { $0.tab == Self.appPlace }
    tabs = declarations.tabs.map { ($0.id, $0.title) } + (overTabs ? [(Self.appPlace, "Above the tabs")] : [])
    let roots = Set(declarations.tabs.map { Place(tab: $0.id, screen: $0.root) })
    let titles = Dictionary(declarations.screens.map { ($0.name, $0.title) }) { first, _ in first }
    var nodes: [Node] = []
    for tab in declarations.tabs.map(\.id) + (overTabs ? [Self.appPlace] : []) {
      for screen in declarations.screenNames where shown.contains(Place(tab: tab, screen: screen)) {
        let place = Place(tab: tab, screen: screen)
        nodes.append(Node(id: place.id, screen: screen, tab: tab, title: titles[screen] ?? screen, isRoot: roots.contains(place)))
      }
    }
    let shownScreens = Set(shown.map(\.screen))
    for screen in declarations.screenNames where !shownScreens.contains(screen) {
      nodes.append(Node(id: Place(tab: nil, screen: screen).id, screen: screen, tab: nil, title: titles[screen] ?? screen, isRoot: false))
    }
    self.nodes = nodes

    // Each pattern's node, and the `url` line the exploration opened it with.
    var ids = Set(nodes.map(\.id))
    var links: [(id: String, pattern: String)] = []
    var patternOfLine: [String: Int] = [:]
    for pattern in declarations.deepLinks + declarations.links.map(\.pattern) {
      let line = Self.line(opening: pattern)
      guard patternOfLine[line] == nil else { continue }
      var id = "url " + pattern
      while !ids.insert(id).inserted { id += "'" }
      patternOfLine[line] = links.count
      links.append((id, pattern))
    }

    var edges = Set<Edge>()
    // Styles of the edges from one pattern to one screen (through one guard), drawn as one edge.
    var linkStyles: [Edge: Set<String>] = [:]
    for step in steps where options.back || !step.isBack {
      let isLink = step.line.hasPrefix("url ")
      let kind: EdgeKind = step.isBack ? .back : isLink ? .link : .action
      let label = isLink || step.line.hasPrefix("tab ")
        ? step.line : step.line.split(separator: " ").first.map(String.init) ?? step.line
      let guardName = step.redirects.first
      if isLink, !options.allLinks, let index = patternOfLine[step.line] {
        let key = Edge(
          from: links[index].id, to: step.to.id, label: "url " + links[index].pattern, style: "", kind: kind.rawValue,
          redirectedBy: guardName)
        linkStyles[key, default: []].insert(step.style)
        continue
      }
      edges.insert(Edge(
        from: step.from.id, to: step.to.id, label: label, style: step.style, kind: kind.rawValue, redirectedBy: guardName))
    }
    for (key, styles) in linkStyles {
      edges.insert(Edge(
        from: key.from, to: key.to, label: key.label, style: styles.sorted().joined(separator: " / "), kind: key.kind,
        redirectedBy: key.redirectedBy))
    }
    // Every pattern, opened or not; none when each link's edges leave the screens.
    self.links = options.allLinks ? [] : links
    self.edges = edges.sorted()
  }

  /// The `url` line the exploration opens `pattern` with (``ScriptInputLines`` writes it so).
  static func line(opening pattern: String) -> String {
    let url = ScriptInputLines.sampleURL(pattern)
    return "url " + (url.contains(where: \.isWhitespace) ? FlowName.quoted(url) : url)
  }

  func dot() -> String {
    var lines = ["digraph flow {", "  rankdir=LR;", "  node [shape=box, style=rounded];"]
    func nodeLine(_ node: Node) -> String {
      let shape = node.isRoot ? ", peripheries=2" : ""
      return "\(quote(node.id)) [label=\(quote(node.title == node.screen ? node.screen : "\(node.title)\n(\(node.screen))"))\(shape)];"
    }
    for tab in tabs {
      let members = nodes.filter { $0.tab == tab.id }
      guard !members.isEmpty else { continue }
      lines.append("  subgraph \(clusterID(tab.id)) {")
      lines.append("    label=\(quote(tab.title == tab.id ? tab.id : "\(tab.title) (\(tab.id))"));")
      lines += members.map { "    " + nodeLine($0) }
      lines.append("  }")
    }
    lines += nodes.filter { $0.tab == nil }.map { "  " + nodeLine($0) }
    for link in links {
      lines.append("  \(quote(link.id)) [label=\(quote(link.id)), shape=cds, style=\"\"];")
    }
    for edge in edges {
      var attributes: [String]
      switch edge.style {
      case "sheet": attributes = ["style=dashed"]
      case "cover": attributes = ["style=bold"]
      case "tab switch": attributes = ["style=dotted"]
      default: attributes = []
      }
      // Going back: grey, whatever its style (`constraint=false` would make Graphviz fail to
      // route some of them among the clusters).
      if edge.kind == EdgeKind.back.rawValue { attributes = [] }
      if edge.redirectedBy != nil {
        attributes += ["color=red", "fontcolor=red"]
      } else if edge.kind == EdgeKind.back.rawValue {
        attributes += ["color=gray", "fontcolor=gray"]
      }
      lines.append("  \(quote(edge.from)) -> \(quote(edge.to)) [label=\(quote(edgeText(edge)))"
        + attributes.map { ", " + $0 }.joined() + "];")
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  func mermaid() -> String {
    // Mermaid ids keep only letters and digits of a name, so two names can make one id
    // (`my item`, `my_item`): each tab, node and link gets its own, the later ones numbered.
    var used = Set<String>()
    func unique(_ base: String) -> String {
      var id = base
      var number = 2
      while !used.insert(id).inserted {
        id = "\(base)_\(number)"
        number += 1
      }
      return id
    }
    let tabIDs = Dictionary(tabs.map { ($0.id, unique(mermaidID($0.id, prefix: "t_"))) }) { first, _ in first }
    let nodeIDs = Dictionary(nodes.map { ($0.id, unique(mermaidID($0.id))) }) { first, _ in first }
    let linkIDs = Dictionary(links.map { ($0.id, unique(mermaidID($0.id, prefix: "l_"))) }) { first, _ in first }
    func id(_ name: String) -> String { nodeIDs[name] ?? linkIDs[name] ?? mermaidID(name) }
    var lines = ["flowchart LR"]
    for tab in tabs {
      let members = nodes.filter { $0.tab == tab.id }
      guard !members.isEmpty else { continue }
      lines.append("  subgraph \(tabIDs[tab.id] ?? mermaidID(tab.id, prefix: "t_"))[\"\(mermaidText(tab.title == tab.id ? tab.id : "\(tab.title) (\(tab.id))"))\"]")
      lines += members.map { "    \(id($0.id))[\"\(mermaidText($0.title))\"]" }
      lines.append("  end")
    }
    lines += nodes.filter { $0.tab == nil }.map { "  \(id($0.id))[\"\(mermaidText($0.title))\"]" }
    for link in links {
      lines.append("  \(id(link.id))>\"\(mermaidText(link.id))\"]")
    }
    for edge in edges {
      let arrow: String
      switch edge.style {
      case _ where edge.kind == EdgeKind.back.rawValue: arrow = "-.->"
      case "sheet", "tab switch": arrow = "-.->"
      case "cover": arrow = "==>"
      default: arrow = "-->"
      }
      let label = mermaidText(edgeText(edge)).replacingOccurrences(of: "|", with: "/")
      lines.append("  \(id(edge.from)) \(arrow)|\"\(label)\"| \(id(edge.to))")
    }
    return lines.joined(separator: "\n")
  }

  func json() -> String {
    let tabText = tabs.map { "{\"id\":\(StateJSON.string($0.id)),\"title\":\(StateJSON.string($0.title))}" }
    let nodeText = nodes.map {
      "{\"id\":\(StateJSON.string($0.id)),\"screen\":\(StateJSON.string($0.screen)),\"tab\":"
        + ($0.tab.map(StateJSON.string) ?? "null")
        + ",\"title\":\(StateJSON.string($0.title)),\"root\":\($0.isRoot)}"
    }
    let linkText = links.map { "{\"id\":\(StateJSON.string($0.id)),\"pattern\":\(StateJSON.string($0.pattern))}" }
    let edgeText = edges.map {
      "{\"from\":\(StateJSON.string($0.from)),\"to\":\(StateJSON.string($0.to)),\"action\":\(StateJSON.string($0.label)),"
        + "\"style\":\(StateJSON.string($0.style)),\"kind\":\(StateJSON.string($0.kind))"
        + ($0.redirectedBy.map { ",\"redirectedBy\":\(StateJSON.string($0))" } ?? "") + "}"
    }
    return "{\"tabs\":[\(tabText.joined(separator: ","))],\"nodes\":[\(nodeText.joined(separator: ","))],"
      + "\"links\":[\(linkText.joined(separator: ","))],\"edges\":[\(edgeText.joined(separator: ","))]}"
  }

  /// An edge's label: the line and the style (a pattern's edge: the styles alone), and the guard
  /// that redirected it.
  private func edgeText(_ edge: Edge) -> String {
    let isPatternEdge = links.contains { $0.id == edge.from }
    let text = isPatternEdge ? edge.style : "\(edge.label) (\(edge.style))"
    guard let name = edge.redirectedBy else { return text }
    return text + "\nredirected by " + BatchFailure.guardLabel(name)
  }

  /// `cluster_home`; quoted when the tab's name is not a plain DOT identifier.
  private func clusterID(_ tab: String) -> String {
    let plain = tab.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    return plain ? "cluster_\(tab)" : quote("cluster_\(tab)")
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

  private func mermaidID(_ name: String, prefix: String = "s_") -> String {
    prefix + name.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
  }
}

extension NavigationGraph {
  /// Explores the states `session` can reach from its state, breadth-first to `depth` lines (at
  /// most `maxStates` states, the inputs of those recorded tried all the same), with `check`'s
  /// inputs, on the library's engine (``ScriptSurvey``, fed to ``GraphAnalysis``); returns the
  /// changes worth drawing and every screen each tab showed. The session is left in the state it
  /// started in.
  static func walk(session: FlowSession, depth: Int, maxStates: Int) -> (steps: Set<Step>, shown: Set<Place>) {
    var survey = ScriptSurvey(session: session, depth: depth, maxStates: maxStates)
    survey.mode = ExplorationMode(goesOnAtStateLimit: true, runsBuiltInAnalyses: false)
    let graph = survey.run { _ in GraphAnalysis() }.analysis
    return (graph.steps, graph.shown)
  }

  /// The cluster a place presented over the tab bar (in the app layer) is drawn in: the rule DSL's
  /// reserved name for the app layer, which no tab can have.
  static let appPlace = "@app"
}
