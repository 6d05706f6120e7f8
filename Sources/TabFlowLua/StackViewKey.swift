import TabFlowLuaBinding
import TabFlowNavigation

/// A `nav.stack` view as a memo finds its branch (``CallMemo``), made from the routes without
/// making the view: the view is a table per route (its `screen`, `style` and `state`), a dozen
/// allocations and hashed keys, where this holds the three fields of each route as they are.
///
/// Exact: ``digest`` is the ``/TabFlowNavigation/FlowValue/luaIdentityDigest`` the view would
/// have, and ``matches(_:)`` answers what the view's `isLuaIdentical(to:)` would, so a branch
/// found by a key is the one the view would find.
@usableFromInline
package struct StackViewKey {
  /// The routes' fields, bottom first.
  private var routes: [(screen: String, style: String, state: [String: FlowValue])] = []
  /// The view's digest, its routes added so far.
  package private(set) var digest: UInt64

  /// The key of a stack of `count` routes, before its first route is added.
  @usableFromInline
  package init(count: Int) {
    routes.reserveCapacity(count)
    digest = FlowValue.arrayDigest(count: count)
  }

  /// The digests of the route tables' keys, made once.
  private static let screenKey = FlowValue.stringDigest("screen")
  private static let styleKey = FlowValue.stringDigest("style")
  private static let stateKey = FlowValue.stringDigest("state")

  /// Adds the next route: its screen's name, its style's name and its screen's state.
  @usableFromInline
  package mutating func append(screen: String, style: String, state: [String: FlowValue]) {
    routes.append((screen, style, state))
    var stateSum: UInt64 = 0
    for (key, value) in state {
      stateSum = stateSum &+ FlowValue.memberDigest(key: FlowValue.stringDigest(key), value: value.luaIdentityDigest)
    }
    let fields =
      FlowValue.memberDigest(key: Self.screenKey, value: FlowValue.stringDigest(screen))
      &+ FlowValue.memberDigest(key: Self.styleKey, value: FlowValue.stringDigest(style))
      &+ FlowValue.memberDigest(key: Self.stateKey, value: FlowValue.objectDigest(count: state.count, members: stateSum))
    digest = FlowValue.arrayDigest(digest, adding: FlowValue.objectDigest(count: 3, members: fields))
  }

  /// Whether `value` is Lua-identical to the view this key stands for.
  func matches(_ value: FlowValue) -> Bool {
    guard case let .array(items) = value, items.count == routes.count else { return false }
    for index in items.indices {
      guard case let .object(fields) = items[index], fields.count == 3 else { return false }
      // A route's table has these three keys: each field is found by comparing keys in turn.
      for (key, field) in fields {
        let matched: Bool
        if key.isLuaIdentical(to: "screen") {
          matched = field.isLuaIdentical(to: .string(routes[index].screen))
        } else if key.isLuaIdentical(to: "style") {
          matched = field.isLuaIdentical(to: .string(routes[index].style))
        } else if key.isLuaIdentical(to: "state") {
          matched = field.isLuaIdentical(to: .object(routes[index].state))
        } else {
          matched = false
        }
        guard matched else { return false }
      }
    }
    return true
  }
}
