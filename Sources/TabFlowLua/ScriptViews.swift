import TabFlowLuaBinding
import TabFlowCore
import TabFlowNavigation

/// Answers the view reads of one script call: the one channel between the host and a script's
/// `nav` views. A running call reads through it (the rule host's `view` function), and a
/// remembered answer is recalled through it (``CallMemo``). Made by
/// ``ScriptedRules/withViews(of:_:)`` for the length of the calls it is given to, borrowing what
/// it reads.
@usableFromInline
package typealias ViewReader = (ViewRead) throws(ScriptError) -> FlowValue

/// What a script call's `nav` views are read from: the state a rule, a deep-link handler or an
/// invariant is about (``/TabFlowCore/TabCoordinatorState``: its `nav`), or the change a guard is asked about
/// (``/TabFlowCore/NavigationChange``: its `change.after`, `change.before` and `change.commands`). Read in
/// place: a view reads the state where its owner holds it, never a copy.
@usableFromInline
package protocol ScriptViews<Screen> {
  associatedtype Screen

  /// The value of `read`, naming screens through `codec`; the host's work for a large view is
  /// charged to `vm`'s running budget.
  func value(of read: ViewRead, codec: ScreenCodec<Screen>, vm: LuaVM) throws(ScriptError) -> FlowValue
}

extension TabCoordinatorState: ScriptViews {
  /// The view `read` asks for, of the tab it names or the selected one (`read.side` is the
  /// caller's: this state is the side read).
  @inlinable
  package func value(of read: ViewRead, codec: ScreenCodec<Screen>, vm: LuaVM) throws(ScriptError) -> FlowValue {
    func charge(_ work: Int) throws(ScriptError) { try Self.charge(work, for: read, to: vm) }
    func routes() throws(ScriptError) -> ArraySlice<Route<Screen>> { try viewedRoutes(read) }
    switch read.field {
    case .commands:
      throw ScriptError(.runtime, "nav has no view 'commands'")
    case .context:
      try charge(1 + context.count)
      return .object(context)
    case .tab:
      return .string(selectedTab.rawValue)
    case .top:
      // A tab's stack always has its root; an empty app layer has no top. Read where the state
      // holds it: `last`, or a subscript of a slice, copies the whole route out first.
      guard read.tab == nil else { return try withViewedRoutes(read) { Self.topValue(of: $0, codec: codec) } }
      if Screen.self == DynamicScreen.self, codec.names == nil { return selectedDynamicTop() }
      return withSelectedRoutes { Self.topValue(of: $0, codec: codec) }
    case .depth:
      guard read.tab == nil else { return .int(try withViewedRoutes(read) { $0.count }) }
      return .int(selectedDepth())
    case .stack:
      // Each route a table of these three fields: what ``StackViewKey`` is made from, and matches.
      let routes = try routes()
      var values: [FlowValue] = []
      values.reserveCapacity(routes.count)
      for route in routes {
        let screen = codec.describe(route.screen)
        try charge(1 + screen.state.count)
        values.append(.object([
          "screen": .string(screen.name), "style": .string(route.style.rawValue), "state": .object(screen.state),
        ]))
      }
      return .array(values)
    case .contains:
      // Read where the state holds them: iterating a slice copies each route out.
      guard read.tab == nil else {
        return try withViewedRoutes(read) { shown throws(ScriptError) in
          guard case let .string(screen)? = read.argument else { return .bool(false) }
          try charge(shown.count)
          return .bool(Self.contains(screen, in: shown, codec: codec))
        }
      }
      guard case let .string(screen)? = read.argument else { return .bool(false) }
      try charge(selectedDepth())
      if Screen.self == DynamicScreen.self, codec.names == nil { return .bool(selectedDynamicRoutesShow(screen)) }
      return .bool(withSelectedRoutes { Self.contains(screen, in: $0, codec: codec) })
    }
  }
}

extension TabCoordinatorState {
  /// ``value(of:codec:vm:)``, the views a guard reads most — `nav.currentTab`, and the
  /// selected tab's `nav.top` of dynamic screens — answered before the rest is dispatched: a
  /// recalled guard reads a few of them for every batch.
  @inlinable @inline(__always)
  package func quickValue(of read: ViewRead, codec: ScreenCodec<Screen>, vm: LuaVM) throws(ScriptError) -> FlowValue {
    switch read.field {
    case .tab:
      return .string(selectedTab.rawValue)
    case .top where read.tab == nil && Screen.self == DynamicScreen.self && codec.names == nil:
      return selectedDynamicTop()
    default:
      return try value(of: read, codec: codec, vm: vm)
    }
  }

