import TabFlowLuaBinding
import TabFlowNavigation

/// A screen action that Lua rules can receive: its name (`itemTapped`) and payload (`{id = 3}`).
///
/// ```swift
/// enum FeedAction: ScriptableAction {
///   case itemTapped(id: Int)
///   var scriptName: String { "itemTapped" }
///   var scriptPayload: FlowValue { if case let .itemTapped(id) = self { ["id": .int(id)] } else { [:] } }
/// }
/// ```
public protocol ScriptableAction {
  /// The action's name as rules write it after the screen: `feed.<scriptName>`.
  var scriptName: String { get }
  /// The payload the rule receives as its second argument.
  var scriptPayload: FlowValue { get }
}

/// A screen action of a script-only flow: a name and a payload.
public struct DynamicAction: ScriptableAction, Hashable, Sendable, CustomStringConvertible {
  /// The action's name.
  public var name: String
  /// The action's payload.
  public var payload: FlowValue

  /// An action with a name and payload.
  public init(_ name: String, payload: FlowValue = .emptyObject) {
    self.name = name
    self.payload = payload
  }

  /// The action's name.
  public var scriptName: String { name }
  /// The action's payload.
  public var scriptPayload: FlowValue { payload }

  /// `itemTapped {id=3}`.
  public var description: String {
    payload == .emptyObject || payload == .null ? name : "\(name) \(payload)"
  }
}
