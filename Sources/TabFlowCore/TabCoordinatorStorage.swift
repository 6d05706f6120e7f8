import TabFlowNavigation

/// The stored fields of a ``TabCoordinatorState``, held in one ``TabCoordinatorStorage`` box
/// shared by its copies. Each is documented where the state exposes it (same name). The fields a
/// batch rarely writes are in a box of their own (``rare``), shared until one of them is written:
/// the first change to a shared state copies, and dropping a changed state releases, the
/// references below and that one box, not every reference of a state.
@usableFromInline
struct TabCoordinatorFields<Screen> {
  @usableFromInline var storedTabs: [TabState<Screen>]
  @usableFromInline var storedSelectedTab: TabID
  @usableFromInline var selectedIndex: Int
  @usableFromInline var storedHistory: [TabID]
  @usableFromInline var rare: CopyOnWriteBox<TabCoordinatorRareFields<Screen>>
  @usableFromInline var context: [String: FlowValue]
  @usableFromInline var pendingLink: String?
  @usableFromInline var removalLog = RouteRemovalLog()
}

/// The fields of a ``TabCoordinatorState`` that its batches rarely write: declarations (the
/// initial tab, the tabs' positions, the back behaviour), the user's tab-bar customization, the
/// app layer, a pending resume and the batch a guard rejected. Each is documented where the
/// state exposes it (same name).
@usableFromInline
struct TabCoordinatorRareFields<Screen> {
  @usableFromInline var storedInitialTab: TabID
  @usableFromInline var positions: [TabID: Int]
  @usableFromInline var storedTabBar: TabBarState
  @usableFromInline var storedAppLayer: RouteStack<Screen>
  @usableFromInline var backBehavior: BackBehavior
  @usableFromInline var pendingResume: PendingResume<Screen>?
  @usableFromInline var confirmable: ConfirmableRejection<Screen>?
}

extension TabCoordinatorRareFields: Sendable where Screen: Sendable {}
extension TabCoordinatorFields: Sendable where Screen: Sendable {}

/// The box a ``TabCoordinatorState`` keeps its fields in (see ``CopyOnWriteBox``): copying a
/// state retains it once instead of every field's references.
@usableFromInline
typealias TabCoordinatorStorage<Screen> = CopyOnWriteBox<TabCoordinatorFields<Screen>>
