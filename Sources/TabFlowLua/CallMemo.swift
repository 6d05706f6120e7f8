import TabFlowCore
import TabFlowLuaBinding
import TabFlowNavigation

/// What a script's guards, deep-link handlers, invariants (and, when asked, rules) answered,
/// remembered by what they read, so that one is not run again on a change, a URL or a state that
/// looks the same to it.
///
/// Every comparison — of texts, of view values, of a view's argument — is by ``LuaIdentifiable``
/// identity, not Swift's `==`: `1` and `1.0`, `0` and `-0.0`, two spellings of `é` are different
/// keys, because a script can tell them apart.
///
/// Script calls are pure (see docs/LUA-RULES.md): an answer depends only on the call's text — a
/// guard's `change.source`, a handler's URL (its parameters come from it) — and
/// on the views the call reads — `change.after.top`, `nav.context`, `change.before:contains(…)`
/// and so on, each one a call to the host — because everything else it can reach is frozen. A
/// call that read the same views with the same results in the same order answers the same. So
/// every successful call is recorded as the sequence of views it read and their values, and the
/// answers form a tree per function and text: each node names the next view the call reads, each
/// branch is one value of it, and a leaf holds the answer. Recalling walks the tree, reading each
/// view from the new state, until it reaches an answer or a value never seen.
///
/// Not remembered: a call that failed (an error, the budget, the memory cap) or that printed
/// (`print` is the one thing a call does besides answering: a remembered call would not print
/// again). A reload starts with empty memos: they belong to one loaded script.
///
/// The text is what the call is keyed by besides its views: a handler's URL; a guard's — or all
/// guards' together — batch source (whose text `change.source` is made from it, so equal sources
/// are equal texts); a rule's tab, payload and event (`RuleScript.RuleCall`); nothing for an
/// invariant, whose whole input is the state it reads.
///
/// Bounded: every node costs one plus the values its branch holds (a `stack` view of a deep
/// stack holds all its routes), and past ``capacity`` of them the memo starts again empty; a
/// call whose reads alone would exceed a tenth of it is not remembered.
final class CallMemo<Answer, Text: LuaIdentifiable> {
  /// The answer and the instructions its call used, which recalling it charges to the running
  /// budget.
  struct Outcome {
    let answer: Answer
    let cost: Int
  }

  /// One point of a tree: the view a call reads there, or the answer it gave there. What a
  /// node is does not change once it is made — a pure call that got this far reads the same
  /// next view — so a walk reads it in place (``recall(_:text:views:)``), copying nothing.
  private final class Node {
    /// The view the call reads next; `nil` where it answered.
    let read: ViewRead?
    /// The answer, where the call answered (``read`` is `nil`).
    let outcome: Outcome?
    // Read and written one at a time, on the script's actor: no run-time exclusivity checks.
    /// The next nodes by the value the read gave. While they are few they are compared in turn,
    /// `values[i]` leading to `nodes[i]` (`count` of them): a view read again usually gives a
    /// value with the remembered one's bits (the same small screen name, the same context
    /// dictionary), which ``sameBits(_:_:)`` finds without a call; the values are compared in
    /// full only when none has the bits. Past ``scanLimit`` they are hashed by their values'
    /// digest (``/TabFlowNavigation/FlowValue/luaIdentityDigest``): a look-up tells values apart
    /// by it, and compares only the values of the digest found (two stacks of routes read in
    /// full).
    ///
    /// Kept in buffers of their own, the nodes retained by hand (released in `deinit`): a walk
    /// reads them where they are, with no array to retain and release at every node it passes.
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var values: UnsafeMutablePointer<FlowValue>?
    @exclusivity(unchecked) private var nodes: UnsafeMutablePointer<Unmanaged<Node>>?
    @exclusivity(unchecked) private var isHashed = false
    /// The branch ``next(for:)`` found last, compared first: a view read again after a like
    /// batch often gives the value it gave then (the screen a tap on a tab shows).
    @exclusivity(unchecked) private var lastFound = 0
    @exclusivity(unchecked) private var hashed: [UInt64: [(value: FlowValue, node: Node)]] = [:]

    static var scanLimit: Int { 16 }

    /// A node reading `read` next.
    init(reading read: ViewRead) {
      self.read = read
      outcome = nil
    }

    /// A node where the call answered `outcome`.
    init(answering outcome: Outcome) {
      read = nil
      self.outcome = outcome
    }

