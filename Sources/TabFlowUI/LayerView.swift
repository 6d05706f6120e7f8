#if canImport(SwiftUI)
import SwiftUI
import TabFlowPresentation

/// One presentation layer: its screens in a `NavigationStack` bound to the layer's path (or its
/// one screen, without navigation), and the layer above it presented from it.
@available(iOS 18, macOS 15, *)
@MainActor
struct LayerView<Screen, ScreenAction, ScreenContent: View>: View {
  @Bindable var presenter: TabFlowPresenter<Screen, ScreenAction>
  let tab: TabID
  /// The layer as it was when this view was made. The layer is looked up again by its ID; this
  /// copy is drawn while the layer leaves the screen (a sheet being dismissed).
  let layer: PresentationLayer
  let screen: (RouteID, Screen) -> ScreenContent

  var body: some View {
    let current = presenter.layer(startingWith: layer.id, in: tab) ?? layer
    withPresentedLayer(content(current))
  }

  /// The layer's screens. The back gesture takes the model's answer (asked only for the layer
  /// on screen; any other is `.unavailable`), from inside the stack, where the navigation
  /// controller is found.
  @ViewBuilder
  private func content(_ layer: PresentationLayer) -> some View {
    let answer = presenter.backGesture(in: tab, layer: layer.id)
    if layer.withNavigation {
      NavigationStack(path: $presenter[path: tab, layer: layer.id]) {
        slot(layer.start)
          .backGesture(answer, presented: layer.isPresented)
          .navigationDestination(for: RouteID.self) { id in
            slot(id)
          }
      }
    } else {
      slot(layer.start).backGesture(answer, presented: layer.isPresented)
    }
  }

  #if os(iOS) || os(tvOS) || os(watchOS)
  private func withPresentedLayer(_ content: some View) -> some View {
    content
      .sheet(item: $presenter[sheetAbove: tab, layer: layer.id]) { next in
        nextLayer(next)
      }
      .fullScreenCover(item: $presenter[coverAbove: tab, layer: layer.id]) { next in
        nextLayer(next)
      }
  }
  #else
  /// No full-screen cover here (macOS): sheets and covers are both shown as sheets.
  private func withPresentedLayer(_ content: some View) -> some View {
    content
      .sheet(item: $presenter[presentedAbove: tab, layer: layer.id]) { next in
        nextLayer(next)
      }
  }
  #endif

  private func nextLayer(_ next: PresentationLayer) -> some View {
    LayerView(presenter: presenter, tab: tab, layer: next, screen: screen)
      .sheetConfiguration(next.sheetConfiguration)
  }

  private func slot(_ id: RouteID) -> ScreenSlot<Screen, ScreenAction, ScreenContent> {
    ScreenSlot(
      presenter: presenter, tab: tab, id: id, fallback: presenter.route(for: id, in: tab)?.screen, content: screen)
  }
}
#endif
