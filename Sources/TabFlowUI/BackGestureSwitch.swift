#if canImport(SwiftUI)
import SwiftUI
import TabFlowPresentation

#if os(iOS)
import UIKit

/// Turns the system back gesture of the enclosing `UINavigationController` on or off: the edge
/// swipe (`interactivePopGestureRecognizer`) and, on iOS 26, the swipe from anywhere in the
/// content (`interactiveContentPopGestureRecognizer`).
///
/// SwiftUI has no public switch for a `NavigationStack`'s swipe, so this is the mechanism: an
/// invisible `UIViewController` placed in the stack's root finds the `UINavigationController`
/// SwiftUI backs the stack with (`navigationController`) and sets `isEnabled` on those two
/// recognizers whenever the answer changes. The back button is not touched: a tap on it still
/// sends the pop, so a host whose guard asks can ask.
///
/// It decides nothing: `isEnabled` is the model's answer (`TabFlowPresenter.backGesture(in:layer:)`,
/// computed in the core by trying the `updateRoutes` the swipe would send). Not compiled in
/// this repository (no Apple SDK on Linux).
@available(iOS 18, *)
struct BackGestureSwitch: UIViewControllerRepresentable {
  /// Whether the model lets the gesture go back now.
  let isEnabled: Bool

  func makeUIViewController(context: Context) -> Controller {
    Controller()
  }

  func updateUIViewController(_ controller: Controller, context: Context) {
    controller.isEnabled = isEnabled
  }

  /// The invisible controller that reaches the navigation controller.
  final class Controller: UIViewController {
    var isEnabled = true {
      didSet { apply() }
    }

    override func didMove(toParent parent: UIViewController?) {
      super.didMove(toParent: parent)
      apply()
    }

    override func viewDidAppear(_ animated: Bool) {
      super.viewDidAppear(animated)
      apply()
    }

    private func apply() {
      guard let navigation = navigationController else { return }
      navigation.interactivePopGestureRecognizer?.isEnabled = isEnabled
      if #available(iOS 26, *) {
        navigation.interactiveContentPopGestureRecognizer?.isEnabled = isEnabled
      }
    }
  }
}
#endif

extension View {
  /// The back gesture of this layer as the model answers it: on iOS, the navigation
  /// controller's swipe recognizers switched by ``BackGestureSwitch`` and a presented layer's
  /// drag-to-dismiss disabled while refused; elsewhere only the latter.
  @available(iOS 18, macOS 15, *)
  func backGesture(_ answer: BackGesture, presented: Bool) -> some View {
    #if os(iOS)
    return self
      .background(BackGestureSwitch(isEnabled: answer.isAllowed || answer == .unavailable).frame(width: 0, height: 0))
      .interactiveDismissDisabled(presented && !answer.isAllowed)
    #else
    return self.interactiveDismissDisabled(presented && !answer.isAllowed)
    #endif
  }
}
#endif