  /// The host's work for a view, counted against the running call's budget (route by route for
  /// a stack): the budget error when it ran out.
  @inlinable @inline(__always)
  static func charge(_ work: Int, for read: ViewRead, to vm: LuaVM) throws(ScriptError) {
    guard vm.chargeHostWork(work) else {
      throw ScriptError(.budgetExceeded, "nav.\(read.field.name): the budget ran out while the host built the view")
    }
  }

  /// The name of the screen of the route at `route`, as `codec` names it. A dynamic screen's
  /// is its `name`, read without calling the codec — whose argument is a copy of the whole
  /// screen, its state too (the dynamic codec is the one without ``ScreenCodec/names``).
  @inlinable @inline(__always)
  static func screenName(at route: UnsafePointer<Route<Screen>>, codec: ScreenCodec<Screen>) -> String {
    guard Screen.self == DynamicScreen.self, codec.names == nil else { return codec.name(route.pointee.screen) }
    return UnsafeRawPointer(route).assumingMemoryBound(to: Route<DynamicScreen>.self).pointee.screen.name
  }

  /// The `nav.top` view of `shown`, the routes a read views: the name of the last one's screen,
  /// or `null` when there is none (an empty app layer).
  @inlinable @inline(__always)
  static func topValue(of shown: UnsafeBufferPointer<Route<Screen>>, codec: ScreenCodec<Screen>) -> FlowValue {
    guard let routes = shown.baseAddress, !shown.isEmpty else { return .null }
    return .string(screenName(at: routes + (shown.count - 1), codec: codec))
  }

  /// Whether a route of `shown` shows a screen named `screen` (the `nav:contains` view).
  @inlinable @inline(__always)
  static func contains(_ screen: String, in shown: UnsafeBufferPointer<Route<Screen>>, codec: ScreenCodec<Screen>) -> Bool {
    guard let routes = shown.baseAddress else { return false }
    return shown.indices.contains { screenName(at: routes + $0, codec: codec) == screen }
  }

  /// `body` given the selected tab's routes — what most reads view — where the state holds
  /// them. Not throwing, unlike ``withViewedRoutes(_:_:)``: `body` is then inlined, and the
  /// tabs and routes are read without being retained around a call.
  @inlinable @inline(__always)
  func withSelectedRoutes<Result>(_ body: (UnsafeBufferPointer<Route<Screen>>) -> Result) -> Result {
    storedTabs.withUnsafeBufferPointer { tabs in tabs[selectedIndex].stack.storedRoutes.withUnsafeBufferPointer(body) }
  }

  /// How many routes the selected tab's stack holds (its `nav.depth`).
  @inlinable @inline(__always)
  func selectedDepth() -> Int {
    storedTabs[selectedIndex].stack.storedRoutes.count
  }

  /// The selected tab's routes where the state holds them, as a pointer to the first of them
  /// (their `count`), or `nil` where the stack's array has no contiguous storage (a bridged
  /// one, never a stack's). Not through `withUnsafeBufferPointer`: its closure is not inlined
  /// here, and the tabs and the routes are then retained around the call. The pointer is
  /// valid while the state is — read, not changed — as the body of a borrowing read is.
  @inlinable @inline(__always)
  func selectedRoutesInPlace() -> (routes: UnsafePointer<Route<Screen>>, count: Int)? {
    guard let tabs = storedTabs._baseAddressIfContiguous else { return nil }
    let index = selectedIndex
    let count = tabs[index].stack.storedRoutes.count
    guard let routes = tabs[index].stack.storedRoutes._baseAddressIfContiguous else { return nil }
    return (UnsafePointer(routes), count)
  }

  /// The `nav.top` view of the selected tab when `Screen` is ``DynamicScreen`` (named by its
  /// `name`, as the dynamic codec names it): read in place (``selectedRoutesInPlace()``).
  @inlinable @inline(never)
  func selectedDynamicTop() -> FlowValue {
    guard let (routes, count) = selectedRoutesInPlace() else {
      return (storedTabs[selectedIndex].stack.storedRoutes.last?.screen as? DynamicScreen).map { .string($0.name) } ?? .null
    }
    guard count > 0 else { return .null }
    let top = UnsafeRawPointer(routes + (count - 1)).assumingMemoryBound(to: Route<DynamicScreen>.self)
    return .string(top.pointee.screen.name)
  }

