/// What the script's guards answered, remembered by what they read, so that a guard is not run
/// again on a change that looks the same to it.
///
/// Guards are pure (see docs/LUA-RULES.md): a guard's answer depends only on its change's source
/// and on the views it reads — `change.after.top`, `change.context`, `change.before:contains(…)`
/// and so on, each one a call to the host — because everything else it can reach is frozen. A
/// guard that read the same views with the same results in the same order answers the same. So
/// every successful guard call is recorded as the sequence of views it read and their values,
/// and the answers form a tree per guard and source: each node names the next view the guard
/// reads, each branch is one value of it, and a leaf holds the answer. Recalling walks the tree,
/// reading each view from the new change, until it reaches an answer or a value never seen.
///
/// Not remembered: a call that failed (an error, the budget, the memory cap) or that printed
/// (`print` is the one thing a guard does besides answering: a remembered call would not print
/// again). A reload starts with an empty memo: it belongs to one loaded script.
final class GuardMemo {
  /// One view a guard read: `(which, tab, field, argument)` as ``RuleScript/ViewAnswer`` takes it.
  struct Read: Hashable {
    let which: String
    let tab: String?
    let field: String
    let argument: FlowValue?
  }

  /// A guard's answer (`nil`: it allowed the change) and the instructions its call used, which
  /// recalling it charges to the running budget.
  struct Outcome {
    let refusal: RuleScript.GuardRefusal?
    let cost: Int
  }

  /// Records the views one guard call reads, passing each to the real view answer.
  final class Recording {
    private let view: RuleScript.ViewAnswer
    private(set) var reads: [(read: Read, value: FlowValue)] = []

    init(_ view: @escaping RuleScript.ViewAnswer) {
      self.view = view
    }

    func answer(_ which: String, _ tab: String?, _ field: String, _ argument: FlowValue?) throws -> FlowValue {
      let value = try view(which, tab, field, argument)
      reads.append((Read(which: which, tab: tab, field: field, argument: argument), value))
      return value
    }
  }

  private final class Node {
    /// The view the guard reads next, once a call got this far.
    var read: Read?
    var next: [FlowValue: Node] = [:]
    var outcome: Outcome?
  }

  private struct Key: Hashable {
    let guardIndex: Int
    let source: String
  }

  /// At most this many nodes are kept; past it the memo starts again empty.
  static let capacity = 50_000

  private var roots: [Key: Node] = [:]
  private(set) var nodeCount = 0

  /// The answer guard `index` gave on a change from `source` whose views, read through `view`,
  /// had the values they have now; `nil` when no remembered call read them so.
  func recall(guard index: Int, source: String, view: RuleScript.ViewAnswer) -> Outcome? {
    guard var node = roots[Key(guardIndex: index, source: source)] else { return nil }
    while true {
      if let outcome = node.outcome { return outcome }
      // A view that fails now (an unknown tab, the budget) is left to the real call to report.
      guard let read = node.read,
        let value = try? view(read.which, read.tab, read.field, read.argument),
        let next = node.next[value]
      else { return nil }
      node = next
    }
  }

  /// Remembers the answer of a guard call that read `reads`, in order.
  func remember(_ outcome: Outcome, guard index: Int, source: String, reads: [(read: Read, value: FlowValue)]) {
    if nodeCount + reads.count + 1 > Self.capacity {
      roots.removeAll()
      nodeCount = 0
    }
    let key = Key(guardIndex: index, source: source)
    var node: Node
    if let root = roots[key] {
      node = root
    } else {
      node = Node()
      roots[key] = node
      nodeCount += 1
    }
    for (read, value) in reads {
      // A pure guard reading the same values reads the same next view and answers at the same
      // point; a call that does not is not remembered.
      guard node.outcome == nil else { return }
      if let known = node.read {
        guard known == read else { return }
      } else {
        node.read = read
      }
      if let next = node.next[value] {
        node = next
      } else {
        let next = Node()
        node.next[value] = next
        nodeCount += 1
        node = next
      }
    }
    guard node.read == nil else { return }
    node.outcome = outcome
  }
}
