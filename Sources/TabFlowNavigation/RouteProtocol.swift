/// A type that is a ``Route``. It lets route operations extend `[Route<Screen>]` without
/// naming the screen type; ``Route`` is its only conformer.
public protocol RouteProtocol<Screen> {
  /// The screen type of the route.
  associatedtype Screen
  /// The route itself.
  var route: Route<Screen> { get }
  /// Wraps a route.
  init(_ route: Route<Screen>)
}

extension Route: RouteProtocol {
  /// The route itself.
  @inlinable public var route: Route<Screen> { self }
  /// The route itself.
  @inlinable public init(_ route: Route<Screen>) { self = route }
}
