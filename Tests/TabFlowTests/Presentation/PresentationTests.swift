/// The specification of what a UI binds to (`Sources/TabFlowPresentation`): layers, the
/// write-back of what the user does, stepwise updates, the tab bar and the presenter.
///
/// Every suite of this folder is nested here, so `swift test --filter Presentation` runs exactly them.
enum PresentationTests {}
