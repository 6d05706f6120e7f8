import TabFlowNavigation

/// IDs of routes removed from the tabs, each with the position of its tab, in the order they
/// were removed. Usually there is one (a pop) or none, so the first is held inline and the list
/// of the others is made only when needed: noting one, or copying none, allocates and retains
/// nothing.
@usableFromInline
package struct RemovedRouteIDs: Sendable {
  @usableFromInline package var first: (tab: Int, id: RouteID)?
  @usableFromInline package var rest: [(tab: Int, id: RouteID)]?

  /// None.
  @inlinable
  package init() {
    first = nil
    rest = nil
  }

  /// Notes one more.
  @inlinable
  package mutating func append(_ id: RouteID, tab: Int) {
    if first == nil {
      first = (tab, id)
    } else if rest == nil {
      rest = [(tab, id)]
    } else {
      rest?.append((tab, id))
    }
  }

  /// Calls `body` with each, in order.
  @inlinable
  package func forEach(_ body: (_ tab: Int, _ id: RouteID) -> Void) {
    guard let first else { return }
    body(first.tab, first.id)
    for removal in rest ?? [] { body(removal.tab, removal.id) }
  }
}
