import ArgumentParser

extension Flowscript {
  /// `flowscript graph RULES.lua [--format dot|mermaid|json] [--all-links] [--back]`.
  struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "graph",
      abstract: "Export the navigation graph found by exploration.",
      discussion: """
        Each tab is a cluster of the screens it showed; a screen shown in several tabs (a sheet \
        presented anywhere) is a node in each, with the id TAB/SCREEN (a / or % in a name written \
        %2F or %25, so no two nodes share an id; Mermaid ids are numbered where names would make \
        one). Edges are labelled with the \
        action and the style (push, sheet, cover, tab switch), and with the guard that redirected \
        the change, if one did. Each deep-link pattern is one node with an edge to each screen it \
        opens (--all-links: an edge from every screen it was opened from instead). A transition is \
        classed by what its line did: a line that leaves a new route on top is forward, drawn \
        with that route's style, even when it closed others first (a dismiss then a push is a \
        push); going back (back, and a line that only pops or dismisses) is drawn only with --back. The JSON gives \
        each node's tab (null for a screen no explored state shows).
        Example: flowscript graph shop.lua --format dot | dot -Tsvg > flow.svg
        """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
      case dot, mermaid, json
    }

    @OptionGroup var options: ScriptOptions

    @Option(help: "dot, mermaid or json.")
    var format: Format = .dot

    @OptionGroup var bounds: ExplorationOptions<Graph>

    @Flag(help: "Draw each deep link from every screen it was opened from, not once per pattern.")
    var allLinks = false

    @Flag(help: "Draw going back too: back, pops and dismisses.")
    var back = false

    func run() throws {
      try bounds.check()
      let session = try options.session()
      let walked = NavigationGraph.walk(
        session: session, depth: max(1, bounds.explore), maxStates: bounds.maxStates)
      let graph = NavigationGraph(
        steps: walked.steps, shown: walked.shown, declarations: session.rules.declarations,
        options: NavigationGraph.Options(allLinks: allLinks, back: back))
      switch format {
      case .dot: Output.text(graph.dot())
      case .mermaid: Output.text(graph.mermaid())
      case .json: Output.line(graph.json())
      }
    }
  }
}

extension Flowscript.Graph: OptionWording {
  static var maxStatesHelp: String { "Stop adding states after this many (the edges found to then are drawn)." }
}
