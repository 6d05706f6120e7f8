/// What makes two explored states the same state: everything `state` prints (StateJSON) —
/// selected tab, each tab's routes (style, screen, state, navigation, sheet), context, pending
/// link, the user's tab order and hidden tabs (not badges) — and the tab history `back` can
/// return to; not the route IDs, as the numbers a ``StateNumbering`` gives those parts. Equal
/// parts get equal numbers, so keys are hashed and compared as a few integers, never by their
/// contents. Keys are comparable only when one numbering made them.
struct StateKey: Hashable {
  /// The selected tab's position, each tab's routes' number, the context's number, the pending
  /// link's number (0 for none), the tab history's (0 for none) and the tab bar's order and
  /// hidden tabs' (0 for the declared order, none hidden).
  let numbers: [Int]
}

extension StateKey {
  /// A 64-bit fingerprint of the key's numbers, the same in every run: each number mixed in turn
  /// (SplitMix64's finaliser after each), so keys that differ anywhere differ here but for a
  /// chance of 2⁻⁶⁴.
  var fingerprint: UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(truncatingIfNeeded: numbers.count &+ 1)
    for number in numbers {
      hash = SplitMix64.mix(hash &+ 0x9E37_79B9_7F4A_7C15 &+ UInt64(bitPattern: Int64(number)) &* 0xBF58_476D_1CE4_E5B9)
    }
    return hash
  }
}
