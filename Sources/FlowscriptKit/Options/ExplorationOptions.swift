import ArgumentParser

/// `--explore` and `--max-states` of every exploring command (`check`, `graph`, `map`, `diff`):
/// the same names, defaults (``OptionDefaults``) and checks; the help says what the command does
/// at the bound (``OptionWording``).
struct ExplorationOptions<Wording: OptionWording>: ParsableArguments {
  @Option(help: ArgumentHelp(Wording.exploreHelp))
  var explore: Int = OptionDefaults.depth

  @Option(help: ArgumentHelp(Wording.maxStatesHelp))
  var maxStates: Int = OptionDefaults.maxStates

  /// A usage error (exit 2) naming the option when `--explore` is negative or `--max-states` is
  /// not positive; run before anything loads.
  func check() throws {
    try ExplorationBounds.check(explore: explore, maxStates: maxStates)
  }
}

/// `--jobs` of `check` and `diff`: how many states to explore at once, each in a VM of its own.
struct JobsOption<Wording: OptionWording>: ParsableArguments {
  @Option(help: ArgumentHelp(Wording.jobsHelp))
  var jobs: Int?

  /// The workers `--jobs` asks for (``OptionDefaults/jobs`` when not given), with a note when it
  /// asks for more than the processors.
  func workerCount() -> Int {
    guard let jobs else { return OptionDefaults.jobs }
    let count = ScriptWorkers.count(requested: jobs)
    if jobs > count {
      Output.error("note: --jobs \(jobs) is more than the \(count) processors; exploring with \(count)")
    }
    return count
  }
}

/// The checks of an exploration's bounds: a usage error (exit 2) naming the option when the depth
/// (`--explore`, or `option`) is negative or `--max-states` is not positive.
enum ExplorationBounds {
  static func check(explore: Int, maxStates: Int, option: String = "--explore") throws {
    if let problem = problem(explore: explore, maxStates: maxStates, option: option) { throw CommandFailure.usage(problem) }
  }

  /// What is wrong with the bounds, or `nil`.
  static func problem(explore: Int, maxStates: Int, option: String = "--explore") -> String? {
    if explore < 0 { return "\(option) must be 0 or more, got \(explore)" }
    if maxStates < 1 { return "--max-states must be 1 or more, got \(maxStates)" }
    return nil
  }
}
