@testable import TabFlowExploration
import Testing

/// `VisitedTable`, the engine's store of reached states: a fingerprint per state, and the
/// shortest way to each rebuilt from its predecessor and the position of the input from there.
@Suite struct VisitedTableTests {
  @Test func pathsAreRebuiltFromPredecessors() {
    var visited = VisitedTable()
    let root = visited.insert(10, from: nil)
    let a = visited.insert(11, from: (index: root, position: 3))
    let b = visited.insert(12, from: (index: a, position: 0))
    #expect([root, a, b] == [0, 1, 2])
    #expect(visited.path(to: root) == [])
    #expect(visited.path(to: a) == [3])
    #expect(visited.path(to: b) == [3, 0])
    #expect(visited.depths == [0, 1, 2])
    #expect(visited.index(of: 12) == b && visited.index(of: 13) == nil)
  }

  /// Against a Swift dictionary and a parent list, over many generated fingerprints (0 among
  /// them), each inserted only when not found, as the engine inserts: the same indices and paths.
  @Test(arguments: [1 as UInt64, 2, 3])
  func agreesWithAnOracle(seed: UInt64) {
    var random = seed
    func next() -> UInt64 {
      // SplitMix64, so the sequence is the same in every run.
      random &+= 0x9E37_79B9_7F4A_7C15
      var z = random
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    var visited = VisitedTable()
    var oracle: [UInt64: Int] = [:]
    var parents: [(index: Int, position: Int)?] = []
    for step in 0..<20_000 {
      // Few distinct values half the time, so repeats are common.
      let fingerprint = step % 2 == 0 ? next() % 4_096 : next()
      if let known = oracle[fingerprint] {
        #expect(visited.index(of: fingerprint) == known)
        continue
      }
      #expect(visited.index(of: fingerprint) == nil)
      let parent = parents.isEmpty ? nil : (index: Int(next() % UInt64(parents.count)), position: Int(next() % 9))
      let index = visited.insert(fingerprint, from: parent)
      #expect(index == parents.count)
      oracle[fingerprint] = index
      parents.append(parent)
    }
    #expect(visited.count == oracle.count)
    for index in stride(from: 0, to: parents.count, by: 97) {
      var expected: [Int] = []
      var current = index
      while let parent = parents[current] {
        expected.append(parent.position)
        current = parent.index
      }
      #expect(visited.path(to: index) == expected.reversed())
    }
  }
}
