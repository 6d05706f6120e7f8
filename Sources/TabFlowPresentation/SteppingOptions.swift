/// How a ``StepwiseUpdater`` breaks a change into steps, and how far apart it shows them.
///
/// The defaults are the conservative ones of TCACoordinators' `routeWithDelaysIfUnsupported`: one
/// presented layer dismissed per step, each push or presentation its own step, 650 ms apart.
///
/// ```swift
/// // A UI whose navigation stacks can take several pushes in one update.
/// let options = SteppingOptions(allowNavigationUpdatesInOne: true)
/// ```
public struct SteppingOptions: Hashable, Sendable {
  /// The time between two steps (after the first structural step, which is shown at once).
  public var interval: Duration
  /// Dismiss every extra presented layer in one step.
  public var allowMultipleDismissalsInOne: Bool
  /// Merge each push into the step before it (see ``/TabFlowNavigation/RouteSteps``).
  public var allowNavigationUpdatesInOne: Bool

  /// Options with the given interval and step merging.
  public init(
    interval: Duration = .milliseconds(650),
    allowMultipleDismissalsInOne: Bool = false,
    allowNavigationUpdatesInOne: Bool = false
  ) {
    self.interval = interval
    self.allowMultipleDismissalsInOne = allowMultipleDismissalsInOne
    self.allowNavigationUpdatesInOne = allowNavigationUpdatesInOne
  }

  /// 650 ms apart; one dismissal, push or presentation per step.
  public static let `default` = SteppingOptions()

  /// For a UI whose stacks are SwiftUI `NavigationStack(path:)`s, which show several pushes in
  /// one update: pushes join the step before them, so only presentations and dismissals are
  /// stepped, 650 ms apart. ``TabFlowPresenter``'s default.
  public static let navigationStack = SteppingOptions(allowNavigationUpdatesInOne: true)
}
