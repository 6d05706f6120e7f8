/// A collection of routes whose element 0 is the root: a ``RouteStack`` or a plain
/// `[Route<Screen>]`. Every navigation operation (see `RouteCollection+Operations.swift`) is
/// defined once for both, with the same validation, so TCACoordinators code that keeps
/// `var routes: [Route<Screen>]` migrates by changing the import.
public protocol RouteCollection: RandomAccessCollection where Index == Int, Element: RouteProtocol {
  /// Makes a change the library validated: removes the top `edit.removing` routes and appends
  /// `edit.appending`. The single mutation hook every operation goes through; only TabFlow makes
  /// ``RouteEdit`` values, so there is no way to change a collection without validation. Call
  /// ``apply(_:)`` or the named operations.
  mutating func replaceTop(with edit: RouteEdit<Element.Screen>)

  /// The indices of the presented routes (sheets and covers), bottom to top. Each one starts a
  /// layer. ``RouteStack`` keeps them, so finding the top layer is O(1) at any depth; a plain
  /// array scans for them.
  var presentedIndices: [Int] { get }
}

extension Array: RouteCollection where Element: RouteProtocol {
  /// Makes a change the library validated (see ``RouteCollection/replaceTop(with:)``).
  public mutating func replaceTop(with edit: RouteEdit<Element.Screen>) {
    removeLast(edit.removing)
    append(contentsOf: edit.appending.map(Element.init))
  }
}

/// A validated change of the top of a stack: remove the top ``removing`` routes, then append
/// ``appending``. Only TabFlow makes them, from a command it has validated; a
/// ``RouteCollection`` makes them with ``RouteCollection/replaceTop(with:)``.
public struct RouteEdit<Screen> {
  /// How many routes to remove from the top.
  public let removing: Int
  /// The routes to append after that.
  public let appending: [Route<Screen>]
  /// Whether the edit changes the top route's screen in place (``NavigationCommand/setTopScreen(_:)``:
  /// one route removed, the same route with another screen appended): a collection with route
  /// identities keeps the top route's.
  public let inPlace: Bool

  @inlinable
  init(removing: Int, appending: [Route<Screen>], inPlace: Bool = false) {
    self.removing = removing
    self.appending = appending
    self.inPlace = inPlace
  }
}

extension RouteCollection {
  /// The indices of the presented routes, found by scanning (O(n)).
  @inlinable
  public var presentedIndices: [Int] {
    indices.dropFirst().filter { self[$0].route.isPresented }
  }
}

extension RouteCollection {
  /// Whether a screen can be pushed now: the top layer's first route has navigation.
  /// `false` for an empty collection.
  @inlinable
  public var canPush: Bool {
    guard let start = topLayerStart else { return false }
    return self[start].route.withNavigation
  }

  /// The number of presented layers (sheets and covers) above the root.
  @inlinable public var presentedCount: Int { presentedIndices.count }

  /// The index of the first route of the top layer: the topmost presented route, or the root.
  @inlinable
  var topLayerStart: Int? {
    guard !isEmpty else { return nil }
    return presentedIndices.last ?? startIndex
  }

  /// The stack written root first: `feed > item > sheet:login`.
  @usableFromInline
  package var pathText: String {
    isEmpty ? "an empty stack" : "'" + map(\.route).pathDescription() + "'"
  }
}
