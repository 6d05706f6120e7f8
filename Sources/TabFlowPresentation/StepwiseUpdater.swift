import Observation
import TabFlowNavigation

/// Moves what a UI shows toward the coordinator's stack one step at a time, when a change is
/// bigger than one UI update can animate (dismiss two sheets; dismiss a sheet and push; replace
/// the stack of a presented layer), as TCACoordinators' `routeWithDelaysIfUnsupported` did.
///
/// The coordinator's stack is always the ``target``: the state changes at once, and only the
/// ``presentation`` the UI binds to walks there. A change that fits one update (see
/// ``StackPresentation/steps(to:options:)``: the in-place step and at most one more) is shown at
/// once. A bigger one shows its first structural step at once, then one step per tick of the
/// clock (``SteppingOptions/interval``, 650 ms by default) until the target is reached.
///
/// ```swift
/// let updater = StepwiseUpdater(showing: store.state.selectedStack)
/// let observation = store.observeSettled { state in updater.update(to: state.selectedStack) }
/// // bind the UI to updater.presentation.layers
/// ```
///
/// - A new target arriving mid-way restarts from what is on screen; the steps still pending for
///   the old target are dropped.
/// - A change of screen data only (the route IDs are the same) is shown at once, in place, and
///   the pending steps keep their schedule, carrying the new data.
/// - What the user does (``userChanged(_:)``) is on screen already: the presentation takes it at
///   once, and the next step toward the target waits for a tick.
///
/// The class is `@Observable`: SwiftUI redraws what read ``presentation`` when it changes. Other
/// UIs set ``onChange``.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class StepwiseUpdater<Screen> {
  /// What the UI shows now.
  public private(set) var presentation: StackPresentation<Screen>

  /// The stack the steps lead to: the coordinator's.
  @ObservationIgnored public private(set) var target: StackPresentation<Screen>

  /// How changes are broken into steps and how far apart they are shown.
  @ObservationIgnored public let options: SteppingOptions

  /// Called with every presentation the updater shows, after ``presentation`` changed.
  @ObservationIgnored public var onChange: ((StackPresentation<Screen>) -> Void)?

  /// The steps still to show, in order; the last is the target. Empty when the UI shows the target.
  @ObservationIgnored public private(set) var pendingSteps: [StackPresentation<Screen>] = []

  @ObservationIgnored private var task: Task<Void, Never>?
  /// Changes whenever the pending steps are replaced, so a step task that wakes late stops.
  @ObservationIgnored private var generation = 0
  /// Starts a schedule of ticks from now: the function it returns sleeps until tick `n`.
  @ObservationIgnored private let startTicks: @Sendable () -> @Sendable (Int) async throws -> Void

  /// An updater showing `stack`, stepping on `clock` (a `TestClock` in tests).
  public convenience init(
    showing stack: RouteStack<Screen>,
    clock: any Clock<Duration> = ContinuousClock(),
    options: SteppingOptions = .default
  ) {
    self.init(showing: StackPresentation(stack), clock: clock, options: options)
  }

  /// An updater showing `presentation`, stepping on `clock` (a `TestClock` in tests).
  public init(
    showing presentation: StackPresentation<Screen>,
    clock: any Clock<Duration> = ContinuousClock(),
    options: SteppingOptions = .default
  ) {
    self.presentation = presentation
    self.target = presentation
    self.options = options
    self.startTicks = Self.ticks(on: clock, every: options.interval)
  }

  deinit {
    task?.cancel()
  }

  /// Whether steps are still to be shown.
  public var isStepping: Bool { !pendingSteps.isEmpty }

  /// Takes the coordinator's new stack as the target (see ``update(to:)-(StackPresentation<Screen>)``).
  public func update(to stack: RouteStack<Screen>) {
    update(to: StackPresentation(stack))
  }

  /// Takes a new target: shows it at once when one UI update can, otherwise shows the first
  /// structural step at once and the others on the following ticks. Call it with every state
  /// the coordinator settles in.
  public func update(to newTarget: StackPresentation<Screen>) {
    let sameRoutes = newTarget.ids == target.ids
    target = newTarget
    if sameRoutes {
      if pendingSteps.isEmpty {
        publish(newTarget)
      } else {
        pendingSteps = pendingSteps.map { $0.refreshed(from: newTarget) }
        publish(presentation.refreshed(from: newTarget))
      }
      return
    }
    cancelPendingSteps()
    let steps = presentation.steps(to: newTarget, options: options)
    guard steps.count >= 3 else {
      publish(newTarget)
      return
    }
    publish(steps[0])
    publish(steps[1])
    schedule(steps[2...])
  }

  /// Takes what the user did to the UI — it is on screen already — and continues toward the
  /// target from there, the next step waiting for a tick. Returns whether the presentation
  /// changed: `false` for a UI setting a value it already shows, which changes nothing and does
  /// not delay the steps. Throws, changing nothing, when the change does not fit what the UI shows.
  ///
  /// This changes the presentation only; tell the coordinator too (see
  /// ``TabCoordinatorState/action(for:in:)`` and ``TabFlowPresenter``), and the target follows.
  @discardableResult
  public func userChanged(_ change: LayerChange) throws(PresentationError) -> Bool {
    let shown = try presentation.applying(change)
    guard shown.count != presentation.count else { return false }
    cancelPendingSteps()
    let steps = shown.steps(to: target, options: options)
    publish(steps[0])
    schedule(steps[1...])
    return true
  }

  /// The route with this ID on screen, or `nil`.
  public func route(for id: RouteID) -> Route<Screen>? {
    presentation[id: id]
  }

  // MARK: - Steps

  private func publish(_ next: StackPresentation<Screen>) {
    presentation = next
    onChange?(next)
  }

  private func cancelPendingSteps() {
    generation &+= 1
    task?.cancel()
    task = nil
    pendingSteps = []
  }

  /// Shows `steps` one per tick, the first one tick from now.
  private func schedule(_ steps: ArraySlice<StackPresentation<Screen>>) {
    guard !steps.isEmpty else { return }
    pendingSteps = Array(steps)
    let generation = self.generation
    let sleep = startTicks()
    task = Task { [weak self] in
      var tick = 1
      while true {
        do {
          try await sleep(tick)
        } catch {
          return
        }
        guard let self, self.generation == generation, !self.pendingSteps.isEmpty else { return }
        self.publish(self.pendingSteps.removeFirst())
        if self.pendingSteps.isEmpty {
          self.task = nil
          return
        }
        tick += 1
      }
    }
  }

  /// Ticks counted from the moment the schedule starts, so a step that runs late does not push
  /// the following ones back, and a test clock advanced before the step task sleeps still wakes
  /// it.
  private static func ticks<C: Clock>(
    on clock: C, every interval: Duration
  ) -> @Sendable () -> @Sendable (Int) async throws -> Void where C.Duration == Duration {
    {
      let start = clock.now
      return { tick in try await clock.sleep(until: start.advanced(by: interval * tick), tolerance: nil) }
    }
  }
}
