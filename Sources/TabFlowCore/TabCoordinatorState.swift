import TabFlowNavigation

/// The whole navigation state of a tab coordinator: ordered tabs, each with its own stack, the
/// selected tab, the selection history, the back behaviour and host-provided context values.
///
/// ```swift
/// var state = try TabCoordinatorState(tabs: [
///   TabDefinition("home", root: Screen.feed),
///   TabDefinition("profile", root: .account, reselect: .none),
/// ])
/// try state.apply([.tab("profile", .push(.orders)), .selectTab("profile")])
/// ```
///
/// Every change goes through a batch (see `TabCoordinatorState+Batch.swift`): applied to a copy,
/// checked by guards, and committed only if every command succeeded and every guard allowed it.
public struct TabCoordinatorState<Screen> {
  // The fields live in one copy-on-write box (`TabCoordinatorStorage.swift`): copying a state
  // retains it once. Each field below reads the box in place and makes it unique before a write.
  // They are `@usableFromInline` behind read-only public properties, so the batch path can be
  // `@inlinable` and an app's module runs it specialized for its screen type.
  @usableFromInline var storage: TabCoordinatorStorage<Screen>

  @inlinable package var storedTabs: [TabState<Screen>] {
    _read { yield storage.fields.pointee.storedTabs }
    _modify { storage.makeUnique(); yield &storage.fields.pointee.storedTabs }
  }
  @inlinable package var storedSelectedTab: TabID {
    _read { yield storage.fields.pointee.storedSelectedTab }
    _modify { storage.makeUnique(); yield &storage.fields.pointee.storedSelectedTab }
  }
  /// The position of the selected tab, kept with it so the hot path does not search for it.
  @inlinable package var selectedIndex: Int {
    _read { yield storage.fields.pointee.selectedIndex }
    _modify { storage.makeUnique(); yield &storage.fields.pointee.selectedIndex }
  }
  @inlinable package var storedHistory: [TabID] {
    _read { yield storage.fields.pointee.storedHistory }
    _modify { storage.makeUnique(); yield &storage.fields.pointee.storedHistory }
  }
  /// The tab the app starts on (declared, like the tabs' policies): where
  /// ``BackBehavior/initialRoute`` goes back to.
  @inlinable package var storedInitialTab: TabID {
    _read { yield rare.pointee.storedInitialTab }
    _modify { yield &uniqueRare().pointee.storedInitialTab }
  }
  /// Each tab's position, so looking a tab up costs the same however many tabs there are.
  @inlinable package var positions: [TabID: Int] {
    _read { yield rare.pointee.positions }
    _modify { yield &uniqueRare().pointee.positions }
  }
  /// The user's order and hidden tabs, and the badges (``TabCoordinatorState+Customization.swift``).
  @inlinable package var storedTabBar: TabBarState {
    _read { yield rare.pointee.storedTabBar }
    _modify { yield &uniqueRare().pointee.storedTabBar }
  }
  /// The app layer (``appLayer``) as a stack whose root stands for the tab bar: a root without
  /// navigation, never shown, matched or removed (see `RouteStack+AppLayer.swift`).
  @inlinable package var storedAppLayer: RouteStack<Screen> {
    _read { yield rare.pointee.storedAppLayer }
    _modify { yield &uniqueRare().pointee.storedAppLayer }
  }

  /// The most tabs a coordinator may have. A tab bar shows a handful; the bound keeps every
  /// per-tab cost (snapshots, summaries, reload checks) small.
  public static var maximumTabCount: Int { 64 }

