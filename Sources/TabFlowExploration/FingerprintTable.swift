/// Values by 64-bit fingerprint, in open addressing over the fingerprint's own bits: a
/// fingerprint is already a hash of what it stands for, so it is spread with one multiplication
/// instead of being hashed again (a `Dictionary` runs SipHash over it at every look-up and
/// insertion). The explorer's visited states and its remembered refused retries are kept in one.
///
/// Fingerprints and values are held in two arrays (a value is as small as the caller makes it:
/// a visited state's index is 4 bytes); fingerprint 0 marks an empty slot, and the value of the
/// fingerprint 0 itself is held apart. Kept at most three quarters full.
@usableFromInline
struct FingerprintTable<Value> {
  @usableFromInline var fingerprints: [UInt64]
  @usableFromInline var values: [Value]
  /// The value of fingerprint 0, which marks an empty slot.
  @usableFromInline var zeroValue: Value?
  /// How many fingerprints have a value.
  @usableFromInline var count = 0
  /// What fills the empty slots' values (never read).
  @usableFromInline let placeholder: Value
  /// 64 minus the base-2 logarithm of the slot count: the spread fingerprint's top bits are its slot.
  @usableFromInline var shift: UInt64

  @usableFromInline static var initialSlots: Int { 16 }

  /// An empty table; `placeholder` fills the values of empty slots.
  @inlinable
  init(placeholder: Value) {
    self.placeholder = placeholder
    fingerprints = Array(repeating: 0, count: Self.initialSlots)
    values = Array(repeating: placeholder, count: Self.initialSlots)
    shift = UInt64(64 - Self.initialSlots.trailingZeroBitCount)
  }

  /// The first slot `fingerprint` is looked for in.
  @inlinable
  func home(of fingerprint: UInt64) -> Int {
    Int(truncatingIfNeeded: (fingerprint &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// The value of `fingerprint`, if it has one.
  @inlinable
  subscript(fingerprint: UInt64) -> Value? {
    if fingerprint == 0 { return zeroValue }
    let mask = fingerprints.count - 1
    var slot = home(of: fingerprint)
    while true {
      let stored = fingerprints[slot]
      if stored == fingerprint { return values[slot] }
      if stored == 0 { return nil }
      slot = (slot + 1) & mask
    }
  }

  /// Gives `fingerprint` the value `value` (replacing the one it had).
  @inlinable
  mutating func set(_ value: Value, for fingerprint: UInt64) {
    if fingerprint == 0 {
      if zeroValue == nil { count += 1 }
      zeroValue = value
      return
    }
    if (count + 1) * 4 > fingerprints.count * 3 { grow() }
    let mask = fingerprints.count - 1
    var slot = home(of: fingerprint)
    while true {
      let stored = fingerprints[slot]
      if stored == fingerprint {
        values[slot] = value
        return
      }
      if stored == 0 {
        fingerprints[slot] = fingerprint
        values[slot] = value
        count += 1
        return
      }
      slot = (slot + 1) & mask
    }
  }

  /// Forgets every fingerprint.
  @inlinable
  mutating func removeAll() {
    self = FingerprintTable(placeholder: placeholder)
  }

  /// Twice the slots, every fingerprint placed again.
  @usableFromInline
  mutating func grow() {
    let oldFingerprints = fingerprints
    let oldValues = values
    let slots = oldFingerprints.count * 2
    fingerprints = Array(repeating: 0, count: slots)
    values = Array(repeating: placeholder, count: slots)
    shift -= 1
    let mask = slots - 1
    for index in oldFingerprints.indices where oldFingerprints[index] != 0 {
      var slot = home(of: oldFingerprints[index])
      while fingerprints[slot] != 0 { slot = (slot + 1) & mask }
      fingerprints[slot] = oldFingerprints[index]
      values[slot] = oldValues[index]
    }
  }
}

extension FingerprintTable: Sendable where Value: Sendable {}
