/// The bound on what keeping states as 64-bit fingerprints may have hidden: two distinct states
/// with the same fingerprint are taken for one, and what lies only beyond the second goes
/// unexplored. With n states there are n(n−1)/2 pairs, each colliding with chance 2⁻⁶⁴.
/// Every explorer's report says it in the same words (this module's, and `flowscript check`'s).
public enum FingerprintCollision {
  /// The chance that two of `states` distinct states had the same fingerprint.
  public static func probability(states: Int) -> Double {
    let n = Double(states)
    return n * (n - 1) / 2 / 18_446_744_073_709_551_616.0
  }

  /// The report's line: `states are kept as 64-bit fingerprints: the chance that a collision hid
  /// a state is at most 6.3e-12` (two significant digits; `0` for a single state).
  public static func line(states: Int) -> String {
    let chance = probability(states: states)
    let written = chance == 0 ? "0" : twoDigits(chance)
    return "states are kept as 64-bit fingerprints: the chance that a collision hid a state is at most \(written)"
  }

  /// `6.3e-12`: a positive value with two significant digits.
  static func twoDigits(_ value: Double) -> String {
    var exponent = 0
    var mantissa = value
    while mantissa < 1 {
      mantissa *= 10
      exponent -= 1
    }
    while mantissa >= 10 {
      mantissa /= 10
      exponent += 1
    }
    var tenths = Int((mantissa * 10).rounded())
    if tenths >= 100 {
      tenths /= 10
      exponent += 1
    }
    return "\(tenths / 10).\(tenths % 10)e\(exponent)"
  }
}
