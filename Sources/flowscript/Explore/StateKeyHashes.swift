import TabFlow

/// The hashes of the parts of explored states, remembered by the parts' storage: a transition
/// usually changes one tab, so the other tabs' routes — the same arrays as in the state it came
/// from — and the context are hashed once, not once per state. One per worker (not shared
/// between threads).
///
/// A routes array is known by the address of its storage, which the entry keeps alive: while it
/// is remembered no other array can have that address, and no owner can change it in place (it
/// is not uniquely referenced, so a change copies it first). Contexts have no storage address to
/// read; the few recent ones are compared, which costs nothing when they share storage.
final class StateKeyHashes {
  // One worker's, used one key at a time: no run-time exclusivity checks.
  @exclusivity(unchecked) private var routeHashes: [UInt: (routes: [Route<DynamicScreen>], hash: Int)] = [:]
  @exclusivity(unchecked) private var recentContexts: [(context: [String: FlowValue], hash: Int)] = []

  /// At most this many routes arrays are remembered; past it the memory starts again empty.
  static var capacity: Int { 200_000 }
  /// Contexts remembered (most explorations toggle a few flags).
  static var contextCount: Int { 8 }

  /// The hash of a tab's routes (``StateKey/hash(of:)``).
  func hash(of routes: [Route<DynamicScreen>]) -> Int {
    let address = Self.address(of: routes)
    if let known = routeHashes[address] { return known.hash }
    let hash = StateKey.hash(of: routes)
    if routeHashes.count >= Self.capacity { routeHashes.removeAll() }
    routeHashes[address] = (routes, hash)
    return hash
  }

  /// The hash of a context.
  func hash(of context: [String: FlowValue]) -> Int {
    for index in recentContexts.indices where recentContexts[index].context == context {
      return recentContexts[index].hash
    }
    let hash = context.hashValue
    if recentContexts.count >= Self.contextCount { recentContexts.removeFirst() }
    recentContexts.append((context, hash))
    return hash
  }

  /// The address of the array's storage (arrays of routes are never empty: a stack has its root).
  static func address(of routes: [Route<DynamicScreen>]) -> UInt {
    routes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
  }
}
