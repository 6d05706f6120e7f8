@testable import TabFlowLua
@testable import TabFlowLuaBinding
@testable import TabFlowNavigation
import TestSupport
import Testing

/// A memo's branches found by a view's value: first by the value's bits (`CallMemo.sameBits`),
/// then, when no branch has them, by ``LuaIdentifiable`` identity. Checked against an oracle that
/// compares every remembered value in full, over seeded random values: look-alikes Swift's `==`
/// conflates (`1` and `1.0`, `0.0` and `-0.0`, a composed and a decomposed `é`), the same text or
/// table in storage of its own and in shared storage, and more branches than are scanned.
@Suite struct MemoBranchMatchingTests {
  typealias Memo = CallMemo<Int, String>

  static let texts = ["", "a", "home", "\u{E9}", "e\u{301}", "checkout", String(repeating: "x", count: 30), "\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}"]

  /// `text` with storage of its own (the same bytes).
  static func rebuilt(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }

  /// A value made afresh: strings and tables in storage of their own.
  static func value(_ choices: inout SeededChoices, depth: Int = 0) -> FlowValue {
    switch choices.next(depth < 2 ? 8 : 6) {
    case 0: return .null
    case 1: return .bool(choices.next(2) == 0)
    case 2: return .int(choices.pick([0, 1, 2, -1]))
    case 3: return .double(choices.pick([0.0, -0.0, 1.0, 2.5, .nan, -.nan]))
    case 4, 5: return .string(rebuilt(choices.pick(texts)))
    case 6: return .array((0..<choices.next(3)).map { _ in value(&choices, depth: depth + 1) })
    default:
      var fields: [String: FlowValue] = [:]
      for _ in 0..<choices.next(3) { fields[rebuilt(choices.pick(texts))] = value(&choices, depth: depth + 1) }
      return .object(fields)
    }
  }

  /// Values drawn from `pool` (shared storage) or made afresh (storage of their own).
  static func drawn(_ choices: inout SeededChoices, from pool: [FlowValue]) -> FlowValue {
    if !pool.isEmpty, choices.next(2) == 0 { return choices.pick(pool) }
    return value(&choices)
  }

  static func sameBits(_ a: FlowValue, _ b: FlowValue) -> Bool {
    withUnsafeBytes(of: a) { left in
      withUnsafeBytes(of: b) { right in Memo.sameBits(left.baseAddress!, right.baseAddress!) }
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func valuesWithTheSameBitsAreIdentical(seed: UInt64) {
    var choices = SeededChoices(seed: seed)
    var pool: [FlowValue] = []
    var same = 0
    for _ in 0..<4_000 {
      let a = Self.drawn(&choices, from: pool)
      let b = Self.drawn(&choices, from: pool)
      pool.append(a)
      if pool.count > 40 { pool.removeFirst() }
      if Self.sameBits(a, b) {
        same += 1
        #expect(a.isLuaIdentical(to: b), "\(a) \(b)")
      }
      // A value has its own bits.
      #expect(Self.sameBits(a, a))
    }
    #expect(same > 100)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func aBranchIsFoundExactlyWhenARememberedValueIsIdentical(seed: UInt64) {
    var choices = SeededChoices(seed: seed)
    let read = ViewRead(.after, .top)
    var found = 0
    for _ in 0..<300 {
      let memo = Memo()
      // The oracle: every value remembered, with its answer, compared in full. Up to twice the
      // 16 values a node scans: the hashed branches too.
      var known: [(value: FlowValue, answer: Int)] = []
      var pool: [FlowValue] = []
      for step in 0..<(1 + choices.next(32)) {
        let value = Self.drawn(&choices, from: pool)
        pool.append(value)
        guard !known.contains(where: { $0.value.isLuaIdentical(to: value) }) else { continue }
        memo.remember(Memo.Outcome(answer: step, cost: 1), 0, text: "", reads: [(read, value)])
        known.append((value, step))
      }
      for _ in 0..<20 {
        let value = Self.drawn(&choices, from: pool)
        let expected = known.first { $0.value.isLuaIdentical(to: value) }?.answer
        if expected != nil { found += 1 }
        #expect(memo.recall(0, text: "", views: { _ throws(ScriptError) in value })?.answer == expected, "\(value)")
      }
    }
    #expect(found > 1_000)
  }
}
