import TabFlowCore
import TabFlowLuaBinding

extension BatchSource: LuaIdentifiable {
  /// The same kind of source with the same bytes: a guard reads the source as text
  /// (`change.source`).
  package func isLuaIdentical(to other: BatchSource) -> Bool {
    switch (self, other) {
    case let (.rule(a), .rule(b)), let (.deepLink(a), .deepLink(b)): return a.isLuaIdentical(to: b)
    case let (.tabTap(a), .tabTap(b)): return a.rawValue.isLuaIdentical(to: b.rawValue)
    case let (.screenAction(tabA, routeA), .screenAction(tabB, routeB)):
      return routeA == routeB && tabA.rawValue.isLuaIdentical(to: tabB.rawValue)
    case (.userBack, .userBack), (.host, .host), (.customization, .customization): return true
    default: return false
    }
  }

  package func hashLuaIdentity(into hasher: inout Hasher) {
    switch self {
    case let .rule(name): hasher.combine(0); name.hashLuaIdentity(into: &hasher)
    case let .screenAction(tab, route): hasher.combine(1); tab.rawValue.hashLuaIdentity(into: &hasher); hasher.combine(route)
    case let .tabTap(tab): hasher.combine(2); tab.rawValue.hashLuaIdentity(into: &hasher)
    case .userBack: hasher.combine(3)
    case let .deepLink(url): hasher.combine(4); url.hashLuaIdentity(into: &hasher)
    case .host: hasher.combine(5)
    case .customization: hasher.combine(6)
    }
  }
}