  /// The tabs in tab-bar order, each with its stack.
  @inlinable public var tabs: [TabState<Screen>] { storedTabs }
  /// The selected tab.
  @inlinable public var selectedTab: TabID { storedSelectedTab }
  /// The tab the app starts on (the first tab unless declared otherwise).
  @inlinable public var initialTab: TabID { storedInitialTab }
  /// Previously selected tabs, most recent last, used by ``BackBehavior/history``.
  @inlinable public var history: [TabID] { storedHistory }
  /// What the user's back gesture does at the root of the selected tab.
  @inlinable public var backBehavior: BackBehavior {
    _read { yield rare.pointee.backBehavior }
    set { uniqueRare().pointee.backBehavior = newValue; clearConfirmable() }
    _modify { defer { clearConfirmable() }; yield &uniqueRare().pointee.backBehavior }
  }
  /// Values the host provides for rules and guards (e.g. `loggedIn`).
  @inlinable public var context: [String: FlowValue] {
    _read { yield storage.fields.pointee.context }
    set { storage.makeUnique(); storage.fields.pointee.context = newValue; clearConfirmable() }
    _modify { storage.makeUnique(); defer { clearConfirmable() }; yield &storage.fields.pointee.context }
  }
  /// A deep link a guard deferred (`GuardVerdict.deferLink`), retried after each context change
  /// and each applied batch until a guard allows it, a newer link supersedes it, or the host
  /// cancels it (``TabCoordinatorAction/cancelPendingLink``). Saved with the navigation.
  @inlinable public internal(set) var pendingLink: String? {
    _read { yield storage.fields.pointee.pendingLink }
    set { storage.makeUnique(); storage.fields.pointee.pendingLink = newValue; clearConfirmable() }
    _modify { storage.makeUnique(); defer { clearConfirmable() }; yield &storage.fields.pointee.pendingLink }
  }
  /// An in-app action a guard redirected and asked to resume (see ``PendingResume``), re-sent
  /// after each context change and each applied batch until the guards allow it. Saved with
  /// the navigation.
  @inlinable public internal(set) var pendingResume: PendingResume<Screen>? {
    _read { yield rare.pointee.pendingResume }
    set { uniqueRare().pointee.pendingResume = newValue; clearConfirmable() }
    _modify { defer { clearConfirmable() }; yield &uniqueRare().pointee.pendingResume }
  }
  /// The last batch a guard rejected, kept only while nothing has changed since: the one batch a
  /// confirmation (``TabCoordinatorAction/confirm(_:)``) may re-send. Every change clears it —
  /// an applied batch, a screen updated in place, the UI's routes, a context, back-behaviour or
  /// pending-link write — and the next rejection replaces it (see ``RejectedBatch``).
  /// Bookkeeping, not navigation: `==`, persistence and reloads leave it out. Writing `nil` over
  /// `nil` writes nothing, so committing a batch does not unshare the state's box.
  @inlinable package var confirmable: ConfirmableRejection<Screen>? {
    _read { yield rare.pointee.confirmable }
    set {
      if newValue == nil, rare.pointee.confirmable == nil { return }
      uniqueRare().pointee.confirmable = newValue
    }
    _modify { yield &uniqueRare().pointee.confirmable }
  }
  /// The routes removed since the last ``markRemovals()`` (see ``RouteRemovalLog``).
  /// Bookkeeping, not navigation: `==`, persistence and reloads leave it out.
  @inlinable package var removalLog: RouteRemovalLog {
    _read { yield storage.fields.pointee.removalLog }
    _modify { storage.makeUnique(); yield &storage.fields.pointee.removalLog }
  }

  /// Forgets the rejected batch after a change (``confirmable``); writes nothing when there is
  /// none. The observed fields' `_modify` calls it from a `defer`: an in-place change that throws
  /// half-way has changed the field all the same.
  @inlinable
  mutating func clearConfirmable() {
    if rare.pointee.confirmable != nil { uniqueRare().pointee.confirmable = nil }
  }

  /// Where the fields a batch rarely writes are (``TabCoordinatorRareFields``), to read them:
  /// valid while the state is.
  @inlinable
  var rare: UnsafeMutablePointer<TabCoordinatorRareFields<Screen>> { storage.fields.pointee.rare.fields }

  /// Where the fields a batch rarely writes are, to write them: the state's box and theirs made
  /// unique first.
  @inlinable
  mutating func uniqueRare() -> UnsafeMutablePointer<TabCoordinatorRareFields<Screen>> {
    storage.makeUnique()
    storage.fields.pointee.rare.makeUnique()
    return storage.fields.pointee.rare.fields
  }

  /// A coordinator with the declared tabs, each stack holding only its root, `initialTab`
  /// selected (the first tab when `nil`), its route IDs from `ids` (the tabs' roots are `#1`,
  /// `#2`, … with a fresh generator). Throws when there are no tabs, two share an identifier, or
  /// the initial tab is unknown.
  public init(
    tabs definitions: [TabDefinition<Screen>],
    initialTab: TabID? = nil,
    backBehavior: BackBehavior = .none,
    context: [String: FlowValue] = [:],
    ids: RouteIDGenerator = .current
  ) throws(NavigationError) {
    let tabs = definitions.map { definition in
      TabState(
        id: definition.id, reselect: definition.reselect, onLeave: definition.onLeave,
        stack: RouteStack(root: definition.root, withNavigation: definition.rootWithNavigation, ids: ids),
        item: definition.item)
    }
    let initial = initialTab ?? definitions.first?.id ?? ""
    try self.init(restoring: tabs, selectedTab: initial, history: [], initialTab: initial,
                  backBehavior: backBehavior, context: context, ids: ids)
  }

