import TabFlowNavigation

/// A stack as a UI shows it: its routes with their route IDs, read as presentation layers.
///
/// Usually it is the coordinator's stack (``init(_:)``). While a ``StepwiseUpdater`` walks a
/// change the UI cannot animate at once, it is one of the intermediate stacks: routes that stay
/// or arrive carry their IDs in the target stack, routes on their way out keep theirs.
///
/// ```swift
/// let presentation = StackPresentation(stack)
/// for layer in presentation.layers {
///   let screen = presentation[id: layer.start]?.screen
/// }
/// ```
///
/// It is never empty: its first route is the stack's root.
public struct StackPresentation<Screen> {
  /// The routes, root first.
  public let routes: [Route<Screen>]
  /// The route IDs, parallel to ``routes``.
  public let ids: [RouteID]
  /// The presentation layers, bottom to top (computed once, when the presentation is made).
  public let layers: [PresentationLayer]

  /// The stack as it is.
  public init(_ stack: RouteStack<Screen>) {
    self.init(routes: stack.routes, ids: stack.ids)
  }

  /// Routes and their IDs, which the caller guarantees are parallel and form a valid stack.
  init(routes: [Route<Screen>], ids: [RouteID]) {
    self.routes = routes
    self.ids = ids
    self.layers = PresentationLayer.layers(of: routes, ids: ids)
  }

  /// The number of routes.
  public var count: Int { routes.count }

  /// The top layer: the one the user interacts with.
  public var topLayer: PresentationLayer? { layers.last }

  /// The position of the route with this ID, or `nil` when it is not shown.
  ///
  /// Searches from the top (where a UI's interest usually is); stacks are short.
  public func index(of id: RouteID) -> Int? {
    ids.lastIndex(of: id)
  }

  /// The route with this ID, or `nil` when it is not shown.
  public subscript(id id: RouteID) -> Route<Screen>? {
    index(of: id).map { routes[$0] }
  }

  /// The layer that starts with this route, or `nil` when there is none.
  public func layer(startingWith id: RouteID) -> PresentationLayer? {
    layers.first { $0.start == id }
  }

  /// The layer presented directly above the layer that starts with `id`, or `nil` when that
  /// layer is the top one or not shown.
  public func layer(above id: RouteID) -> PresentationLayer? {
    guard let position = layers.firstIndex(where: { $0.start == id }), position + 1 < layers.count else { return nil }
    return layers[position + 1]
  }

  /// What the UI shows after the user's `change`: the routes that stay, with their IDs.
  /// Unchanged when the change changes nothing; throws, changing nothing, when the change does
  /// not fit these layers.
  public func applying(_ change: LayerChange) throws(PresentationError) -> StackPresentation {
    guard let kept = try change.keptRouteCount(in: layers) else { return self }
    return StackPresentation(routes: Array(routes.prefix(kept)), ids: Array(ids.prefix(kept)))
  }

  /// This presentation with the routes that `target` holds at the same position under the same
  /// ID taken from it (new screen data, a new sheet configuration). A route ID only ever lives at
  /// one position, so the comparison is position by position.
  func refreshed(from target: StackPresentation) -> StackPresentation {
    var routes = self.routes
    var changed = false
    for index in 0..<Swift.min(ids.count, target.ids.count) where ids[index] == target.ids[index] {
      routes[index] = target.routes[index]
      changed = true
    }
    return changed ? StackPresentation(routes: routes, ids: ids) : self
  }
}

extension StackPresentation: Equatable where Screen: Equatable {
  /// Equal when the routes and their IDs are: a UI must redraw a route that got a new identity.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ids == rhs.ids && lhs.routes == rhs.routes
  }
}

extension StackPresentation: Sendable where Screen: Sendable {}

extension StackPresentation: CustomStringConvertible {
  /// The routes written root first: `feed > item > sheet:login`.
  public var description: String { routes.pathDescription() }
}
