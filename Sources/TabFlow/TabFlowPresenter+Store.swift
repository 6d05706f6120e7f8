/// A presenter on TabFlow's own store: the glue between the runtime and the presentation layer,
/// which does not know any store type.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension TabFlowPresenter {
  /// A presenter bound to a store of the coordinator: it follows every state the store settles
  /// in (`Store.observeSettled(_:)`) until the presenter goes away, and sends to it.
  ///
  /// ```swift
  /// let presenter = TabFlowPresenter(store: store, backGesture: { coordinator.backGesture(in: $0) })
  /// presenter.selectedTab = "profile"    // store.send(.tabTapped("profile"))
  /// ```
  public convenience init(
    store: Store<TabCoordinatorState<Screen>, Action>,
    tabTitles: [TabID: String] = [:],
    clock: any Clock<Duration> = ContinuousClock(),
    options: SteppingOptions = .navigationStack,
    backGesture: (@MainActor (TabCoordinatorState<Screen>) -> BackGesture)? = nil
  ) {
    self.init(
      state: store.state, send: { store.send($0) }, tabTitles: tabTitles, clock: clock, options: options,
      backGesture: backGesture)
    keepAlive(store.observeSettled { [weak self] state in self?.update(to: state) })
  }
}
