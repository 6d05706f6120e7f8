/// The intermediate stacks between two stacks, for a UI that cannot apply a multi-layer change in
/// one update (FlowStacks' step calculation, in root-in-array form).
///
/// The first step updates screen data in place without changing the structure; then presented
/// layers are dismissed (one per step, or all at once); then extra pushes are popped in one
/// step; then each new push or presentation gets a step (pushes merged into the previous step
/// when navigation updates are allowed in one).
///
/// ```swift
/// let steps = RouteSteps.calculate(from: [.root(1)], to: [.root(1), .push(2), .push(3)])
/// // [[.root(1)], [.root(1), .push(2)], [.root(1), .push(2), .push(3)]]
/// ```
public enum RouteSteps {
  /// The steps from `start` to `end`. The first element updates data in place; the last is `end`.
  ///
  /// - Parameters:
  ///   - start: the stack the UI shows now.
  ///   - end: the stack to reach.
  ///   - allowMultipleDismissalsInOne: dismiss every extra layer in one step.
  ///   - allowNavigationUpdatesInOne: merge each push into the step before it (after the first).
  public static func calculate<Screen>(
    from start: [Route<Screen>],
    to end: [Route<Screen>],
    allowMultipleDismissalsInOne: Bool = false,
    allowNavigationUpdatesInOne: Bool = false
  ) -> [[Route<Screen>]] {
    let shared = min(start.count, end.count)
    // Index 0 is the root: its data may change, but it never diverges.
    var firstDivergingIndex = shared
    for index in 1..<max(shared, 1) where !sameStructure(start[index], end[index]) {
      firstDivergingIndex = index
      break
    }
    let firstDivergingPresentationIndex =
      start.indices.dropFirst(firstDivergingIndex).first { start[$0].isPresented } ?? start.count

    var steps = [Array(end[..<firstDivergingIndex] + start[firstDivergingIndex...])]
    // A root that loses its navigation keeps it until the pushes on it are gone, so that no
    // intermediate stack holds a push in a layer without navigation.
    let rootLosesNavigation = !start.isEmpty && !end.isEmpty && start[0].withNavigation && !end[0].withNavigation
    if rootLosesNavigation, case let .root(screen, _) = end[0] {
      steps[0][0] = .root(screen, withNavigation: true)
    }

    // Dismiss the presentation layers above the shared part.
    if allowMultipleDismissalsInOne, steps[0].count > firstDivergingPresentationIndex {
      steps.append(Array(end[..<firstDivergingIndex]))
    } else {
      while var last = steps.last, last.count > firstDivergingPresentationIndex {
        var removed = last.removeLast()
        while !removed.isPresented, last.count > firstDivergingPresentationIndex {
          removed = last.removeLast()
        }
        steps.append(last)
      }
    }

    // Pop the extra pushes in one step.
    if let last = steps.last, last.count > firstDivergingIndex {
      var popped = last
      while popped.count > firstDivergingIndex, popped.last?.style == .push {
        popped.removeLast()
      }
      if popped.count < last.count { steps.append(popped) }
    }

    if rootLosesNavigation {
      steps[steps.count - 1][0] = end[0]
    }

    // Push and present what is new, one step each (pushes merged when allowed).
    while let last = steps.last, last.count < end.count {
      let next = last + [end[last.count]]
      if allowNavigationUpdatesInOne, end[last.count].style == .push, steps.count > 1 {
        steps[steps.count - 1] = next
      } else {
        steps.append(next)
      }
    }
    return steps
  }

  /// Whether the change from `start` to `end` fits one UI update: the in-place step and at most
  /// one more.
  public static func canSynchronouslyUpdate<Screen>(
    from start: [Route<Screen>],
    to end: [Route<Screen>],
    allowNavigationUpdatesInOne: Bool = false
  ) -> Bool {
    calculate(
      from: start, to: end, allowMultipleDismissalsInOne: true,
      allowNavigationUpdatesInOne: allowNavigationUpdatesInOne
    ).count < 3
  }

  /// Same style and navigation flag: the screen's data may differ.
  private static func sameStructure<Screen>(_ lhs: Route<Screen>, _ rhs: Route<Screen>) -> Bool {
    lhs.style == rhs.style && lhs.withNavigation == rhs.withNavigation
  }
}
