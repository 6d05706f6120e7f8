/// Values remembered by an integer key that is mostly small and dense (a numbering's numbers,
/// given from 0 or 1 up): a key below ``denseLimit`` finds its value at its position in an
/// array (no hashing), any other key in a dictionary.
///
/// For `check`'s invariants, remembered by the selected routes' number and asked of every state
/// reached: a dictionary look-up hashed the number each time.
struct ValuesByNumber<Value> {
  /// The keys kept by position: `0..<denseLimit`.
  static var denseLimit: Int { 1 << 16 }

  /// The value of each small key, by position (`nil`: none remembered).
  private var dense: [Value?] = []
  /// The values of the other keys.
  private var sparse: [Int: Value] = [:]

  /// Nothing remembered.
  init() {}

  /// The value remembered for `number`, if any.
  @inline(__always)
  func value(for number: Int) -> Value? {
    if number >= 0 && number < Self.denseLimit {
      return number < dense.count ? dense[number] : nil
    }
    return sparse[number]
  }

  /// Remembers `value` for `number`, in place of what it had.
  mutating func remember(_ value: Value, for number: Int) {
    guard number >= 0 && number < Self.denseLimit else {
      sparse[number] = value
      return
    }
    if number >= dense.count { dense.append(contentsOf: repeatElement(nil, count: number + 1 - dense.count)) }
    dense[number] = value
  }
}
