import Foundation
import TabFlowLua
import TabFlowNavigation

/// The numbers ``StateNumbering`` gives routes as a script sees them — style, screen and its
/// state, the navigation flag of a root or a presented route, a sheet's configuration; not the
/// route's ID: each distinct route gets the next number, from 1, the first time it is looked up,
/// and keeps it. Routes are read where they are held (no copy).
///
/// A route is first looked for among the routes looked up lately, by its screen's bits: those
/// routes are kept (so no other screen can take their storage), and a screen with the same bits
/// as one of them is the same screen — found without the script's digests of its name and state,
/// or a comparison of its state. Any other is found by those digests, among the routes numbered,
/// and compared as scripts compare screens (``same(_:_:)``).
struct RouteNumbers {
  typealias Screen = DynamicScreen

  /// Each route by its number (0: a stand-in, never looked up).
  private var routes: [Route<Screen>]
  private var slots = NumberSlots()
  /// The routes looked up lately, by their screens' bits.
  private var recent: RecentBits<Route<Screen>>
  /// Whether a route's screen is the first bytes of its memory, in every case (Swift lays each
  /// case's values out from the start): checked on a route of each case, so screens are compared
  /// (and ``recent`` looked up) by their bytes only when it holds.
  private let screensLead: Bool

  init() {
    let standIn = Route<Screen>.push(DynamicScreen(""))
    routes = [standIn]
    recent = RecentBits(standIn: standIn, bytes: MemoryLayout<Screen>.size)
    screensLead = Self.screensLeadRoutes()
  }

  /// The number of the route at `route`, given the next one if it has none.
  mutating func number(of route: UnsafePointer<Route<Screen>>) -> Int {
    let slot = screensLead ? recent.slot(of: route) : nil
    if let slot, let known = recent.number(at: slot, of: route, sameBeyond: Self.sameBesidesScreen) { return known }
    let digest = Self.digest(of: route.pointee)
    let found = slots.find(digest) { number in
      routes.withUnsafeBufferPointer { $0.baseAddress.map { same(route, $0 + number) } ?? false }
    }
    let number: Int
    if let known = found.number {
      number = known
    } else {
      routes.append(route.pointee)
      number = slots.insert(digest, at: found.slot)
    }
    if let slot { recent.keep(route.pointee, number: number, at: slot) }
    return number
  }

  /// Whether two routes print the same, read where they are held: the same case and navigation
  /// flag, the same screen — at once when its bytes are the same — and, for sheets, the same
  /// configuration.
  func same(_ lhs: UnsafePointer<Route<Screen>>, _ rhs: UnsafePointer<Route<Screen>>) -> Bool {
    guard screensLead, memcmp(lhs, rhs, MemoryLayout<Screen>.size) == 0 else {
      return Self.same(lhs.pointee, rhs.pointee)
    }
    return Self.sameBesidesScreen(lhs, rhs)
  }

  /// Whether two routes are of the same case, with the same navigation flag and, for sheets, the
  /// same configuration (their screens aside). Read case by case, binding no screen: a switch
  /// over both routes copied them (retaining their screens) for each comparison.
  private static func sameBesidesScreen(_ lhs: UnsafePointer<Route<Screen>>, _ rhs: UnsafePointer<Route<Screen>>) -> Bool {
    let shape = shape(of: lhs)
    guard shape == Self.shape(of: rhs) else { return false }
    guard shape.style == .sheet else { return true }
    guard case let .sheet(_, _, left) = lhs.pointee, case let .sheet(_, _, right) = rhs.pointee else { return false }
    return left == right
  }

  /// A route's case and navigation flag (`false` for a push), read in place.
  private static func shape(of route: UnsafePointer<Route<Screen>>) -> (style: RouteStyle, navigation: Bool) {
    // Every case, and no `default:`: a new case fails to compile until it is read here.
    switch route.pointee {
    case let .root(_, navigation): (.root, navigation)
    case .push: (.push, false)
    case let .sheet(_, navigation, _): (.sheet, navigation)
    case let .cover(_, navigation): (.cover, navigation)
    }
  }

  /// Whether two routes are the same to a script; at once for screens sharing their storage
  /// (the same bits: a route's screen is compared, not the route, whose unused payload bytes may
  /// differ). Screens are compared as scripts compare them: `1` is not `1.0`, strings by bytes.
  static func same(_ lhs: Route<Screen>, _ rhs: Route<Screen>) -> Bool {
    guard lhs.style == rhs.style, lhs.withNavigation == rhs.withNavigation else { return false }
    let (left, right) = (lhs.screen, rhs.screen)
    return (StateNumbering.identical(left, right)
      || (left.name.isLuaIdentical(to: right.name) && FlowValue.object(left.state).isLuaIdentical(to: .object(right.state))))
      && lhs.sheetConfiguration == rhs.sheetConfiguration
  }

  /// The digest of what ``same(_:_:)`` compares, but a sheet's configuration (which only makes
  /// sheets differing in it share a digest), made of the script's digests of the screen's name
  /// and state (``/TabFlowNavigation/FlowValue/luaIdentityDigest``) with the case and the flag.
  static func digest(of route: Route<Screen>) -> UInt64 {
    let style: UInt64 =
      switch route.style {
      case .root: 1
      case .push: 2
      case .sheet: 3
      case .cover: 4
      }
    let screen = route.screen
    var digest = FlowValue.arrayDigest(count: Int(style << 1 | (route.withNavigation ? 1 : 0)))
    digest = FlowValue.arrayDigest(digest, adding: screen.name.luaIdentityDigest)
    return FlowValue.arrayDigest(digest, adding: FlowValue.object(screen.state).luaIdentityDigest)
  }

  /// Whether a route's screen is the first bytes of its memory, in every case.
  private static func screensLeadRoutes() -> Bool {
    let screen = DynamicScreen("probe", state: ["probe": .int(1)])
    let routes: [Route<Screen>] = [
      .root(screen, withNavigation: true), .push(screen), .sheet(screen, withNavigation: true), .cover(screen, withNavigation: true),
    ]
    return withUnsafeBytes(of: screen) { screenBytes in
      routes.allSatisfy { route in
        withUnsafeBytes(of: route) { routeBytes in
          guard let routeStart = routeBytes.baseAddress, let screenStart = screenBytes.baseAddress,
            routeBytes.count >= screenBytes.count
          else { return false }
          return memcmp(routeStart, screenStart, screenBytes.count) == 0
        }
      }
    }
  }
}
