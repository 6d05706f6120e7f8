import PresentationTestSupport

/// The specification of what a UI binds to (`Sources/TabFlowPresentation`): layers, stepwise
/// updates, the tab bar.
///
/// Every suite of this folder is nested here, so `swift test --filter Presentation` runs exactly
/// them (and TabFlowTests' presentation suites that need the runtime).
enum PresentationTests: PresentationSpecification {}
