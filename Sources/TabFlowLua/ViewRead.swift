import TabFlowLuaBinding
import TabFlowNavigation

/// One read of a `nav` view by a script call — `nav.top`, `change.before:tab("home").depth`,
/// `nav:contains("login")`: which state it reads, of which tab, which view and with what
/// argument. The one question the host answers a script (``ScriptViews``): a running call asks
/// it through the rule host's `view` function, and a remembered answer (``CallMemo``) is
/// recalled by asking the same reads again.
@usableFromInline
package struct ViewRead {
  /// Which state of the call a view reads: a rule's, deep-link handler's or invariant's `nav`
  /// (`current`), or a guard's `change.before` and `change.after`.
  @usableFromInline
  package enum Side: Sendable {
    case current, before, after

    /// The side the rule DSL names `name` (`current`, `before`, `after`); `current` for any other.
    @inlinable
    init(_ name: String?) {
      switch name {
      case "before": self = .before
      case "after": self = .after
      default: self = .current
      }
    }
  }

  @usableFromInline package let side: Side
  /// The tab the view reads (`nav:tab("home").top`); `nil`: the selected tab.
  @usableFromInline package let tab: String?
  @usableFromInline package let field: ViewField
  /// What the view is asked about (`contains`' screen name); `nil` for the others.
  @usableFromInline package let argument: FlowValue?

  @inlinable
  package init(_ side: Side, tab: String? = nil, _ field: ViewField, argument: FlowValue? = nil) {
    self.side = side
    self.tab = tab
    self.field = field
    self.argument = argument
  }
}

extension ViewRead: Equatable {
  /// Whether a script could not tell the two reads apart: the same side, tab, view and an
  /// argument equal by ``LuaIdentifiable`` identity (`1` and `1.0` are two reads).
  @usableFromInline
  package static func == (lhs: ViewRead, rhs: ViewRead) -> Bool {
    lhs.side == rhs.side && lhs.field == rhs.field && lhs.tab.isLuaIdentical(to: rhs.tab)
      && lhs.argument.isLuaIdentical(to: rhs.argument)
  }
}