  /// A coordinator restored from its parts (used by persistence and reloads). Throws when there are no tabs,
  /// identifiers repeat, the selected tab, the initial tab (the first tab when `nil`) or a
  /// history entry is unknown, or `appLayer` is not empty and does not start with a sheet or cover.
  ///
  /// Every stack takes its route IDs from `ids` (the first tab's stack's generator when `nil`):
  /// a stack made with another generator is given fresh IDs from it (see
  /// ``/TabFlowNavigation/RouteStack/adoptIDs(from:)``), so IDs are unique across the tabs and
  /// the app layer.
  public init(
    restoring tabs: [TabState<Screen>],
    selectedTab: TabID,
    history: [TabID] = [],
    initialTab: TabID? = nil,
    backBehavior: BackBehavior = .none,
    context: [String: FlowValue] = [:],
    pendingLink: String? = nil,
    pendingResume: PendingResume<Screen>? = nil,
    appLayer: [Route<Screen>] = [],
    ids: RouteIDGenerator? = nil
  ) throws(NavigationError) {
    guard !tabs.isEmpty else {
      throw .invalidRoutes(operation: "create a tab coordinator", reason: "it needs at least one tab")
    }
    guard tabs.count <= Self.maximumTabCount else {
      throw .invalidRoutes(
        operation: "create a tab coordinator",
        reason: "it has \(tabs.count) tabs; at most \(Self.maximumTabCount) are allowed")
    }
    var seen = Set<TabID>()
    for tab in tabs where !seen.insert(tab.id).inserted {
      throw .invalidRoutes(operation: "create a tab coordinator", reason: "the tab '\(tab.id)' is declared twice")
    }
    let known = tabs.map { $0.id }
    let initial = initialTab ?? known[0]
    for tab in [selectedTab, initial] + history where !seen.contains(tab) {
      throw .unknownTab(tab, known: known)
    }
    if Set(history).count != history.count || history.contains(selectedTab) {
      throw .invalidRoutes(
        operation: "restore the tab history",
        reason: "the history must list each tab at most once and not the selected tab '\(selectedTab)'")
    }
    let positions = Dictionary(uniqueKeysWithValues: tabs.enumerated().map { ($1.id, $0) })
    let generator = ids ?? tabs[0].stack.generator
    let layer = try RouteStack.appLayer(over: tabs[0].stack.root.screen, routes: appLayer, ids: generator)
    let rare = TabCoordinatorRareFields(
      storedInitialTab: initial, positions: positions, storedTabBar: TabBarState(order: known), storedAppLayer: layer,
      backBehavior: backBehavior, pendingResume: pendingResume, confirmable: nil)
    storage = TabCoordinatorStorage(TabCoordinatorFields(
      storedTabs: tabs, storedSelectedTab: selectedTab, selectedIndex: positions[selectedTab] ?? 0,
      storedHistory: history, rare: CopyOnWriteBox(rare), context: context, pendingLink: pendingLink))
    adoptIDs(from: generator)
  }

  /// The generator every stack's route IDs come from; copies of the state share it, so an older
  /// copy put back (an undo) does not rewind it (see ``/TabFlowNavigation/RouteIDGenerator``).
  @inlinable public var idGenerator: RouteIDGenerator { storedAppLayer.generator }

  /// Takes route IDs from `ids` from now on: every stack made with another generator gets fresh
  /// IDs from it (the pending resume follows its route). What adopting a state from elsewhere
  /// (a restored document, a state built with another generator) does, so that its IDs never
  /// repeat one `ids` handed out; nothing changes for stacks already using `ids`.
  public mutating func adoptIDs(from ids: RouteIDGenerator) {
    var resumeRoute: (tab: Int, index: Int)?
    if let route = pendingResume?.route {
      resumeRoute = storedAppLayer.index(of: route).map { (Self.appLayerPosition, $0) }
      for tab in storedTabs.indices where resumeRoute == nil {
        resumeRoute = storedTabs[tab].stack.index(of: route).map { (tab, $0) }
      }
    }
    for position in storedTabs.indices { storedTabs[position].stack.adoptIDs(from: ids) }
    storedAppLayer.adoptIDs(from: ids)
    if let (tab, index) = resumeRoute {
      let id = tab == Self.appLayerPosition ? storedAppLayer.ids[index] : storedTabs[tab].stack.ids[index]
      pendingResume?.route = id
    }
  }

