/// How a route is shown: the stack's root, a push, a sheet or a full-screen cover.
public enum RouteStyle: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
  /// The first route of a stack.
  case root
  /// Pushed onto the navigation of the current layer.
  case push
  /// Presented as a sheet; starts a new layer.
  case sheet
  /// Presented full-screen; starts a new layer.
  case cover

  /// Whether routes of this style open a presentation layer.
  @inlinable public var isPresented: Bool { self == .sheet || self == .cover }

  /// The style's name as written in scripts and JSON (`root`, `push`, `sheet`, `cover`).
  public var description: String { rawValue }
}