    deinit {
      if let values {
        values.deinitialize(count: count)
        values.deallocate()
      }
      if let nodes {
        for index in 0..<count { nodes[index].release() }
        nodes.deallocate()
      }
    }

    /// The node the branch for `value` leads to, unretained: the tree keeps it (a walk that
    /// holds no node of its own retains none).
    @inline(__always)
    func next(for value: FlowValue) -> Unmanaged<Node>? {
      if isHashed { return hashedNext(for: value) }
      guard let values, let nodes else { return nil }
      let count = self.count
      let last = lastFound
      // Compared where the buffer holds them: no value is copied out to be compared. No two
      // branches hold identical values, so the branch found is the one wherever the scan starts.
      let found = withUnsafeBytes(of: value) { wanted -> Int? in
        guard let wanted = wanted.baseAddress else { return nil }
        if last < count, CallMemo.sameBits(UnsafeRawPointer(values + last), wanted) { return last }
        var index = 0
        while index < count {
          if CallMemo.sameBits(UnsafeRawPointer(values + index), wanted) { return index }
          index += 1
        }
        return nil
      }
      guard let found = found ?? (0..<count).first(where: { values[$0].isLuaIdentical(to: value) }) else {
        return nil
      }
      lastFound = found
      return nodes[found]
    }

    /// ``next(for:)`` among the hashed branches.
    @inline(never)
    private func hashedNext(for value: FlowValue) -> Unmanaged<Node>? {
      guard let found = hashed[value.luaIdentityDigest]?.first(where: { $0.value.isLuaIdentical(to: value) })
      else { return nil }
      return Unmanaged.passUnretained(found.node)
    }

    /// The node the branch for the stack `key` stands for leads to: the one ``next(for:)``
    /// finds for the view itself.
    func next(for key: StackViewKey) -> Node? {
      if isHashed {
        guard let found = hashed[key.digest] else { return nil }
        return found.first { key.matches($0.value) }?.node
      }
      guard let values, let nodes else { return nil }
      return (0..<count).first { key.matches(values[$0]) }.map { nodes[$0].takeUnretainedValue() }
    }

    /// Adds the branch for `value` (which has none yet).
    func add(_ node: Node, for value: FlowValue) {
      if isHashed {
        hashed[value.luaIdentityDigest, default: []].append((value, node))
        return
      }
      if count == Self.scanLimit, let values, let nodes {
        // One more than the scan takes: the branches are hashed from now on.
        var grouped: [UInt64: [(value: FlowValue, node: Node)]] = [:]
        for index in 0..<count {
          grouped[values[index].luaIdentityDigest, default: []].append((values[index], nodes[index].takeUnretainedValue()))
        }
        grouped[value.luaIdentityDigest, default: []].append((value, node))
        hashed = grouped
        isHashed = true
        values.deinitialize(count: count)
        values.deallocate()
        for index in 0..<count { nodes[index].release() }
        nodes.deallocate()
        self.values = nil
        self.nodes = nil
        count = 0
        return
      }
      if values == nil {
        values = .allocate(capacity: Self.scanLimit)
        nodes = .allocate(capacity: Self.scanLimit)
      }
      guard let values, let nodes else { return }
      (values + count).initialize(to: value)
      (nodes + count).initialize(to: Unmanaged.passRetained(node))
      count += 1
    }
  }

  /// The trees of one text, by function number.
  private final class Roots {
    @exclusivity(unchecked) var byIndex: [Node?] = []

    /// The tree of function `index`, unretained: this keeps it.
    @inline(__always)
    func unretained(_ index: Int) -> Unmanaged<Node>? {
      byIndex.withUnsafeBufferPointer { trees in
        guard index < trees.count, let tree = trees[index] else { return nil }
        return Unmanaged.passUnretained(tree)
      }
    }

    subscript(index: Int) -> Node? {
      get { byIndex.indices.contains(index) ? byIndex[index] : nil }
      set {
        if byIndex.count <= index { byIndex += Array(repeating: nil, count: index + 1 - byIndex.count) }
        byIndex[index] = newValue
      }
    }
  }

  /// At most this much is kept (nodes and the values on their branches; see ``weight(of:)``).
  static var capacity: Int { 100_000 }

