import TabFlowNavigation

/// One presentation layer of a stack, as a UI draws it: the root layer, or a sheet or cover,
/// with the routes pushed in it.
///
/// A stack reads as layers, bottom to top: the root and the pushes above it, then one layer per
/// presented route (a sheet or cover and the pushes above it). That is exactly what nested
/// `NavigationStack(path:)` and `.sheet(item:)` / `.fullScreenCover(item:)` need: each layer is
/// one navigation stack whose root shows ``start`` and whose path is ``path``, presented by the
/// layer below it.
///
/// ```swift
/// let stack = try RouteStack(validating: [
///   .root(.feed), .push(.item(id: 3)), .sheet(.login, withNavigation: true), .push(.help),
/// ])
/// let layers = stack.layers
/// // layers[0]: root, start = stack.ids[0], path = [stack.ids[1]]
/// // layers[1]: sheet, start = stack.ids[2], path = [stack.ids[3]]
/// ```
///
/// A layer holds route IDs, never screens, so reading a stack's layers copies no screen and two
/// layers compare in time proportional to their routes; a UI redraws only the layers that
/// changed. Look screens up by ID in the stack or ``StackPresentation`` the layers came from.
public struct PresentationLayer: Hashable, Sendable, Identifiable, CustomStringConvertible {
  /// The route that starts the layer: the root, or the sheet or cover.
  public let start: RouteID
  /// ``/TabFlowNavigation/RouteStyle/root``, ``/TabFlowNavigation/RouteStyle/sheet`` or ``/TabFlowNavigation/RouteStyle/cover``.
  public let style: RouteStyle
  /// Whether screens can be pushed in the layer (it is drawn in a navigation stack).
  public let withNavigation: Bool
  /// The sheet's detents and drag indicator; `nil` unless the layer is a sheet.
  public let sheetConfiguration: SheetConfiguration?
  /// The routes pushed in the layer, bottom to top: a `NavigationStack`'s path.
  public let path: [RouteID]
  /// The position of ``start`` in the stack. The layer's routes are the stack's
  /// ``routeIndices``, so a screen is found without a search.
  public let startIndex: Int

  /// A layer with the given parts.
  public init(
    start: RouteID,
    style: RouteStyle,
    withNavigation: Bool,
    sheetConfiguration: SheetConfiguration? = nil,
    path: [RouteID] = [],
    startIndex: Int
  ) {
    self.start = start
    self.style = style
    self.withNavigation = withNavigation
    self.sheetConfiguration = sheetConfiguration
    self.path = path
    self.startIndex = startIndex
  }

  /// The layer's identity: the route that starts it. A layer replaced by another (a different
  /// sheet at the same depth) has a different ID, so a UI dismisses one and presents the other.
  public var id: RouteID { start }

  /// Whether the layer is presented (a sheet or a cover), not the root layer.
  public var isPresented: Bool { style.isPresented }

  /// The top route of the layer: the last push, or ``start`` when nothing is pushed.
  public var top: RouteID { path.last ?? start }

  /// The positions of the layer's routes in the stack: ``start``, then the ``path``.
  public var routeIndices: Range<Int> { startIndex..<(startIndex + 1 + path.count) }

  /// `sheet #4 [#5, #6]`: the style, the start, and the path.
  public var description: String {
    let flags = (withNavigation ? "" : " no navigation")
      + (sheetConfiguration.map { " (\($0.detents.map(\.description).joined(separator: ", ")))" } ?? "")
    return "\(style) \(start)\(flags) [\(path.map(\.description).joined(separator: ", "))]"
  }
}

extension PresentationLayer {
  /// The layers of `routes` (whose IDs are `ids`), bottom to top, in one pass. Empty for no
  /// routes.
  static func layers<Screen>(of routes: [Route<Screen>], ids: [RouteID]) -> [PresentationLayer] {
    let count = Swift.min(routes.count, ids.count)
    var layers: [PresentationLayer] = []
    var index = 0
    while index < count {
      let startIndex = index
      index += 1
      while index < count, !routes[index].isPresented { index += 1 }
      let start = routes[startIndex]
      layers.append(
        PresentationLayer(
          start: ids[startIndex],
          style: start.style,
          withNavigation: start.withNavigation,
          sheetConfiguration: start.sheetConfiguration,
          path: Array(ids[(startIndex + 1)..<index]),
          startIndex: startIndex))
    }
    return layers
  }
}