  /// The identifiers of the tabs, in tab-bar order.
  @inlinable public var tabIDs: [TabID] { storedTabs.map { $0.id } }

  /// The position of a tab, or an error naming the known tabs.
  @inlinable
  public func index(of tab: TabID) throws(NavigationError) -> Int {
    guard let index = position(ofTab: tab) else { throw .unknownTab(tab, known: tabIDs) }
    return index
  }

  /// The stack of a tab, or `nil` for an unknown tab.
  @inlinable
  public func stack(for tab: TabID) -> RouteStack<Screen>? {
    position(ofTab: tab).map { storedTabs[$0].stack }
  }

  /// Where the tab is in ``tabs``; the selected tab is checked first.
  @inlinable
  package func position(ofTab tab: TabID) -> Int? {
    if storedTabs[selectedIndex].id == tab { return selectedIndex }
    // A tab bar holds a handful of tabs: comparing their names costs less than hashing one.
    guard storedTabs.count <= Self.scannedTabCount else { return positions[tab] }
    // The selected tab, compared above, is not compared again.
    let selected = selectedIndex
    for position in storedTabs.indices where position != selected && storedTabs[position].id == tab { return position }
    return nil
  }

  /// Up to this many tabs, a tab is found by comparing names rather than by hashing.
  @inlinable static var scannedTabCount: Int { 8 }

  /// The selected tab's stack.
  @inlinable
  public var selectedStack: RouteStack<Screen> {
    storedTabs[selectedIndex].stack
  }

  /// The top route of the selected tab. Guards that keep a tab's screen behind a condition read
  /// it, so it stays the tab's top whatever is presented over the tab bar (a screen opened under
  /// a cover is still checked); what the user sees is ``visibleTop``.
  @inlinable public var top: Route<Screen> { selectedStack.top }

  /// What the user sees: the app layer's top route when something is presented over the tab
  /// bar, otherwise the selected tab's top route (``top``). The URL of a state
  /// (`DeepLinks.url(for:)`) is its screen's.
  @inlinable public var visibleTop: Route<Screen> {
    storedAppLayer.storedRoutes.count > 1 ? storedAppLayer.top : selectedStack.top
  }

  /// The app layer: the sheets and covers presented over the whole tab bar, each with its
  /// pushes — onboarding, a login cover, a modal flow (React Navigation's root stack around its
  /// tab navigator, go_router's routes outside the shell). Empty when nothing is presented above
  /// the tabs; otherwise its first route is a sheet or a cover, never a root. Commands reach it as
  /// ``/TabFlowNavigation/NavigationCommand/app(_:)``; the user's back removes its routes before any tab's.
  public var appLayer: [Route<Screen>] { Array(storedAppLayer.storedRoutes.dropFirst()) }

  /// The route IDs of ``appLayer``, parallel to it. They never collide with any tab's.
  public var appLayerIDs: [RouteID] { Array(storedAppLayer.storedIDs.dropFirst()) }

  /// Whether anything is presented over the tab bar (``appLayer`` is not empty).
  @inlinable public var isAppLayerPresented: Bool { storedAppLayer.storedRoutes.count > 1 }

  /// The position that stands for the app layer wherever a tab's position is recorded (undo
  /// journals, removed route IDs): no tab has it.
  @inlinable package static var appLayerPosition: Int { -1 }


  // MARK: - Primitive changes (validated, journaled; used by batches)