  // Used one call at a time, on the script's actor: no run-time exclusivity checks.
  /// The trees of each text, by the text's ``LuaIdentifiable/luaIdentityDigest``: a look-up
  /// compares only the texts of the digest found.
  @exclusivity(unchecked) private var roots: [UInt64: [Entry]] = [:]
  /// The texts recalled or remembered last, with their trees, each in the slot a hash of its
  /// bits picks (``recentCount`` of them): a look-up hashes the text's bits — a few words, not
  /// its bytes — and compares them with the bits of the one text of its slot
  /// (``recentBits``), without digesting the text or comparing it in full. A checker tries the
  /// same few dozen sources from every state, each usually the very value it tried before; a
  /// text whose slot holds other bits is found by its digest in ``roots`` and takes the slot.
  @exclusivity(unchecked) private var recentTexts = [Text?](repeating: nil, count: recentCount)
  /// Their trees, unretained: ``roots`` keeps them (and empties this when it lets them go).
  @exclusivity(unchecked) private var recentRoots = [Unmanaged<Roots>?](repeating: nil, count: recentCount)
  /// The bits of each slot's text in ``recentTexts`` (which keeps what they refer to alive),
  /// `MemoryLayout<Text>.size` bytes a slot: two texts with the same bits are the same text.
  private let recentBits = UnsafeMutableRawBufferPointer.allocate(
    byteCount: recentCount * MemoryLayout<Text>.size, alignment: MemoryLayout<UInt64>.alignment)
  /// How many slots ``recentTexts`` has (a power of two).
  static var recentCount: Int { 256 }

  init() {
    recentBits.initializeMemory(as: UInt8.self, repeating: 0)
  }

  deinit {
    recentBits.deallocate()
  }

  /// A text and its trees.
  private typealias Entry = (text: Text, roots: Roots)
  /// What the nodes kept cost, counted as ``capacity`` counts.
  @exclusivity(unchecked) private(set) var nodeCount = 0

  /// The answer function number `index` gave for `text` when the views it read, each read
  /// again through `views` — the reader a running call would read them through — had the
  /// values they have now; `nil` when no remembered call read them so, or when a view fails now
  /// (an unknown tab, the budget): that is left to the real call to report.
  func recall(_ index: Int, text: Text, views: ViewReader) -> Outcome? {
    // The tree keeps every node it reaches alive (the reader cannot change the memo): each is
    // read where it is, none retained.
    guard let trees = roots(of: text, making: false),
      var node = trees._withUnsafeGuaranteedRef({ $0.unretained(index) })
    else { return nil }
    while true {
      if let outcome = node._withUnsafeGuaranteedRef({ $0.outcome }) { return outcome }
      let next = node._withUnsafeGuaranteedRef { node -> Unmanaged<Node>? in
        guard let read = node.read, let value = try? views(read) else { return nil }
        return node.next(for: value)
      }
      guard let next else { return nil }
      node = next
    }
  }

  /// ``recall(_:text:views:)``, a `nav.stack` read found by its ``StackViewKey`` from `keys`
  /// (`nil` for another view, read through `views`) rather than by making the view: the same
  /// answer, found without making the stacks. Each view read is passed to `noting`.
  func recall(
    _ index: Int, text: Text, views: ViewReader, keys: (ViewRead) throws(ScriptError) -> StackViewKey?,
    noting: (ViewRead) -> Void
  ) -> Outcome? {
    guard var node = roots(of: text, making: false)?.takeUnretainedValue()[index] else { return nil }
    while true {
      guard let read = node.read else { return node.outcome }
      noting(read)
      let next: Node?
      do {
        if let key = try keys(read) {
          next = node.next(for: key)
        } else {
          next = node.next(for: try views(read))?.takeUnretainedValue()
        }
      } catch {
        return nil
      }
      guard let next else { return nil }
      node = next
    }
  }

  /// Remembers the answer of a call of function `index` for `text` that read `reads`, in order.
  func remember(_ outcome: Outcome, _ index: Int, text: Text, reads: [(read: ViewRead, value: FlowValue)]) {
    let limit = Self.capacity / 10
    var cost = 1
    for (_, value) in reads {
      cost += Self.weight(of: value, limit: limit)
      guard cost <= limit else { return }
    }
    if nodeCount + cost > Self.capacity {
      roots.removeAll()
      recentTexts = [Text?](repeating: nil, count: Self.recentCount)
      recentRoots = [Unmanaged<Roots>?](repeating: nil, count: Self.recentCount)
      nodeCount = 0
    }
    guard let trees = roots(of: text, making: true)?.takeUnretainedValue() else { return }
    // A new node reads what the call read next there, or holds its answer.
    func made(at position: Int) -> Node {
      position < reads.count ? Node(reading: reads[position].read) : Node(answering: outcome)
    }
    var node: Node
    if let root = trees[index] {
      node = root
    } else {
      node = made(at: 0)
      trees[index] = node
      nodeCount += 1
    }
    for (position, (read, value)) in reads.enumerated() {
      // A pure call reading the same values reads the same next view and answers at the same
      // point; a call that does not is not remembered.
      guard let known = node.read, known == read else { return }
      if let next = node.next(for: value) {
        node = next.takeUnretainedValue()
      } else {
        let next = made(at: position + 1)
        node.add(next, for: value)
        nodeCount += Self.weight(of: value, limit: limit)
        node = next
      }
    }
    // A node made here holds the call's answer; a known one holds the answer a pure call gives
    // there, or reads on (a call that answered there is not remembered).
  }

