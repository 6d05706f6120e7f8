/// How ``NavigationCommand/open(_:mode:)`` (used by deep links) puts routes into a stack.
public enum OpenMode: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
  /// The given routes become the whole stack; the first one is the new root.
  case replace
  /// The current root stays; the given non-root routes replace everything above it.
  case keepRoot
  /// The given non-root routes are added on top of the current stack.
  case append

  /// The mode's name as written in scripts (`replace`, `keepRoot`, `append`).
  public var description: String { rawValue }
}