  /// Applies one command. Stack commands go to the tab at `stackTab` (the selected tab when it
  /// is `nil`); `tab(id, …)` to that tab without selecting it. Events are appended to `reports`;
  /// every change is journaled for rollback.
  @inlinable
  mutating func applyCommand(
    _ command: NavigationCommand<Screen>,
    stackTab: Int? = nil,
    reports: inout [NavigationReport],
    journal: inout UndoJournal<Screen>
  ) throws(NavigationError) {
    switch command {
    case let .selectTab(tab):
      if !storedTabBar.hidden.isEmpty, storedTabBar.hidden.contains(tab) { reports.append(.tabShown(tab)) }
      try select(tab, journal: &journal)
    case let .resetTabs(select: tab):
      if !storedTabBar.hidden.isEmpty, storedTabBar.hidden.contains(tab) { reports.append(.tabShown(tab)) }
      try resetTabs(selecting: tab, journal: &journal)
    case let .app(inner):
      switch inner {
      case .selectTab, .tab, .emit, .resetTabs, .setBadge, .app:
        // Coordinator commands nested in `app(…)` act on the coordinator as usual.
        try applyCommand(inner, reports: &reports, journal: &journal)
      default:
        try applyStackCommand(inner, tab: Self.appLayerPosition, journal: &journal)
      }
    case let .tab(tab, inner):
      let index = try index(of: tab)
      switch inner {
      case .selectTab, .tab, .emit, .resetTabs, .setBadge, .app:
        // Coordinator commands nested in `tab(…)` act on the coordinator as usual.
        try applyCommand(inner, reports: &reports, journal: &journal)
      default:
        try applyStackCommand(inner, tab: index, journal: &journal)
      }
    case let .emit(event):
      reports.append(.event(event))
    case let .setBadge(tab, badge):
      try setBadge(badge, on: tab, journal: &journal)
    default:
      try applyStackCommand(command, tab: stackTab ?? selectedIndex, journal: &journal)
    }
  }

  @inlinable
  mutating func applyStackCommand(
    _ command: NavigationCommand<Screen>, tab: Int, journal: inout UndoJournal<Screen>
  ) throws(NavigationError) {
    if tab == Self.appLayerPosition {
      if let undo = try storedAppLayer.applyToAppLayer(
        command, recordingUndo: journal.recordsUndo, noteRemoved: { journal.removed.append($0, tab: tab) })
      {
        journal.append(.stack(tab: tab, undo))
      }
      return
    }
    if let undo = try storedTabs[tab].stack.applyRecordingUndo(
      command, recordingUndo: journal.recordsUndo, noteRemoved: { journal.removed.append($0, tab: tab) })
    {
      journal.append(.stack(tab: tab, undo))
    }
  }

  /// Selects a tab (no reselect behaviour: selecting the selected tab changes nothing).
  @inlinable
  mutating func select(_ tab: TabID, journal: inout UndoJournal<Screen>) throws(NavigationError) {
    select(tab, at: try index(of: tab), journal: &journal)
  }

  /// ``select(_:journal:)`` of the tab at `index` (its position in ``tabs``).
  @inlinable
  mutating func select(_ tab: TabID, at index: Int, journal: inout UndoJournal<Screen>) {
    // The selected tab is at the selected index: positions compare for less than names.
    guard index != selectedIndex else { return }
    if !storedTabBar.hidden.isEmpty, storedTabBar.hidden.contains(tab) { show(selected: tab, journal: &journal) }
    leave(selectedIndex, journal: &journal)
    journal.append(.selection(selected: storedSelectedTab, history: storedHistory))
    let previous = storedSelectedTab
    // The journal holds the old history: the new one is built once, at its size.
    var history: [TabID] = []
    history.reserveCapacity(storedHistory.count + 1)
    for entry in storedHistory where entry != tab && entry != previous { history.append(entry) }
    history.append(previous)
    storedHistory = history
    storedSelectedTab = tab
    selectedIndex = index
  }

  /// Applies the leave policy of the tab at `position`, which is being left: with
  /// ``LeavePolicy/popToRoot`` its stack keeps only the root.
  @inlinable
  mutating func leave(_ position: Int, journal: inout UndoJournal<Screen>) {
    guard storedTabs[position].onLeave == .popToRoot, storedTabs[position].stack.count > 1 else { return }
    // Going back to the root never fails.
    if let undo = try? storedTabs[position].stack.applyRecordingUndo(
      .goBackToRoot, recordingUndo: journal.recordsUndo, noteRemoved: { journal.removed.append($0, tab: position) })
    {
      journal.append(.stack(tab: position, undo))
    }
  }

