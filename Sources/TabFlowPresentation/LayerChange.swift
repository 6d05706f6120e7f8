import TabFlowNavigation

/// What a UI reports the user did to a presentation layer, for the core to turn into the routes
/// the coordinator takes (see `RouteStack+WriteBack.swift`).
///
/// ```swift
/// // NavigationStack(path:) set a shorter path: the user swiped back or tapped Back.
/// let popped = LayerChange.setPath(layer: layer.id, path: Array(layer.path.dropLast()))
/// // .sheet(item:) set its item to nil: the user dragged the sheet down.
/// let dismissed = LayerChange.dismiss(layer: sheet.id)
/// ```
///
/// A UI can only take routes away: a path may get shorter, never longer, because a route ID
/// cannot name a screen that is not in the stack yet. Screens are added by the coordinator (a
/// screen action its rules answer, or `.perform([.push(…)])`), so every new route gets its ID
/// and passes the guards.
public enum LayerChange: Hashable, Sendable, CustomStringConvertible {
  /// The layer's navigation path was set to `path` (swipe back, the back button, a long press on
  /// it). `path` must be the start of the layer's pushed routes; the pushes after it leave, and
  /// so does every layer above.
  case setPath(layer: RouteID, path: [RouteID])
  /// The presented layer was dismissed (dragged down, closed by the system). It leaves with its
  /// pushes and every layer above it.
  case dismiss(layer: RouteID)

  /// The layer the change is about: the ID of the route that starts it.
  public var layer: RouteID {
    switch self {
    case let .setPath(layer, _), let .dismiss(layer): return layer
    }
  }

  /// `setPath #4 [#5]` or `dismiss #4`.
  public var description: String {
    switch self {
    case let .setPath(layer, path): return "setPath \(layer) [\(path.map(\.description).joined(separator: ", "))]"
    case let .dismiss(layer): return "dismiss \(layer)"
    }
  }

  /// How many routes of a stack with these layers stay after the change (they are always the
  /// stack's first routes); `nil` when the change changes nothing (a UI setting a path to the
  /// value it already has).
  func keptRouteCount(in layers: [PresentationLayer]) throws(PresentationError) -> Int? {
    guard let position = layers.firstIndex(where: { $0.start == layer }) else {
      throw .unknownLayer(layer, layers: layers.map(\.start))
    }
    let current = layers[position]
    switch self {
    case .dismiss:
      guard position > 0 else { throw .cannotDismissRoot(layer) }
      return current.startIndex
    case let .setPath(_, path):
      guard path.count <= current.path.count, zip(path, current.path).allSatisfy({ $0 == $1 }) else {
        throw .pathNotInLayer(layer: layer, path: path, current: current.path)
      }
      return path.count == current.path.count ? nil : current.startIndex + 1 + path.count
    }
  }
}
