import RuntimeTestSupport
import Testing

/// The coordinator specifications that need more than the runtime (a Store running Lua rules):
/// the same namespace as TabFlowRuntimeTests' `Coordinator/`, over the same test app
/// (`RuntimeTestSupport`), so `swift test --filter TabCoordinator` runs both.
@Suite("TabCoordinator")
enum TabCoordinatorTests: CoordinatorSpecification {}
