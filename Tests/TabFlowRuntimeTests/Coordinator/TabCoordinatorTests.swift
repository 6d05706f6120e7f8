import RuntimeTestSupport
import Testing

/// End-to-end specification of the `TabCoordinator` reducer (docs/ARCHITECTURE.md §3–§5): every input goes
/// through a `TestStore` running `TabCoordinator(…).forEachRoute(\.self, action: .router())`
/// with a screen reducer whose effects wait on a `TestClock`. Every suite in this folder nests
/// here, so `swift test --filter TabCoordinator` runs exactly them.
@Suite("TabCoordinator")
enum TabCoordinatorTests: CoordinatorSpecification {}
