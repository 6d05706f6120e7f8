import TabFlowNavigation

/// A path from an action to one of its cases' payloads: how to embed a child action in the
/// parent action, and how to extract it back. It plays the part of a TCA case key path, without
/// macros.
///
/// For `case counter(Counter.Action)`:
///
/// ```swift
/// let path = ActionPath(embed: AppAction.counter) {
///   if case let .counter(action) = $0 { action } else { nil }
/// }
/// ```
///
/// Declare it once as a static member and use sites read like TCA's `\.counter`:
///
/// ```swift
/// extension ActionPath where Root == AppAction, Value == Counter.Action {
///   static var counter: Self {
///     Self(embed: Root.counter) { if case let .counter(action) = $0 { action } else { nil } }
///   }
/// }
///
/// Scope(state: \.counter, action: .counter) { Counter() }
/// ```
///
/// If the action already has an optional computed property per case, a key path extracts:
/// `ActionPath(embed: AppAction.counter, extract: \.counter)`.
public struct ActionPath<Root, Value>: Sendable {
  /// Wraps a child action in the parent action.
  public let embed: @Sendable (Value) -> Root
  /// The child action inside a parent action, or `nil` when the parent is another case.
  public let extract: @Sendable (Root) -> Value?
  /// For a path to router actions (``router()``): the route ID of a route action, read without
  /// copying its screen action, or `nil` for any other action; `nil` (unknown) for other paths.
  /// `forEachRoute` with an inert screen reducer needs only the ID.
  @usableFromInline package let routeActionID: (@Sendable (Root) -> RouteID?)?

  /// A path made of the case's constructor and a matching extractor.
  ///
  /// ```swift
  /// ActionPath(embed: Action.router) { if case let .router(action) = $0 { action } else { nil } }
  /// ```
  @inlinable
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embed = embed
    self.extract = extract
    routeActionID = nil
  }

  /// A path to router actions that also reads a route action's ID alone.
  @inlinable
  package init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?,
    routeActionID: @escaping @Sendable (Root) -> RouteID?
  ) {
    self.embed = embed
    self.extract = extract
    self.routeActionID = routeActionID
  }

  /// The path continued by `next`: from the root to a payload of a payload.
  ///
  /// ```swift
  /// let settingsToggle: ActionPath<AppAction, Bool> = toSettings.appending(toToggle)
  /// ```
  public func appending<Next>(_ next: ActionPath<Value, Next>) -> ActionPath<Root, Next> {
    let embed = self.embed
    let extract = self.extract
    return ActionPath<Root, Next>(
      embed: { embed(next.embed($0)) },
      extract: { extract($0).flatMap(next.extract) }
    )
  }
}

extension ActionPath where Root == Value {
  /// The path from an action to itself.
  ///
  /// ```swift
  /// Scope(state: \.self, action: .identity) { Counter() }
  /// ```
  public static var identity: Self {
    Self(embed: { $0 }, extract: { $0 })
  }
}
