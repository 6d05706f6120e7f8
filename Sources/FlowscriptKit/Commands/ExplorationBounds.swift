/// The bounds every exploring command (`diff`, `map`) takes: a usage error (exit 2) naming the
/// option when `--explore` is negative or `--max-states` is not positive.
enum ExplorationBounds {
  static func check(explore: Int, maxStates: Int) throws {
    guard explore >= 0 else { throw CommandFailure.usage("--explore must be 0 or more, got \(explore)") }
    guard maxStates >= 1 else { throw CommandFailure.usage("--max-states must be 1 or more, got \(maxStates)") }
  }
}
