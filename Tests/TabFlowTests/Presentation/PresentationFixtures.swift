import Clocks
import TabFlow
import Testing

extension PresentationTests {
  /// A stack of these routes with fresh IDs; fails the test when they do not form one.
  static func stack<Screen>(
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
  @MainActor
  final class Recorder<Screen> {
    private(set) var shown: [StackPresentation<Screen>] = []

    init(_ updater: StepwiseUpdater<Screen>) {
      updater.onChange = { [unowned self] presentation in self.shown.append(presentation) }
    }

    /// The routes of every presentation shown so far.
    var routes: [[Route<Screen>]] { shown.map(\.routes) }

    /// Forgets what was shown so far.
    func clear() { shown.removeAll() }
  }

  /// Yields until `condition` holds (a step task woken by a test clock runs on the main actor
  /// after the test's `advance` returns), or records an issue after a generous bound.
  @MainActor
  static func eventually(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
  ) async {
    for _ in 0..<10_000 {
      if condition() { return }
      await Task.yield()
    }
    if !condition() { Issue.record("never happened: \(what)", sourceLocation: sourceLocation) }
  }
}
