/// An event a rule emits for the host app (`nav:emit("purchased", {id = 3})` in Lua,
/// `.emit(NavigationEvent("purchased"))` in Swift). Events change no state.
public struct NavigationEvent: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The event's name.
  public var name: String
  /// Its payload; ``FlowValue/null`` when there is none.
  public var payload: FlowValue

  /// An event with a name and an optional payload.
  public init(_ name: String, payload: FlowValue = .null) {
    self.name = name
    self.payload = payload
  }

  /// `name` or `name {payload}`.
  public var description: String {
    payload == .null ? name : "\(name) \(payload)"
  }
}
