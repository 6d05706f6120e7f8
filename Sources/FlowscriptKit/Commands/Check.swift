import ArgumentParser

extension Flowscript {
  /// `flowscript check RULES.lua [--explore DEPTH]`.
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check",
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

    @OptionGroup var bounds: ExplorationOptions<Check>

    @OptionGroup var jobs: JobsOption<Check>

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
      try bounds.check()
      let session = try options.session()
      try saved.apply(to: session)
      if let simulate, let depth {
        var walks = RandomWalks(
          session: session, runs: simulate, depth: depth, seed: seed,
          sendCommand: options.sendCommand + saved.reproductionArguments, customization: customization)
        walks.jobs = jobs.workerCount()
        let report = walks.run()
        report.print()
        if !report.problems.isEmpty { throw CommandFailure.failed }
        return
      }
      var explorer = StateExplorer(
        session: session, depth: bounds.explore, maxStates: bounds.maxStates,
        sendCommand: options.sendCommand + saved.reproductionArguments,
        customization: customization)
      explorer.jobs = jobs.workerCount()
      let report = explorer.run()
      report.print()
      if !report.isClean { throw CommandFailure.failed }
    }
  }
}

extension Flowscript.Check: OptionWording {
  static var exploreHelp: String { "How many lines deep to explore (0: static checks only, no rule runs)." }
  static var maxStatesHelp: String { "Stop after this many distinct states (a cut exploration fails: incomplete)." }
  static var jobsHelp: String {
    "How many states to explore at once, each in a VM of its own (default: the processors, at most 8; never more than the processors, \(ScriptWorkers.maximumCount) here). The report is the same for any number."
  }
}
