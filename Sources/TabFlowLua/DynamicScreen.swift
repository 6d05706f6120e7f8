import TabFlowLuaBinding
import TabFlowNavigation

/// A screen defined by a script rather than a Swift type: a name and a JSON-like state.
///
/// Script-only flows and `flowscript` use these; a Swift app maps script names to its typed
/// screens through a screen catalog instead.
public struct DynamicScreen: Hashable, Sendable, Codable, ScreenNaming, CustomStringConvertible {
  /// The screen's declared name, e.g. `item`.
  public var name: String
  /// The screen's state: its declared defaults merged with the payload it was opened with.
  public var state: [String: FlowValue]

  /// A screen with a name and state.
  public init(_ name: String, state: [String: FlowValue] = [:]) {
    self.name = name
    self.state = state
  }

  /// The screen's name.
  public var screenName: String { name }

  /// `item` or `item {id=3}`.
  public var description: String {
    state.isEmpty ? name : "\(name) \(FlowValue.object(state))"
  }
}
