import TabFlowNavigation

/// Records the `nav` views one script call reads, in order, passing each to the real view
/// answer: what ``CallMemo`` remembers a call's answer by.
@usableFromInline
package final class ViewRecording {
  /// One view read: `(which, tab, field, argument)` as ``RuleScript/ViewAnswer`` takes it, equal
  /// to another only when a script could not tell their arguments apart (``LuaIdentifiable``). A
  /// class: ``CallMemo`` keeps one per node and hands it to every recall (one reference, not
  /// four fields, to copy).
  @usableFromInline
  package final class Read: Equatable {
    @usableFromInline package let which: String
    @usableFromInline package let tab: String?
    @usableFromInline package let field: String
    @usableFromInline package let argument: FlowValue?
    /// `field`, known once: recalling the read does not compare names.
    @usableFromInline package let kind: ViewField
    /// Whether it reads `change.before` (the state before a guard's batch).
    @usableFromInline package let readsBefore: Bool

    init(which: String, tab: String?, field: String, argument: FlowValue?) {
      self.which = which
      self.tab = tab
      self.field = field
      self.argument = argument
      kind = ViewField(field)
      readsBefore = which == "before"
    }

    @usableFromInline
    package static func == (lhs: Read, rhs: Read) -> Bool {
      lhs === rhs
        || (lhs.which == rhs.which && lhs.tab.isLuaIdentical(to: rhs.tab) && lhs.field == rhs.field
          && lhs.argument.isLuaIdentical(to: rhs.argument))
    }
  }

  private let view: RuleScript.ViewAnswer
  private(set) var reads: [(read: Read, value: FlowValue)] = []

  init(_ view: @escaping RuleScript.ViewAnswer) {
    self.view = view
  }

  /// The view's value, recorded.
  func answer(_ which: String, _ tab: String?, _ field: String, _ argument: FlowValue?) throws -> FlowValue {
    let value = try view(which, tab, field, argument)
    reads.append((Read(which: which, tab: tab, field: field, argument: argument), value))
    return value
  }
}
