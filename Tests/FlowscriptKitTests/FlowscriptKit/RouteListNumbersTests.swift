@testable import FlowscriptKit
import TestSupport
import Testing

/// `RouteListNumbers` numbers lists as a dictionary of lists would: over thousands of short lists
/// drawn from a few numbers (many repeated, past several growths of its table), each list gets
/// the number a `[[Int]: Int]` handing out the next number gives it, and keeps it.
@Suite struct RouteListNumbersTests {
  @Test(arguments: [UInt64(1), 0xFEED])
  func numbersListsAsADictionaryDoes(seed: UInt64) {
    var choices = SeededChoices(seed: seed)
    var table = RouteListNumbers()
    var dictionary: [[Int]: Int] = [:]
    for _ in 0..<20_000 {
      let list = (0..<(1 + choices.next(4))).map { _ in 1 + choices.next(12) }
      let expected = dictionary[list] ?? dictionary.count + 1
      dictionary[list] = expected
      #expect(list.withUnsafeBufferPointer { table.number(of: $0) } == expected, "\(list)")
    }
    #expect(dictionary.count > 2_000)
    for (list, number) in dictionary { #expect(table.lists[number] == list) }
  }
}
