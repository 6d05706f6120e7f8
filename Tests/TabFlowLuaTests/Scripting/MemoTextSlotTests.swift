@testable import TabFlowCore
@testable import TabFlowLua
import TabFlowNavigation
import TestSupport
import Testing

/// The slot a memo finds a text's trees in by the text's bits (`CallMemo.roots(of:making:)`, its
/// loops unrolled for the text's size): over seeded batch sources of every kind — small and long
/// names, the same text in storage of its own, route IDs — more than the slots hold, each text
/// recalls the answer remembered for it, through its slot or its digest, and a text never
/// remembered recalls none.
@Suite struct MemoTextSlotTests {
  /// A text in storage of its own each time (not a literal's shared storage).
  static func rebuilt(_ text: String) -> String {
    String(decoding: Array(text.utf8), as: UTF8.self)
  }

  static func source(_ number: Int) -> BatchSource {
    let name = number % 3 == 0 ? "n\(number)" : "a rule name long enough not to be a small string \(number)"
    switch number % 6 {
    case 0: return .rule(rebuilt(name))
    case 1: return .screenAction(tab: TabID(rebuilt(name)), route: RouteID(generation: UInt64(number)))
    case 2: return .tabTap(TabID(rebuilt(name)))
    case 3: return .deepLink(rebuilt("shop://\(name)"))
    case 4: return .screenAction(tab: "home", route: RouteID(generation: UInt64(number)))
    default: return .rule(name)
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func everyTextRecallsItsOwnAnswer(seed: UInt64) {
    var choices = SeededChoices(seed: seed)
    let memo = CallMemo<Int, BatchSource>()
    let read = ViewRead(.after, .top)
    // More texts than the recent slots (256), remembered in a seeded order.
    let count = 700
    var remembered = Set<Int>()
    for _ in 0..<1_500 {
      let number = choices.next(count)
      if remembered.contains(number) || choices.next(3) == 0 {
        let found = memo.recall(0, text: Self.source(number)) { _ in .string("top") }
        #expect(found?.answer == (remembered.contains(number) ? number : nil), "\(Self.source(number))")
      } else {
        memo.remember(.init(answer: number, cost: 0), 0, text: Self.source(number), reads: [(read, .string("top"))])
        remembered.insert(number)
      }
    }
    for number in 0..<count {
      #expect(memo.recall(0, text: Self.source(number)) { _ in .string("top") }?.answer == (remembered.contains(number) ? number : nil))
    }
  }
}
