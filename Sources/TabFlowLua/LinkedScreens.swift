import TabFlowNavigation

/// The screens one of a script's `link` declarations made from the parameters of the URLs it
/// opened, so that a URL opened again does not read its parameters and fill in the screen's
/// declared fields again: `check --explore` opens each sample link from every state it reaches.
///
/// Making a linked screen is pure — the parameters read as the declared fields' kinds, merged
/// with the declaration's defaults — so a remembered screen is the one making it again would
/// give. A URL whose parameters do not make the screen is not remembered: its error is made
/// again, as it was. Belongs to one loaded script (the links are rebuilt for a new one).
///
/// The parameters of a URL opened again are usually the very dictionary its match gave before
/// (``/TabFlowCore/URLMatchCache`` keeps it), found among the ``recentCount`` last ones by their
/// bits without hashing; others are looked up by their value. Holds at most ``capacity``
/// screens, forgetting them all when full.
@usableFromInline
package final class LinkedScreens {
  // Used one URL at a time, on the rules' thread: no run-time exclusivity checks.
  @exclusivity(unchecked) private var screens: [[String: String]: DynamicScreen] = [:]
  /// The parameters found or made last, with their screens (the newest last).
  @exclusivity(unchecked) private var recent: [(parameters: [String: String], screen: DynamicScreen)] = []

  /// How many of the last parameters are compared by their bits.
  static var recentCount: Int { 8 }
  /// At most this many screens are kept.
  static var capacity: Int { 256 }

  /// Remembers no screen yet.
  @usableFromInline
  package init() {}

  /// The screen `make` makes for `parameters`: the one it made for them before, or made now
  /// (and remembered when it is made).
  @usableFromInline
  package func screen<Failure>(
    for parameters: [String: String], _ make: () throws(Failure) -> DynamicScreen
  ) throws(Failure) -> DynamicScreen {
    // A dictionary is one reference to its storage: the same storage holds the same entries.
    let bits = unsafeBitCast(parameters, to: UInt.self)
    for entry in recent where unsafeBitCast(entry.parameters, to: UInt.self) == bits { return entry.screen }
    let screen: DynamicScreen
    if let known = screens[parameters] {
      screen = known
    } else {
      screen = try make()
      if screens.count >= Self.capacity { screens.removeAll(keepingCapacity: true) }
      screens[parameters] = screen
    }
    if recent.count >= Self.recentCount { recent.removeFirst() }
    recent.append((parameters, screen))
    return screen
  }
}