  /// Every tab back to its root, the history cleared and `tab` selected (``/TabFlowNavigation/NavigationCommand/resetTabs(select:)``).
  /// Inlinable, like the other commands, so it runs specialized for the screen type (generic, a
  /// reset cost about 46,000 instructions on the demo: each stack's count went through witness
  /// tables).
  @inlinable
  package mutating func resetTabs(selecting tab: TabID, journal: inout UndoJournal<Screen>) throws(NavigationError) {
    let target = try index(of: tab)
    if !storedTabBar.hidden.isEmpty, storedTabBar.hidden.contains(tab) { show(selected: tab, journal: &journal) }
    for position in storedTabs.indices where storedTabs[position].stack.count > 1 {
      try applyStackCommand(.goBackToRoot, tab: position, journal: &journal)
    }
    journal.append(.selection(selected: storedSelectedTab, history: storedHistory))
    storedHistory = []
    storedSelectedTab = tab
    selectedIndex = target
  }

  /// Selects a tab already known to exist (undo, back).
  @inlinable
  mutating func setSelectedTab(_ tab: TabID) {
    storedSelectedTab = tab
    selectedIndex = positions[tab] ?? 0
  }

  /// A tap on a tab-bar item: select, or reselect with the tab's policy. Returns the commands
  /// it amounted to.
  @inlinable
  mutating func tap(
    _ tab: TabID, reports: inout [NavigationReport], journal: inout UndoJournal<Screen>
  ) throws(NavigationError) -> [NavigationCommand<Screen>] {
    let index = try index(of: tab)
    if storedAppLayer.storedRoutes.count > 1 {
      // The tab bar is under the app layer's sheet or cover: the user cannot reach it.
      throw .appLayer(
        operation: "tap tab '\(tab)'",
        reason: "'\(screenName(of: storedAppLayer.storedRoutes[1].screen))' (\(storedAppLayer.storedRoutes[1].style)) "
          + "is presented over the tab bar — dismiss it first")
    }
    guard index == selectedIndex else {
      if !storedTabBar.hidden.isEmpty, storedTabBar.hidden.contains(tab) { throw .tabBar(.hidden(tab)) }
      select(tab, at: index, journal: &journal)
      return [.selectTab(tab)]
    }
    switch storedTabs[index].reselect {
    case .none:
      reports.append(.reselected(tab))
      return []
    case .popToRoot where storedTabs[index].stack.count > 1:
      try applyStackCommand(.goBackToRoot, tab: index, journal: &journal)
      reports.append(.poppedToRoot(tab))
      return [.tab(tab, .goBackToRoot)]
    case .popToRoot:
      reports.append(.reselectedAtRoot(tab))
      return []
    }
  }

  /// The user's back gesture: remove the app layer's top route when something is presented
  /// over the tab bar, else the selected tab's; at its root, go to the tab the ``backBehavior``
  /// names (``backTarget``), otherwise fail.
  @inlinable
  mutating func back(journal: inout UndoJournal<Screen>) throws(NavigationError) -> [NavigationCommand<Screen>] {
    if storedAppLayer.storedRoutes.count > 1 {
      try applyStackCommand(.goBack(count: 1), tab: Self.appLayerPosition, journal: &journal)
      return [.app(.goBack(count: 1))]
    }
    let index = selectedIndex
    if storedTabs[index].stack.count > 1 {
      try applyStackCommand(.goBack(count: 1), tab: index, journal: &journal)
      return [.goBack(count: 1)]
    }
    guard let target = backTarget else {
      throw .alreadyAtRoot(tab: selectedTab, root: screenName(of: storedTabs[index].stack.root.screen))
    }
    guard backBehavior == .history else {
      // Going back to a tab by place is a selection like any other (history and leave policy).
      try select(target, journal: &journal)
      return [.selectTab(target)]
    }
    leave(index, journal: &journal)
    journal.append(.selection(selected: selectedTab, history: history))
    storedHistory.removeLast()
    setSelectedTab(target)
    return [.selectTab(target)]
  }
}

extension TabCoordinatorState {
  /// Whether `other` is a copy of this state that neither has changed since (they share their
  /// box): then they are equal, without comparing them.
  @inlinable
  package func isUnchangedCopy(of other: Self) -> Bool { storage.isSameBox(as: other.storage) }
}

