/// The bounds every exploring command (`check`, `graph`, `diff`, `map`, `pack` and `verify`'s
/// `--previous`) takes: a usage error (exit 2) naming the option when the depth (`--explore`, or
/// `option`) is negative or `--max-states` is not positive.
///
/// Every exploring command explores to the same depth and stops at the same number of states
/// unless told otherwise, so two commands on one script look at the same states.
enum ExplorationBounds {
  /// How many lines deep `--explore` (and `--previous-depth`) explores when not given.
  static let defaultDepth = 5
  /// How many distinct states (pairs of states for `diff`) `--max-states` allows when not given.
  static let defaultMaxStates = 200_000

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
