/// A deterministic source of choices for seeded runs (SplitMix64), so a failure replays.
package struct SeededChoices {
  package var seed: UInt64

  package init(seed: UInt64) { self.seed = seed }

  /// A number in `0..<bound`.
  package mutating func next(_ bound: Int) -> Int {
    seed &+= 0x9E37_79B9_7F4A_7C15
    var z = seed
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }

  /// One of `elements` (not empty).
  package mutating func pick<Element>(_ elements: [Element]) -> Element { elements[next(elements.count)] }
}
