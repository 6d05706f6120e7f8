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

  /// The kind's tag mixed with the digest of what the kind holds.
  package var luaIdentityDigest: UInt64 {
    switch self {
    case let .rule(name): return Self.tagged(1, name.luaIdentityDigest)
    case let .screenAction(tab, route): return Self.tagged(2, tab.rawValue.luaIdentityDigest ^ LuaDigest.mix(route.generation))
    case let .tabTap(tab): return Self.tagged(3, tab.rawValue.luaIdentityDigest)
    case .userBack: return Self.tagged(4, 0)
    case let .deepLink(url): return Self.tagged(5, url.luaIdentityDigest)
    case .host: return Self.tagged(6, 0)
    case .customization: return Self.tagged(7, 0)
    }
  }

  @inline(__always)
  private static func tagged(_ tag: UInt64, _ digest: UInt64) -> UInt64 {
    LuaDigest.mix(LuaDigest.seed &+ tag &* 0x9E37_79B9_7F4A_7C15 ^ digest)
  }
}