extension TabCoordinatorState: Equatable where Screen: Equatable {
  /// States are equal when every stored field but the bookkeeping (`confirmable`, `removalLog`)
  /// is, or when they share their box (inlinable,
  /// unlike a synthesized conformance, so it is specialized for the screen type: the explorer
  /// compares states once per input). `EqualityCoverageTests` lists the stored fields, fails for a
  /// field it does not list, and checks that a state differing in one listed field is unequal.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    // Copies share their box until one changes (as `Array`'s `==` does, identity answers first).
    if lhs.storage.isSameBox(as: rhs.storage) { return true }
    return lhs.selectedIndex == rhs.selectedIndex && lhs.storedSelectedTab == rhs.storedSelectedTab
      && sameTabs(lhs.storedTabs, rhs.storedTabs) && lhs.storedHistory == rhs.storedHistory
      && lhs.positions == rhs.positions && lhs.backBehavior == rhs.backBehavior && lhs.context == rhs.context
      && lhs.pendingLink == rhs.pendingLink && lhs.storedTabBar == rhs.storedTabBar
      && lhs.storedInitialTab == rhs.storedInitialTab && lhs.pendingResume == rhs.pendingResume
      && sameAppLayer(lhs.storedAppLayer, rhs.storedAppLayer)
  }

  /// Whether two app layers hold the same routes (their stand-in roots do not take part).
  @inlinable
  static func sameAppLayer(_ lhs: RouteStack<Screen>, _ rhs: RouteStack<Screen>) -> Bool {
    let count = lhs.storedRoutes.count
    guard count == rhs.storedRoutes.count else { return false }
    return count == 1 || lhs.storedRoutes[1...] == rhs.storedRoutes[1...]
  }

  /// Whether two lists of tabs are equal: `TabState`'s (synthesized) `==` field by field, each
  /// tab compared where the lists hold it (comparing the tabs themselves copies each out of its
  /// array: +5 million instructions for `check --explore 5`). `EqualityCoverageTests` fails when
  /// `TabState` has a field this does not compare.
  @inlinable
  static func sameTabs(_ lhs: [TabState<Screen>], _ rhs: [TabState<Screen>]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for index in lhs.indices {
      guard lhs[index].id == rhs[index].id, lhs[index].reselect == rhs[index].reselect,
        lhs[index].onLeave == rhs[index].onLeave, lhs[index].stack.storedRoutes == rhs[index].stack.storedRoutes,
        lhs[index].item == rhs[index].item
      else { return false }
    }
    return true
  }
}
extension TabCoordinatorState: Sendable where Screen: Sendable {}

extension TabCoordinatorState: CustomReflectable {
  /// The state's fields, as if they were its stored properties (they are held by its box): what
  /// `dump`, `String(describing:)`, CustomDump's `diff` and `EqualityCoverageTests` read.
  public var customMirror: Mirror {
    let fields = Mirror(reflecting: storage.fields.pointee).children
    let rare = Mirror(reflecting: self.rare.pointee).children
    return Mirror(self, children: fields.filter { $0.label != "rare" } + Array(rare), displayStyle: .struct)
  }
}

extension TabCoordinatorState: RouteContainer {
  /// The record of the routes removed is kept by the state; its mark is the newest route ID
  /// handed out when it was taken (``markRemovals()``).
  public typealias RemovalMark = RouteID

  /// Whether any tab, or the app layer, holds a route with this ID.
  @inlinable
  public func contains(routeID: RouteID) -> Bool {
    tabPosition(holding: routeID) != nil
  }

  /// Runs `body` on the screen of the route with this ID, in whichever tab holds it.
  @inlinable
  public mutating func updateScreen<Result>(
    id: RouteID, _ body: (inout Screen) throws -> Result
  ) rethrows -> Result? {
    guard let position = tabPosition(holding: id) else { return nil }
    // The screen may change: a rejected batch can no longer be confirmed.
    confirmable = nil
    if position == Self.appLayerPosition { return try storedAppLayer.updateScreen(id: id, body) }
    return try storedTabs[position].stack.updateScreen(id: id, body)
  }

  /// Changes whenever routes are added to or removed from any tab or the app layer.
  public var structureToken: Int {
    var hasher = Hasher()
    hasher.combine(storedAppLayer.structureToken)
    for tab in tabs { hasher.combine(tab.stack.structureToken) }
    return hasher.finalize()
  }

  /// The IDs of routes that `earlier` held in any tab or the app layer and none holds now.
  public func routeIDsRemoved(since earlier: TabCoordinatorState) -> [RouteID] {
    routeIDsRemoved(since: earlier.routeSnapshot)
  }
}
