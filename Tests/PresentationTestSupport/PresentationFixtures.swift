import TabFlowNavigation
import TabFlowPresentation
import Testing

/// The helpers of the presentation specifications, for the namespace each test target declares
/// (`enum PresentationTests: PresentationSpecification {}`), so its suites call them unqualified.
package protocol PresentationSpecification {}

extension PresentationSpecification {
  /// A stack of these routes with fresh IDs; fails the test when they do not form one.
  package static func stack<Screen>(
    _ routes: [Route<Screen>], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> RouteStack<Screen> {
    do {
      return try RouteStack(validating: routes)
    } catch {
      Issue.record("not a stack: \(error)", sourceLocation: sourceLocation)
      throw error
    }
  }

  /// Records every presentation an updater shows.
  package typealias Recorder<Screen> = PresentationRecorder<Screen>

  /// Yields until `condition` holds (a step task woken by a test clock runs on the main actor
  /// after the test's `advance` returns), or records an issue after a generous bound.
  @MainActor
  package static func eventually(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
  ) async {
    for _ in 0..<10_000 {
      if condition() { return }
      await Task.yield()
    }
    if !condition() { Issue.record("never happened: \(what)", sourceLocation: sourceLocation) }
  }
}

/// Records every presentation an updater shows.
@MainActor
package final class PresentationRecorder<Screen> {
  package private(set) var shown: [StackPresentation<Screen>] = []

  package init(_ updater: StepwiseUpdater<Screen>) {
    updater.onChange = { [unowned self] presentation in self.shown.append(presentation) }
  }

  /// The routes of every presentation shown so far.
  package var routes: [[Route<Screen>]] { shown.map(\.routes) }

  /// Forgets what was shown so far.
  package func clear() { shown.removeAll() }
}
