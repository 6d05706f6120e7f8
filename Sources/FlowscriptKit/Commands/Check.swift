import ArgumentParser
import TabFlow

extension Flowscript {
  /// `flowscript check RULES.lua [--explore DEPTH]`.
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Validate a script, then explore the states it can reach and report problems.",
      discussion: """
        Explores breadth-first from the initial state: every tab tap, back, declared action of the \
        top screen (with its sample payload), deep link (with sample parameters) and value of each \
        context key the script declares or its rules read, to DEPTH lines. Each rule error, guard \
        that raises an error (a problem, as in apps: never a rejection), guard rejection (a note), \
        invalid command and invariant violation is reported with the shortest line sequence that \
        reproduces it (replay it with flowscript send).
        Exit 0: "check passed", every state to DEPTH explored and no problem. Exit 1: a problem, or \
        an exploration cut at --max-states ("incomplete: stopped at N states": the states beyond \
        were not checked). --explore 0 runs no rule: it makes the checks that need none and says \
        "static checks only: rules not run", never "check passed".
        With --state FILE, exploration starts from a saved navigation document (an app's \
        NavigationFileStore file) instead of the initial state; reproductions name it.
        Example: flowscript check shop.lua --explore 6
        """)

    @OptionGroup var options: ScriptOptions

    @OptionGroup var saved: SavedStateOption

    @Option(help: "How many lines deep to explore (0: static checks only, no rule runs).")
    var explore: Int = ExplorationBounds.defaultDepth

    @Option(help: "Stop after this many distinct states (a cut exploration fails: incomplete).")
    var maxStates: Int = ExplorationBounds.defaultMaxStates

    @Option(help: "How many states to explore at once, each in a VM of its own (default: the processors, at most 8; never more than the processors, \(ExplorationWorkers.maximumCount) here). The report is the same for any number.")
    var jobs: Int?

    @Flag(help: "Explore the user's reordering of the tabs too (hiding and showing tabs declared hideable is always explored).")
    var customization = false

    @Option(help: ArgumentHelp(
      "Instead of exploring every state, take this many seeded random walks (with the inputs --explore would try), far deeper than exhaustive exploration reaches; not exhaustive.",
      valueName: "runs"))
    var simulate: Int?

    @Option(help: "With --simulate (and needed by it): how many lines each walk takes at most.")
    var depth: Int?

    @Option(help: "With --simulate: the seed of the walks (the same seed gives the same report, whatever --jobs).")
    var seed: UInt64 = 0

    func validate() throws {
      guard let simulate else {
        if depth != nil { throw ValidationError("--depth is for --simulate; exhaustive exploration's depth is --explore") }
        if seed != 0 { throw ValidationError("--seed is for --simulate") }
        return
      }
      if simulate < 1 { throw ValidationError("--simulate must be 1 or more, got \(simulate)") }
      guard let depth else { throw ValidationError("--simulate needs --depth D: how many lines each walk takes at most") }
      if depth < 1 { throw ValidationError("--depth must be 1 or more, got \(depth)") }
    }

    func run() throws {
      try ExplorationBounds.check(explore: explore, maxStates: maxStates)
      let session = try options.session()
      try saved.apply(to: session)
      if let simulate, let depth {
        var walks = RandomWalks(
          session: session, runs: simulate, depth: depth, seed: seed,
          sendCommand: options.sendCommand + saved.reproductionArguments, customization: customization)
        walks.jobs = workerCount()
        let report = walks.run()
        report.print()
        if !report.problems.isEmpty { throw CommandFailure.failed }
        return
      }
      var explorer = StateExplorer(
        session: session, depth: explore, maxStates: maxStates,
        sendCommand: options.sendCommand + saved.reproductionArguments,
        customization: customization)
      explorer.jobs = workerCount()
      let report = explorer.run()
      report.print()
      if !report.isClean { throw CommandFailure.failed }
    }

    /// The workers `--jobs` asks for (the default when not given), with a note when it asks for
    /// more than the processors.
    private func workerCount() -> Int {
      guard let jobs else { return ExplorationWorkers.defaultCount }
      let count = ExplorationWorkers.count(requested: jobs)
      if jobs > count {
        Output.error("note: --jobs \(jobs) is more than the \(count) processors; exploring with \(count)")
      }
      return count
    }
  }

  /// `flowscript graph RULES.lua [--format dot|mermaid|json] [--all-links] [--back]`.
  struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
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

    @Option(help: "How many lines deep to explore.")
    var explore: Int = ExplorationBounds.defaultDepth

    @Option(help: "Stop adding states after this many (the edges found to then are drawn).")
    var maxStates: Int = ExplorationBounds.defaultMaxStates

    @Flag(help: "Draw each deep link from every screen it was opened from, not once per pattern.")
    var allLinks = false

    @Flag(help: "Draw going back too: back, pops and dismisses.")
    var back = false

    func run() throws {
      try ExplorationBounds.check(explore: explore, maxStates: maxStates)
      let session = try options.session()
      let walked = NavigationGraph.walk(
        session: session, depth: max(1, explore), maxStates: maxStates)
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
