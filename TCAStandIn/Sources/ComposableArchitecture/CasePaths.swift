/// CasePaths' `Case` (re-exported by TCA): one case of an enum, reached from a root enum — what a
/// case key path points at. TCA's `@CasePathable` (which `@Reducer` adds to `Action`) generates a
/// `Case` property per enum case; with the stand-in, which has no macros, a test writes them with
/// ``init(_:embed:extract:)``.
public struct Case<Value>: Sendable {
  let embed: @Sendable (Value) -> Any
  let extract: @Sendable (Any) -> Value?

  /// The root itself.
  init() {
    embed = { $0 }
    extract = { $0 as? Value }
  }

  /// The case of `parent` that `embed` makes and `extract` finds (what `@CasePathable` generates).
  public init<Parent>(
    _ parent: Case<Parent>, embed: @escaping @Sendable (Value) -> Parent,
    extract: @escaping @Sendable (Parent) -> Value?
  ) {
    self.embed = { parent.embed(embed($0)) }
    self.extract = { parent.extract($0).flatMap(extract) }
  }
}

/// CasePaths' `CaseKeyPath`: `\.navigation` for `case navigation(…)` of a `@CasePathable` enum.
public typealias CaseKeyPath<Root, Value> = KeyPath<Case<Root>, Case<Value>>
