/// The specification of the navigation model (`Sources/TabFlowNavigation`).
///
/// Every suite of this folder is nested here, so `swift test --filter Navigation` runs exactly them.
enum NavigationTests {}
