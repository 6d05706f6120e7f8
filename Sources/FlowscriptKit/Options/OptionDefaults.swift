import TabFlowLua

/// Every default of flowscript's shared options, in one place, with why a command differs where
/// one does. The option groups (``ScriptOptions``, ``LimitOptions``, ``ExplorationOptions``,
/// ``JobsOption``, ``PreviousRelease``) read their defaults from here and nowhere else; `--help`
/// shows each one.
///
/// | Option | Default | Commands | Why |
/// |---|---|---|---|
/// | `--explore` | 5 lines | check, graph, map, diff | one depth for every exploring command: two commands on one script look at the same states |
/// | `--previous-depth` | 5 lines | pack, verify (with `--previous`) | the same depth: `pack --previous` prints what `diff` prints |
/// | `--max-states` | 200,000 | check, graph, map, diff (pairs of states) | the same bound; what a cut does is each command's own (check and diff fail, graph and map draw what was found) |
/// | `--jobs` | the processors, at most 8 | check, diff | map explores with the default; graph walks one state at a time |
/// | `--budget` | 10,000,000 instructions per action | every command that runs a script | an app's default (`LuaVM.Limits()`): the CLI runs rules as an app would |
/// | `--memory` | 32 MiB | every command that runs a script | an app's default, likewise |
/// | (none) guard gate | 3 lines, 20,000 states | pack, verify | not an option: a gate before signing or installing, under an app's limits, not a full `check` |
///
/// `graph --explore 0` walks one line: a graph of the initial state alone has no edge.
enum OptionDefaults {
  /// How many lines deep `--explore` and `--previous-depth` explore.
  static let depth = 5
  /// How many distinct states (pairs of states for `diff`) `--max-states` allows.
  static let maxStates = 200_000
  /// How many states `--jobs` explores at once when not given: the processors, at most 8.
  static var jobs: Int { ScriptWorkers.defaultCount }
  /// The instruction budget per action (`--budget`): an app's default.
  static let budget = LuaVM.Limits().instructionsPerCall
  /// The memory cap of a script's VM in MiB (`--memory`): an app's default.
  static let memory = LuaVM.Limits().memoryBytes >> 20
  /// What `--budget` accepts: below 1,000 instructions no rule can run; far above, a runaway rule
  /// would hold the line for minutes.
  static let budgetRange = 1_000...10_000_000_000
  /// What `--memory` accepts, in MiB (larger values would overflow the byte count).
  static let memoryRange = 1...65_536
  /// A range as the help shows it: `1...65536`.
  static func shown(_ range: ClosedRange<Int>) -> String { "\(range.lowerBound)...\(range.upperBound)" }
  /// How many lines deep `pack` and `verify` look for a guard that raises an error
  /// (``GuardErrorGate``): every input and each of them again from where it led.
  static let guardGateDepth = 3
  /// The most states that look visits.
  static let guardGateMaxStates = 20_000
}
