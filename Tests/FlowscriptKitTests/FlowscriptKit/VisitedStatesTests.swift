@testable import FlowscriptKit
import Testing

/// `VisitedStates`, the explorer's store of reached states: fingerprints in an open-addressing
/// table that grows, and the shortest lines rebuilt from each state's predecessor.
@Suite struct VisitedStatesTests {
  @Test func linesAreRebuiltFromPredecessors() {
    var visited = VisitedStates()
    let root = visited.insert(10, from: nil)
    #expect(root.inserted && root.index == 0)
    let a = visited.insert(11, from: root.index)
    visited.record(input: "tab search", for: a.index)
    let b = visited.insert(12, from: a.index)
    visited.record(input: "search.open {\"id\":1}", for: b.index)
    #expect(visited.lines(to: root.index) == [])
    #expect(visited.lines(to: a.index) == ["tab search"])
    #expect(visited.lines(to: b.index) == ["tab search", "search.open {\"id\":1}"])
    #expect(visited.depths == [0, 1, 2])
    // A state reached again keeps its first index and lines.
    let again = visited.insert(12, from: root.index)
    #expect(!again.inserted && again.index == b.index)
    #expect(visited.lines(to: b.index) == ["tab search", "search.open {\"id\":1}"])
  }

  /// Against a Swift dictionary, over many generated fingerprints (0 among them: the table's
  /// empty mark), through several growths: the same answers.
  @Test(arguments: [1 as UInt64, 2, 3])
  func agreesWithADictionary(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var visited = VisitedStates()
    var oracle: [UInt64: Int32] = [:]
    for step in 0..<20_000 {
      // Few distinct values half the time, so repeats are common.
      let fingerprint = step % 2 == 0 ? random.next() % 4_096 : random.next()
      let parent = oracle.isEmpty ? nil : Int32(random.next() % UInt64(oracle.count))
      let result = visited.insert(fingerprint, from: parent)
      if let known = oracle[fingerprint] {
        #expect(!result.inserted && result.index == known)
      } else {
        #expect(result.inserted && result.index == Int32(oracle.count))
        oracle[fingerprint] = result.index
      }
    }
    #expect(visited.count == oracle.count)
    for (fingerprint, index) in oracle { #expect(visited.index(of: fingerprint) == index) }
    #expect(visited.index(of: 4_096 + 17) == oracle[4_096 + 17])
  }

  @Test func keysThatDifferHaveDifferentFingerprints() {
    var seen = Set<UInt64>()
    for a in 0..<40 {
      for b in 0..<40 {
        #expect(seen.insert(StateKey(numbers: [a, b, 0, 1]).fingerprint).inserted)
      }
    }
    #expect(StateKey(numbers: [1, 2]).fingerprint != StateKey(numbers: [2, 1]).fingerprint)
    #expect(StateKey(numbers: [0]).fingerprint != StateKey(numbers: [0, 0]).fingerprint)
  }
}
