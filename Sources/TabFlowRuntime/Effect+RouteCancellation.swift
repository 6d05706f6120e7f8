import TabFlowNavigation

extension Effect {
  /// What `forEachRoute` returns when an action removed routes: `first` and `second` (those that
  /// are not `.none`), then the cancellation of the effects of every route in `removed`.
  @inlinable
  static func cancellingRoutes(_ removed: [RouteID], after first: Effect, _ second: Effect) -> Effect {
    // The common case — one route left, nothing else to run — needs no merge.
    if removed.count == 1, first.isNone, second.isNone {
      return Effect(operation: .cancelRoute(removed[0]))
    }
    var effects: [Effect] = []
    effects.reserveCapacity(removed.count + 2)
    if !first.isNone { effects.append(first) }
    if !second.isNone { effects.append(second) }
    for id in removed { effects.append(Effect(operation: .cancelRoute(id))) }
    return .merge(effects)
  }
}
