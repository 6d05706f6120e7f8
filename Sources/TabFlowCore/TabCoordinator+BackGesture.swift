import TabFlowNavigation

extension TabCoordinator {
  /// Whether the system back gesture on the selected tab's visible layer would go back now: the
  /// `updateRoutes` it would send — the stack without its top route — tried on a copy of
  /// `state` through the guards, under the rules' per-action budget, as the real one would be;
  /// nothing is committed and `state` is not touched.
  ///
  /// Computed when asked, for the visible layer only (the selected tab's top layer: the others
  /// are covered): a UI asks when it lays the layer out. While the app layer is presented over
  /// the tab bar, it is the visible one: the gesture is the user's back there (its top route
  /// removed), tried the same way.
  ///
  /// ```swift
  /// switch coordinator.backGesture(in: state) {
  /// case .refused(let failure): disableSwipe(reason: failure.message)
  /// default: enableSwipe()
  /// }
  /// ```
  public func backGesture(in state: State) -> BackGesture {
    if state.isAppLayerPresented, let top = state.appLayer.last {
      var trial = state
      let failure: BatchFailure? = rules.withinAction {
        do throws(BatchError<Rules.Screen>) {
          _ = try trial.performBack(guards: guards)
          return nil
        } catch {
          return error.failure
        }
      }
      if let failure { return .refused(failure) }
      return .allowed(top.isPresented ? .dismiss : .pop)
    }
    let routes = state.selectedStack.routes
    guard routes.count > 1, let top = routes.last else { return .unavailable }
    var trial = state
    let failure: BatchFailure? = rules.withinAction {
      do throws(BatchError<Rules.Screen>) {
        _ = try trial.performUpdateRoutes(Array(routes.dropLast()), guards: guards)
        return nil
      } catch {
        return error.failure
      }
    }
    if let failure { return .refused(failure) }
    return .allowed(top.isPresented ? .dismiss : .pop)
  }

  /// ``backGesture(in:)`` for `tab`: `.unavailable` for a tab that is not selected (it is not on
  /// screen, and `updateRoutes` applies to the selected tab only).
  public func backGesture(in state: State, tab: TabID) -> BackGesture {
    tab == state.selectedTab ? backGesture(in: state) : .unavailable
  }
}
