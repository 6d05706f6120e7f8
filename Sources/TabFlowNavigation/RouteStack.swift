/// A navigation stack: routes whose element 0 is the root, each with a stable ``RouteID``.
///
/// A route keeps its ID while it stays in the stack; every route added — by a push, a present,
/// a reset or a decode — gets an ID its ``RouteIDGenerator`` never handed out before, so effects
/// and actions addressed to a route can never reach a different screen that later takes its place.
/// The stack keeps the generator it was made with (``RouteIDGenerator/current`` unless one is
/// passed), and every copy shares it: an older copy put back (an undo) does not rewind it.
///
/// ```swift
/// var stack = RouteStack(root: Screen.feed, ids: RouteIDGenerator())
/// stack.push(.item(id: 3))
/// #expect(stack.ids == [1, 2])
/// stack.updateScreen(id: 2) { $0 = .item(id: 4) }
/// ```
///
/// Two stacks are equal when their routes are equal; route IDs and the generator are identity,
/// not value, and do not take part (compare ``ids`` for identity).
///
/// The hot operations are `@inlinable`, so an app's module runs them specialized for its screen
/// type; the storage they use is `@usableFromInline`, behind read-only public properties.
public struct RouteStack<Screen>: RouteCollection {
  @usableFromInline package var storedRoutes: [Route<Screen>]
  @usableFromInline package var storedIDs: [RouteID]
  @usableFromInline package var storedPresentedIndices: [Int]
  /// Changes whenever routes are added or removed (not when a screen changes in place), so
  /// "did the structure change?" is one comparison.
  @usableFromInline package var structureVersion: RouteID
  /// Where the stack's route IDs and structure versions come from (shared by its copies).
  @usableFromInline package var generator: RouteIDGenerator

  /// The routes, root first.
  @inlinable public var routes: [Route<Screen>] { storedRoutes }
  /// The route IDs, parallel to ``routes``.
  @inlinable public var ids: [RouteID] { storedIDs }
  /// The indices of the presented routes, bottom to top (see ``RouteCollection/presentedIndices``).
  @inlinable public var presentedIndices: [Int] { storedPresentedIndices }

  /// The generator the stack's route IDs come from.
  public var idGenerator: RouteIDGenerator { generator }

  /// A stack holding only its root, its IDs from `ids`.
  public init(root: Screen, withNavigation: Bool = true, ids: RouteIDGenerator = .current) {
    storedRoutes = [.root(root, withNavigation: withNavigation)]
    storedIDs = [ids.next()]
    storedPresentedIndices = []
    structureVersion = ids.nextVersion()
    generator = ids
  }

  /// A stack of the given routes with fresh IDs from `ids`, or an error saying why they do not
  /// form a stack (no root first, a second root, a push in a layer without navigation).
  public init(validating routes: [Route<Screen>], ids: RouteIDGenerator = .current) throws(NavigationError) {
    try Self.validateStack(routes, operation: "create a stack")
    storedRoutes = routes
    storedIDs = routes.map { _ in ids.next() }
    storedPresentedIndices = routes.indices.filter { routes[$0].isPresented }
    structureVersion = ids.nextVersion()
    generator = ids
  }

  /// Takes its IDs from `ids` from now on. A stack made with another generator gets fresh IDs
  /// from `ids`, in order (its own could collide with IDs `ids` handed out); with the same one,
  /// nothing changes.
  public mutating func adoptIDs(from ids: RouteIDGenerator) {
    guard ids !== generator else { return }
    generator = ids
    storedIDs = storedIDs.map { _ in ids.next() }
    structureVersion = ids.nextVersion()
  }

  /// The root route.
  @inlinable public var root: Route<Screen> { storedRoutes[0] }
  /// The top route.
  @inlinable public var top: Route<Screen> { storedRoutes[storedRoutes.count - 1] }

  /// The position of the route with this ID, or `nil` when it is not in the stack.
  @inlinable
  public func index(of id: RouteID) -> Int? {
    // Screen actions nearly always come from the top route: found at once, at any depth.
    let last = storedIDs.count - 1
    if last >= 0, storedIDs[last] == id { return last }
    // Newer than the top: gone (a route just popped), found at once too.
    if last < 0 || storedIDs[last] < id { return nil }
    // Routes are appended with ever-growing IDs, so the IDs are sorted.
    var low = 0
    var high = storedIDs.count
    while low < high {
      let middle = (low + high) / 2
      if storedIDs[middle] < id { low = middle + 1 } else { high = middle }
    }
    return low < storedIDs.count && storedIDs[low] == id ? low : nil
  }

