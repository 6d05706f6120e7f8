import CoreTestSupport
import Synchronization
import TabFlowCore
import TabFlowNavigation

/// What a guard saw, recorded so tests can check that guards really ran and what they were given.
struct GuardSighting: Sendable {
  let before: TabCoordinatorState<TabTestScreen>
  let beforeIDs: [[RouteID]]
  let after: TabCoordinatorState<TabTestScreen>
  let afterIDs: [[RouteID]]
  let commands: [NavigationCommand<TabTestScreen>]
  let source: BatchSource
}

/// A thread-safe log of guard sightings.
final class GuardLog: Sendable {
  private let sightings = Mutex<[GuardSighting]>([])

  /// Everything recorded so far, in order.
  var all: [GuardSighting] { sightings.withLock { $0 } }

  /// A guard named `name` that records each change and answers `verdict`.
  func recordingGuard(
    _ name: String = "recorder", verdict: @escaping @Sendable (NavigationChange<TabTestScreen>) -> GuardVerdict<TabTestScreen> = { _ in .allow }
  ) -> NavigationGuard<TabTestScreen> {
    NavigationGuard(name) { change in
      let before = change.before
      let sighting = GuardSighting(
        before: before, beforeIDs: before.tabs.map(\.stack.ids),
        after: change.after, afterIDs: change.after.tabs.map(\.stack.ids),
        commands: change.commands, source: change.source)
      self.sightings.withLock { $0.append(sighting) }
      return verdict(change)
    }
  }
}
