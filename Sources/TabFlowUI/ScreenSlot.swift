#if canImport(SwiftUI)
import SwiftUI
import TabFlowPresentation

/// One route's screen, drawn by the app's view builder with the screen as it is now.
@available(iOS 18, macOS 15, *)
@MainActor
struct ScreenSlot<Screen, ScreenAction, Content: View>: View {
  let presenter: TabFlowPresenter<Screen, ScreenAction>
  let tab: TabID
  let id: RouteID
  /// The screen when the slot was made, drawn while the route leaves the screen (a pop or a
  /// dismissal animating out after the route left the presentation).
  let fallback: Screen?
  let content: (RouteID, Screen) -> Content

  var body: some View {
    if let screen = presenter.route(for: id, in: tab)?.screen ?? fallback {
      content(id, screen)
    }
  }
}
#endif
