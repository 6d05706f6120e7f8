@testable import TabFlowLuaBinding
@testable import TabFlowNavigation
import TestSupport
import Testing

/// `FlowValue.luaIdentityDigest`, what memos and the checker hash values by: equal for values a
/// script cannot tell apart, however they were built, and different for the look-alikes it can —
/// checked over seeded random values against `isLuaIdentical`, the oracle.
@Suite struct LuaIdentityDigestTests {
  static let composed = "\u{E9}"
  static let decomposed = "e\u{301}"

  /// A random value from a small alphabet (so that equal values recur), at most `depth` deep.
  static func value(_ choices: inout SeededChoices, depth: Int) -> FlowValue {
    switch choices.next(depth > 0 ? 9 : 7) {
    case 0: return .null
    case 1: return .bool(choices.next(2) == 0)
    case 2: return .int(choices.pick([0, 1, -1, 3, Int.max, Int.min]))
    case 3: return .double(choices.pick([0.0, -0.0, 1.0, 3.0, 0.5, -2.25]))
    case 4, 5: return .string(choices.pick(["", "a", "id", "home", composed, decomposed, "é", String(repeating: "x", count: 40)]))
    case 6: return .string(choices.pick(["top", "feed", "item"]))
    case 7:
      return .array((0..<choices.next(4)).map { _ in value(&choices, depth: depth - 1) })
    default:
      var members: [String: FlowValue] = [:]
      for _ in 0..<choices.next(4) { members[choices.pick(["a", "b", "id", composed, decomposed])] = value(&choices, depth: depth - 1) }
      return .object(members)
    }
  }

  /// `value` built again from scratch: new storage for every string, array and table, members
  /// inserted in reverse order into a table of another capacity (so they iterate in another
  /// order).
  static func rebuilt(_ value: FlowValue) -> FlowValue {
    switch value {
    case let .string(text): return .string(String(decoding: Array(text.utf8), as: UTF8.self))
    case let .array(items): return .array(items.map(rebuilt))
    case let .object(members):
      var copy: [String: FlowValue] = [:]
      copy.reserveCapacity(members.count * 8 + 16)
      for (key, member) in members.sorted(by: { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }).reversed() {
        copy[String(decoding: Array(key.utf8), as: UTF8.self)] = rebuilt(member)
      }
      return .object(copy)
    default: return value
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func theDigestAgreesWithWhatAScriptTellsApart(seed: UInt64) {
    var choices = SeededChoices(seed: seed)
    var identicalPairs = 0
    var differentPairs = 0
    for _ in 0..<3_000 {
      let a = Self.value(&choices, depth: 3)
      let b = Self.value(&choices, depth: 3)
      let copy = Self.rebuilt(a)
      #expect(a.isLuaIdentical(to: copy))
      #expect(a.luaIdentityDigest == copy.luaIdentityDigest, "\(a) rebuilt hashes differently")
      if a.isLuaIdentical(to: b) {
        identicalPairs += 1
        #expect(a.luaIdentityDigest == b.luaIdentityDigest, "\(a) and \(b)")
      } else {
        differentPairs += 1
        #expect(a.luaIdentityDigest != b.luaIdentityDigest, "\(a) and \(b) collide")
      }
    }
    // The alphabet is small enough that both kinds of pair occur often.
    #expect(identicalPairs > 100 && differentPairs > 1_000)
  }

  @Test func lookAlikesGetDifferentDigests() {
    let lookAlikes: [FlowValue] = [
      .int(1), .double(1.0), .double(0.0), .double(-0.0), .int(0), .string(Self.composed), .string(Self.decomposed),
      .object([Self.composed: 1]), .object([Self.decomposed: 1]), .object(["a": 1]), .object(["a": 1.0]),
      .array([1, 2]), .array([2, 1]), .array([]), .object([:]), .null, .bool(false), .string(""),
      .object(["a": "b"]), .object(["b": "a"]), .array(["a", "b"]),
    ]
    let digests = Set(lookAlikes.map(\.luaIdentityDigest))
    #expect(digests.count == lookAlikes.count)
  }
}
