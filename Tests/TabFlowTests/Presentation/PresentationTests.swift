import PresentationTestSupport

/// The presentation specifications that need the runtime too (a presenter on a `Store`, the
/// write-back through the coordinator's test app); the rest are in TabFlowPresentationTests.
enum PresentationTests: PresentationSpecification {}
