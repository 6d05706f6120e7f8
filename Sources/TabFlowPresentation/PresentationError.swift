import TabFlowNavigation

/// Why a UI's report cannot be taken: the state is left exactly as it was.
public enum PresentationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No layer of the stack starts with this route (it was never there, or it has left — a UI
  /// reporting on a layer the coordinator already removed).
  case unknownLayer(RouteID, layers: [RouteID])
  /// The root layer cannot be dismissed.
  case cannotDismissRoot(RouteID)
  /// The path is not the start of the layer's pushed routes: it names routes of another layer or
  /// none at all, reorders them, or is longer (a UI cannot add routes; see ``LayerChange``).
  case pathNotInLayer(layer: RouteID, path: [RouteID], current: [RouteID])
  /// The tab is not the selected one. `updateRoutes` applies to the selected tab, the only one
  /// on screen, so a UI cannot change another.
  case tabNotSelected(TabID, selected: TabID)
  /// No tab has this identifier.
  case unknownTab(TabID, known: [TabID])

  /// A sentence naming what was reported and why it was refused.
  public var description: String {
    func list(_ ids: [RouteID]) -> String { "[" + ids.map(\.description).joined(separator: ", ") + "]" }
    switch self {
    case let .unknownLayer(layer, layers):
      return "no layer starts with route \(layer); the layers start with \(list(layers))"
    case let .cannotDismissRoot(layer):
      return "cannot dismiss the root layer \(layer)"
    case let .pathNotInLayer(layer, path, current):
      return "the path \(list(path)) is not the start of layer \(layer)'s path \(list(current)); "
        + "a UI can only shorten a path — push through the coordinator"
    case let .tabNotSelected(tab, selected):
      return "the tab '\(tab)' is not on screen (the selected tab is '\(selected)')"
    case let .unknownTab(tab, known):
      return "unknown tab '\(tab)' (the tabs are \(known.map { "'\($0)'" }.joined(separator: ", ")))"
    }
  }
}
