/// The test app the coordinator specifications run (its screens, actions, rules, screen reducer,
/// deep links, guards and test stores), and the log capture they check logging with.
///
/// The types live in this namespace; each test target declares its own suite namespace
/// (`enum TabCoordinatorTests: CoordinatorSpecification {}`), so its suites keep their module's
/// name and call these unqualified (`App.state()`, `Screen.feed`).
package enum CoordinatorFixtures {}

/// The fixtures of ``CoordinatorFixtures``, as members of the namespace a test target declares.
package protocol CoordinatorSpecification {}

extension CoordinatorSpecification {
  package typealias App = CoordinatorFixtures.App
  package typealias AppRules = CoordinatorFixtures.AppRules
  package typealias Screen = CoordinatorFixtures.Screen
  package typealias NestedFlow = CoordinatorFixtures.NestedFlow
  package typealias ScreenAction = CoordinatorFixtures.ScreenAction
  package typealias ScreenFeature = CoordinatorFixtures.ScreenFeature
  package typealias NestedFlowFeature = CoordinatorFixtures.NestedFlowFeature
  package typealias GuardRecorder = CoordinatorFixtures.GuardRecorder
  package typealias CapturingLogHandler = CoordinatorFixtures.CapturingLogHandler
  package typealias FormattingProbe = CoordinatorFixtures.FormattingProbe
  package typealias State = CoordinatorFixtures.State
  package typealias Action = CoordinatorFixtures.Action
  package typealias AppStore = CoordinatorFixtures.AppStore
}
