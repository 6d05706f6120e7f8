import TabFlowCore

/// A property every reachable state must have, checked on each state an exploration reaches.
///
/// ```swift
/// StateInvariant<Screen>("one cover at most") { state in
///   let covers = state.selectedStack.routes.filter { $0.style == .cover }.count
///   return covers > 1 ? "\(covers) covers are stacked" : nil
/// }
/// ```
///
/// A state breaking an invariant is reported (each invariant once, at its shortest reproduction)
/// and not explored on: what lies only beyond it is not explored.
public struct StateInvariant<Screen> {
  /// The invariant's name, shown with its violation.
  public var name: String
  /// The check: a message saying what is wrong, or `nil` when the state is fine.
  public var check: (TabCoordinatorState<Screen>) -> String?

  /// An invariant with a name and a check returning a violation message, or `nil` when it holds.
  public init(_ name: String, _ check: @escaping (TabCoordinatorState<Screen>) -> String?) {
    self.name = name
    self.check = check
  }
}
