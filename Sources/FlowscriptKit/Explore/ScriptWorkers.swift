import TabFlowExploration
import TabFlowLua

/// The threads `check` explores a script on (`--jobs`), and `check --simulate` walks it on: how
/// many, how the library's workers (``TabFlowExploration/ExplorationWorkers``) hand them states,
/// and the rules each thread but the calling one steps with — a Lua VM of its own each, as a VM
/// is not thread-safe. The report is the same for any number.
enum ScriptWorkers {
  /// As many threads as the machine has processors, at most 8.
  static var defaultCount: Int { min(8, maximumCount) }

  /// The most threads there can be: one per processor. Each holds a Lua VM and its memos, so
  /// more would only cost memory (`--jobs 100000` took 14.5 GB) and time.
  static var maximumCount: Int { ExplorationWorkers<Void>.processorCount }

  /// How many threads `--jobs requested` gets: at least one, at most ``maximumCount``.
  static func count(requested: Int) -> Int { min(max(1, requested), maximumCount) }

  /// States handed to a thread at a time.
  static let sliceSize = 16
  /// Runs of fewer states than this stay on the calling thread.
  static let parallelThreshold = 64

  /// The rules of the threads but the calling one, for `jobs` threads in all: `session`'s script
  /// loaded again for each. A script that cannot be loaded again (it loaded once, so only a
  /// failing system could refuse) just means fewer threads.
  static func otherRules(of session: FlowSession, jobs: Int) -> [ScriptedRules<DynamicScreen, DynamicAction>] {
    var rules: [ScriptedRules<DynamicScreen, DynamicAction>] = []
    while rules.count + 1 < count(requested: jobs), let sibling = try? FlowSession(origin: session.origin, limits: session.rules.limits) {
      rules.append(sibling.rules)
    }
    return rules
  }
}