  /// Whether a route of the selected tab shows a screen named `screen` (its `nav:contains`)
  /// when `Screen` is ``DynamicScreen``: read in place, as ``selectedDynamicTop()``.
  @inlinable @inline(never)
  func selectedDynamicRoutesShow(_ screen: String) -> Bool {
    guard let (routes, count) = selectedRoutesInPlace() else {
      return storedTabs[selectedIndex].stack.storedRoutes.contains { ($0.screen as? DynamicScreen)?.name == screen }
    }
    let dynamic = UnsafeRawPointer(routes).assumingMemoryBound(to: Route<DynamicScreen>.self)
    return (0..<count).contains { dynamic[$0].screen.name == screen }
  }

  /// The routes `read` views, read where the state holds them (a copy would retain all their
  /// storage): the app layer's without the root that stands for the tab bar (`nav:app()`, or a
  /// rule's nav for a route presented over it), else the named tab's or the selected one's.
  @inlinable @inline(__always)
  func viewedRoutes(_ read: ViewRead) throws(ScriptError) -> ArraySlice<Route<Screen>> {
    // The selected tab's, the common case, before comparing a name with the app layer's.
    guard let tab = read.tab else { return storedTabs[selectedIndex].stack.storedRoutes[...] }
    if tab == RuleDSL.appLayerTab { return storedAppLayer.storedRoutes.dropFirst() }
    guard let found = self.position(ofTab: TabID(tab)) else { throw ScriptError(.unknownName, "unknown tab '\(tab)'") }
    return storedTabs[found].stack.storedRoutes[...]
  }

  /// `body` given the routes `read` views (``viewedRoutes(_:)``) where the state holds them: the
  /// selected tab's — what most reads view — without making a slice of them.
  @inlinable @inline(__always)
  func withViewedRoutes<Result>(
    _ read: ViewRead, _ body: (UnsafeBufferPointer<Route<Screen>>) throws(ScriptError) -> Result
  ) throws(ScriptError) -> Result {
    guard read.tab == nil else { return try viewedRoutes(read).withUnsafeBufferPointer(body) }
    return try storedTabs.withUnsafeBufferPointer { tabs throws(ScriptError) in
      try tabs[selectedIndex].stack.storedRoutes.withUnsafeBufferPointer(body)
    }
  }

  /// What a memo finds a `nav.stack` read's branch by (``StackViewKey``), made from the routes
  /// without making the view — and charged to `vm`'s budget as making it is, failing where that
  /// fails; `nil` for a read of any other view.
  @inlinable
  package func stackViewKey(of read: ViewRead, codec: ScreenCodec<Screen>, vm: LuaVM) throws(ScriptError) -> StackViewKey? {
    guard read.field == .stack else { return nil }
    let routes = try viewedRoutes(read)
    var key = StackViewKey(count: routes.count)
    for route in routes {
      let screen = codec.describe(route.screen)
      try Self.charge(1 + screen.state.count, for: read, to: vm)
      key.append(screen: screen.name, style: route.style.rawValue, state: screen.state)
    }
    return key
  }
}

extension NavigationChange: ScriptViews {
  /// A guard's view: `change.commands` (the batch's commands as text), or a view of `after` or of
  /// `before` — read where the change holds it, made (rebuilt from the batch's journal) by the
  /// first read that needs it.
  @inlinable
  package func value(of read: ViewRead, codec: ScreenCodec<Screen>, vm: LuaVM) throws(ScriptError) -> FlowValue {
    if read.field == .commands { return try Self.value(ofCommands: commands, vm: vm) }
    guard read.side == .before else { return try after.value(of: read, codec: codec, vm: vm) }
    // Read in place (`inout`): a method called on a pointer's `pointee` reads a copy of the state.
    return try withBefore { before throws(ScriptError) in try before.value(of: read, codec: codec, vm: vm) }
  }

  /// The `change.commands` view of a batch of `commands`: each command as text, charged to
  /// `vm`'s running budget.
  @inlinable
  package static func value(ofCommands commands: [NavigationCommand<Screen>], vm: LuaVM) throws(ScriptError) -> FlowValue {
    guard vm.chargeHostWork(1 + commands.count) else {
      throw ScriptError(.budgetExceeded, "nav.commands: the budget ran out while the host built the view")
    }
    return .array(commands.map { .string($0.description) })
  }
}
