import TabFlowNavigation

extension RouteStack {
  /// The stack read as presentation layers, bottom to top: the root layer, then one per presented
  /// route, each with its pushed routes as a path of route IDs (see ``PresentationLayer``).
  ///
  /// ```swift
  /// for layer in stack.layers where layer.isPresented {
  ///   print(layer.style, stack[id: layer.start]?.screen as Any)
  /// }
  /// ```
  ///
  /// One pass over the route IDs; no screen is copied.
  public var layers: [PresentationLayer] {
    PresentationLayer.layers(of: routes, ids: ids)
  }
}
