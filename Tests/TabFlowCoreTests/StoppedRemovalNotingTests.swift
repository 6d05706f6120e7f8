import CoreTestSupport
import TabFlowCore
import TabFlowNavigation
import Testing

extension TabsTests {
  /// A state that stops noting removed routes (an exploration's: no one asks which routes left
  /// its steps) navigates exactly as one that notes them: the same random batches give equal
  /// states, while it answers no removed route, and taking a mark never writes it (a copy keeps
  /// sharing its box, which the explorer reads as "unchanged").
  @Suite("Removed routes no longer noted")
  struct StoppedRemovalNotingTests {
    typealias Rollback = BatchRollbackPropertyTests

    @Test func aStateThatStopsNotingNavigatesTheSameAndNotesNothing() throws {
      var rng = Rollback.Generator(state: 46)
      var noted = 0
      for _ in 0..<100 {
        var noting = try Rollback.coordinator()
        var stopped = noting
        stopped.stopNotingRemovals()
        for _ in 0..<20 {
          let commands = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Rollback.command(&rng) }
          let notingMark = noting.markRemovals()
          let stoppedMark = stopped.markRemovals()
          let notingApplied = (try? noting.apply(commands)) != nil
          let stoppedApplied = (try? stopped.apply(commands)) != nil
          #expect(notingApplied == stoppedApplied, "\(commands)")
          #expect(noting == stopped, "\(commands)")
          if !noting.routeIDsRemoved(since: notingMark).isEmpty { noted += 1 }
          #expect(stopped.routeIDsRemoved(since: stoppedMark).isEmpty, "\(commands)")
          // A mark taken on a copy writes nothing: the copy still shares the state's box.
          var copy = stopped
          _ = copy.markRemovals()
          #expect(copy.isUnchangedCopy(of: stopped))
        }
      }
      // The batches did remove routes: the noting state answered them.
      #expect(noted > 200)
    }

    @Test func stoppingForgetsWhatWasNoted() throws {
      var state = try Rollback.coordinator()
      try state.apply([.push(.orders), .push(.item(id: 1))])
      let mark = state.markRemovals()
      try state.apply([.goBackToRoot])
      #expect(state.routeIDsRemoved(since: mark).count == 2)
      state.stopNotingRemovals()
      #expect(state.routeIDsRemoved(since: mark).isEmpty)
      try state.apply([.push(.orders)])
      let later = state.markRemovals()
      try state.apply([.pop(count: 1)])
      #expect(state.routeIDsRemoved(since: later).isEmpty)
    }
  }
}
