/// Records the `nav` views one script call reads, in order, passing each to the real view
/// answer: what ``CallMemo`` remembers a call's answer by.
final class ViewRecording {
  /// One view read: `(which, tab, field, argument)` as ``RuleScript/ViewAnswer`` takes it.
  struct Read: Hashable {
    let which: String
    let tab: String?
    let field: String
    let argument: FlowValue?
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