  /// The route with this ID, or `nil` when it is not in the stack.
  public subscript(id id: RouteID) -> Route<Screen>? {
    index(of: id).map { storedRoutes[$0] }
  }

  /// Runs `body` on the screen of the route with this ID, in place; `nil` (and `body` not run)
  /// when the route is not in the stack. The route keeps its ID and style.
  @inlinable
  @discardableResult
  public mutating func updateScreen<Result>(
    id: RouteID, _ body: (inout Screen) throws -> Result
  ) rethrows -> Result? {
    guard let index = index(of: id) else { return nil }
    return try body(&storedRoutes[index].screen)
  }

  /// Replaces the screen at `index`, keeping the route's ID and style. `false` (nothing changed)
  /// when the index is out of range.
  @discardableResult
  public mutating func setScreen(_ screen: Screen, at index: Int) -> Bool {
    guard storedRoutes.indices.contains(index) else { return false }
    storedRoutes[index].screen = screen
    return true
  }

  /// Makes a change the library validated, giving the appended routes fresh IDs (see
  /// ``RouteCollection/replaceTop(with:)``).
  /// An edit in place (``RouteEdit/inPlace``) keeps the top route's ID.
  @inlinable
  public mutating func replaceTop(with edit: RouteEdit<Screen>) {
    if edit.inPlace, edit.removing == 1, edit.appending.count == 1, !storedRoutes.isEmpty {
      storedRoutes[storedRoutes.count - 1] = edit.appending[0]
      return
    }
    replaceTop(edit.removing, with: edit.appending)
  }

  /// Removes the top `count` routes and appends `routes` with fresh IDs, without validation.
  @inlinable
  mutating func replaceTop(_ count: Int, with routes: [Route<Screen>]) {
    removeTop(count)
    for route in routes {
      if route.isPresented { storedPresentedIndices.append(storedRoutes.count) }
      storedRoutes.append(route)
      storedIDs.append(generator.next())
    }
    structureVersion = generator.nextVersion()
  }

  /// Removes the top `count` routes with their IDs and presented indices.
  @inlinable
  mutating func removeTop(_ count: Int) {
    // One by one: `removeLast(_:)` goes through the general `replaceSubrange`, several times
    // slower for the one or two routes most changes remove.
    for _ in 0..<count {
      storedRoutes.removeLast()
      storedIDs.removeLast()
    }
    while let last = storedPresentedIndices.last, last >= storedRoutes.count { storedPresentedIndices.removeLast() }
  }

  /// Adopts the routes a UI reports (after a swipe back, a drag-dismissed sheet, an edited
  /// binding). Leading routes whose style and navigation flag are unchanged keep their IDs, so
  /// their screens keep receiving actions; every route from the first structural difference on is
  /// new. Throws, leaving the stack unchanged, when `newRoutes` do not form a valid stack.
  public mutating func updateRoutes(_ newRoutes: [Route<Screen>]) throws(NavigationError) {
    try Self.validateStack(newRoutes, operation: "updateRoutes")
    var kept = 0
    while kept < Swift.min(storedRoutes.count, newRoutes.count),
      storedRoutes[kept].style == newRoutes[kept].style,
      storedRoutes[kept].withNavigation == newRoutes[kept].withNavigation
    {
      kept += 1
    }
    if kept < storedRoutes.count || kept < newRoutes.count {
      let generator = generator
      storedIDs = Array(storedIDs.prefix(kept)) + newRoutes.dropFirst(kept).map { _ in generator.next() }
      structureVersion = generator.nextVersion()
    }
    storedRoutes = newRoutes
    storedPresentedIndices = newRoutes.indices.filter { newRoutes[$0].isPresented }
  }
}

extension RouteStack: RandomAccessCollection {
  /// Always 0, the root.
  @inlinable public var startIndex: Int { 0 }
  /// The number of routes.
  @inlinable public var endIndex: Int { storedRoutes.count }
  /// The route at `position`.
  @inlinable public subscript(position: Int) -> Route<Screen> { storedRoutes[position] }
}

extension RouteStack: Equatable where Screen: Equatable {
  /// Stacks are equal when their routes are; IDs do not take part.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.routes == rhs.routes }
}

extension RouteStack: Sendable where Screen: Sendable {}

extension RouteStack: CustomStringConvertible {
  /// The stack written root first: `feed > item > sheet:login`.
  public var description: String { routes.pathDescription() }
}

extension RouteStack: Codable where Screen: Codable {
  /// Decodes an array of routes, validates it as a stack and assigns fresh route IDs from
  /// ``RouteIDGenerator/current``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let routes = try container.decode([Route<Screen>].self)
    do {
      try self.init(validating: routes)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }

  /// Encodes the routes as an array; IDs are not encoded.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(routes)
  }
}
