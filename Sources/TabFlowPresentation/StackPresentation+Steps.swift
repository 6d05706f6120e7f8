import TabFlowNavigation

extension StackPresentation {
  /// The presentations a UI shows on its way from this one to `target`: first this one with the
  /// screen data of the routes it shares with `target` updated in place, then one structural
  /// change per step (``/TabFlowNavigation/RouteSteps``, with the options' merging), the last being `target`.
  ///
  /// Each step carries route IDs: the routes taken from `target` have their IDs there, the
  /// routes on their way out keep theirs.
  ///
  /// ```swift
  /// let steps = StackPresentation(shown).steps(to: StackPresentation(stack))
  /// // steps.count < 3: one UI update is enough
  /// ```
  public func steps(to target: StackPresentation, options: SteppingOptions = .default) -> [StackPresentation] {
    let steps = RouteSteps.calculate(
      from: identifiedRoutes, to: target.identifiedRoutes,
      allowMultipleDismissalsInOne: options.allowMultipleDismissalsInOne,
      allowNavigationUpdatesInOne: options.allowNavigationUpdatesInOne)
    return steps.map { step in
      StackPresentation(routes: step.map { $0.map(\.screen) }, ids: step.map(\.screen.id))
    }
  }

  /// The routes with their IDs folded into the screens, so that `RouteSteps` — which moves routes
  /// around without knowing IDs — carries each route's ID along with it.
  private var identifiedRoutes: [Route<IdentifiedScreen<Screen>>] {
    zip(routes, ids).map { route, id in route.map { IdentifiedScreen(id: id, screen: $0) } }
  }
}

/// A screen with the ID of the route showing it.
private struct IdentifiedScreen<Screen> {
  let id: RouteID
  let screen: Screen
}