  /// The trees of `text` (made when `making` and there are none yet), unretained: the memo
  /// keeps them until it next remembers a call.
  private func roots(of text: Text, making: Bool) -> Unmanaged<Roots>? {
    let size = MemoryLayout<Text>.size
    // The slot its bits pick, and whether the slot's text has them: read where they are, no
    // text copied.
    let (slot, recalled) = withUnsafeBytes(of: text) { bits -> (Int, Bool) in
      // The size taken here, a constant in the closure, so the loops over the text's words
      // unroll: a size the closure (not inlined) captured is a variable to it.
      let size = MemoryLayout<Text>.size
      guard let wanted = bits.baseAddress, let kept = recentBits.baseAddress else { return (0, false) }
      let slot = Self.slot(ofBits: wanted, size: size)
      return (slot, TabFlowCore.sameBits(kept + slot * size, wanted, size: size))
    }
    if recalled, let found = recentRoots[slot] { return found }
    // Past the recent texts, the digest finds the texts to compare: no `Hasher` reads the text.
    let digest = text.luaIdentityDigest
    var found = roots[digest]?.first { $0.text.isLuaIdentical(to: text) }.map { Unmanaged.passUnretained($0.roots) }
    if found == nil, making {
      let made = Roots()
      roots[digest, default: []].append((text, made))
      found = Unmanaged.passUnretained(made)
    }
    if let found {
      recentTexts[slot] = text
      recentRoots[slot] = found
      withUnsafeBytes(of: text) { bits in
        guard let wanted = bits.baseAddress, let kept = recentBits.baseAddress else { return }
        (kept + slot * size).copyMemory(from: wanted, byteCount: size)
      }
    }
    return found
  }

  /// The slot of ``recentTexts`` the `size` bytes at `bits` pick: each word folded in with one
  /// multiplication (the last bytes as one word), the high bits folded down. Only a slot, whose
  /// text's bits are compared in full: cheaper than ``/TabFlowNavigation/bitsHash(_:size:)``,
  /// which mixes every word, and spreading the texts of a script (a few dozen) as well.
  @inline(__always)
  static func slot(ofBits bits: UnsafeRawPointer, size: Int) -> Int {
    var hash: UInt64 = 0
    var offset = 0
    while offset + 8 <= size {
      hash = (hash ^ bits.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
      offset += 8
    }
    var rest: UInt64 = 0
    while offset < size {
      rest = rest << 8 | UInt64(bits.load(fromByteOffset: offset, as: UInt8.self))
      offset += 1
    }
    hash = (hash ^ rest) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: hash >> 32 ^ hash >> 48) & (recentCount - 1)
  }

  /// Whether the values at `lhs` and `rhs` have the same bits — every byte of their size — and
  /// so are the same value: a value's bits are all it holds (a string's bytes or storage, a
  /// table's storage, a number's bits, the case), so two with the same bits are identical
  /// (``/TabFlowNavigation/FlowValue/isLuaIdentical(to:)``). Two with different bits may still
  /// be identical (the same text in storage of its own): `false` says nothing.
  @inline(__always)
  static func sameBits(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
    TabFlowCore.sameBits(lhs, rhs, size: MemoryLayout<FlowValue>.size)
  }

  /// What a node whose branch holds `value` costs: one, plus one per element of every array and
  /// table in it (counting stops past `limit`).
  static func weight(of value: FlowValue, limit: Int) -> Int {
    var weight = 1
    var pending = [value]
    while let next = pending.popLast(), weight <= limit {
      switch next {
      case let .array(items):
        weight += items.count
        pending += items
      case let .object(fields):
        weight += fields.count
        pending += fields.values
      default:
        break
      }
    }
    return weight
  }
}
