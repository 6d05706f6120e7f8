import TabFlowNavigation

/// The stored fields of a ``TabCoordinatorState``, held in one ``TabCoordinatorStorage`` box
/// shared by its copies. Each is documented where the state exposes it (same name).
@usableFromInline
struct TabCoordinatorFields<Screen> {
  @usableFromInline var storedTabs: [TabState<Screen>]
  @usableFromInline var storedSelectedTab: TabID
  @usableFromInline var selectedIndex: Int
  @usableFromInline var storedHistory: [TabID]
  @usableFromInline var storedInitialTab: TabID
  @usableFromInline var positions: [TabID: Int]
  @usableFromInline var storedTabBar: TabBarState
  @usableFromInline var storedAppLayer: RouteStack<Screen>
  @usableFromInline var backBehavior: BackBehavior
  @usableFromInline var context: [String: FlowValue]
  @usableFromInline var pendingLink: String?
  @usableFromInline var pendingResume: PendingResume<Screen>?
  @usableFromInline var confirmable: ConfirmableRejection<Screen>?
  @usableFromInline var removalLog = RouteRemovalLog()
}

extension TabCoordinatorFields: Sendable where Screen: Sendable {}

/// The box a ``TabCoordinatorState`` keeps its fields in, copy-on-write as one unit (as `Array`
/// keeps its elements): copying a state retains the box once instead of every field's references
/// (~20 words), and the first change to a shared state copies the fields into a box of its own
/// (``makeUnique()``). The explorer and every batch copy states far more often than they change
/// the copy (a guard's `before`, a change's `after`, a frontier's states).
///
/// A `ManagedBuffer` whose header is the fields, reached through its address: the fields of a
/// class would be checked for exclusive access at run time on every read and write.
@usableFromInline
struct TabCoordinatorStorage<Screen> {
  @usableFromInline var buffer: ManagedBuffer<TabCoordinatorFields<Screen>, Void>

  /// A box of its own holding `fields`.
  @inlinable
  init(_ fields: TabCoordinatorFields<Screen>) {
    buffer = .create(minimumCapacity: 0) { _ in fields }
  }

  /// Where the fields are: valid while this storage is (a state's accessors read and write
  /// through it only while they hold the state).
  @inlinable
  var fields: UnsafeMutablePointer<TabCoordinatorFields<Screen>> {
    buffer.withUnsafeMutablePointerToHeader { $0 }
  }

  /// Gives this storage a box of its own (a copy of the fields) when another state shares it:
  /// called before every write.
  @inlinable
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&buffer) { self = TabCoordinatorStorage(fields.pointee) }
  }

  /// Whether another storage shares this box (so the next write copies it).
  @inlinable
  mutating func isShared() -> Bool { !isKnownUniquelyReferenced(&buffer) }

  /// Whether two storages are the same box (so their states are equal without comparing).
  @inlinable
  func isSameBox(as other: TabCoordinatorStorage) -> Bool { buffer === other.buffer }
}

// The box is shared by copies of a state but never written while shared: every write first
// makes it unique (`makeUnique()`), so a state sent to another domain is, like an `Array`, a
// value; it holds only the fields above, which are `Sendable` when the screens are.
extension TabCoordinatorStorage: @unchecked Sendable where Screen: Sendable {}
