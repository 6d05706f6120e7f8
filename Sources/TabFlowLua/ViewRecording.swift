import TabFlowLuaBinding
import TabFlowNavigation

/// Records the `nav` views one script call reads, in order, passing each to the real reader:
/// what ``CallMemo`` remembers a call's answer by.
final class ViewRecording {
  private let reader: ViewReader
  /// Whether a view read again is recorded once (the reads of several calls together).
  private let once: Bool
  private(set) var reads: [(read: ViewRead, value: FlowValue)] = []

  init(_ reader: @escaping ViewReader, once: Bool = false) {
    self.reader = reader
    self.once = once
  }

  /// The view's value, recorded.
  func answer(_ read: ViewRead) throws(ScriptError) -> FlowValue {
    let value = try reader(read)
    if !once || !reads.contains(where: { $0.read == read }) { reads.append((read, value)) }
    return value
  }
}
