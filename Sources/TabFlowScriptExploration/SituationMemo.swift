import TabFlowCore
import TabFlowLua
import TabFlowNavigation

/// What an alphabet made for the situation of a state (``ScriptInputLines/Situation``), found by
/// the bits of the values the state holds the situation's parts in: its top screen's name, its
/// selected tab, its hidden tabs, its tab order, its context, and whether something is presented
/// over the tab bar. A state met again, or a state made from one by a step that left those parts
/// as they were (most steps: the values are shared by the copies), is answered without making,
/// hashing and comparing its situation (about 3,200 instructions a state on the demo).
///
/// Each entry keeps the values whose bits found it. While it holds a string's, a set's, an
/// array's or a dictionary's storage, no other value can take that storage's place in memory, so
/// the same bits are the same values (a small string is its bits). A state whose parts are other
/// values, equal to these, is answered the slow way and remembered too. Bounded: past
/// ``capacity`` entries the memo starts again empty. Used on one thread.
struct SituationMemo<Value> {
  typealias State = TabCoordinatorState<DynamicScreen>

  /// The parts of a state's situation, as the bits they are held in; hashed as one word folded
  /// from all of them (a hasher fed ten words cost more than the rest of a look-up).
  private struct Bits: Hashable {
    let top: Words
    let selected: Words
    let hidden: Words
    let order: Words
    let context: Words
    let overTabs: Bool

    func hash(into hasher: inout Hasher) {
      func fold(_ folded: UInt64, _ word: UInt64) -> UInt64 { (folded ^ word) &* 0x9E37_79B9_7F4A_7C15 }
      var folded = fold(overTabs ? 1 : 0, top.first)
      folded = fold(fold(fold(folded, top.second), selected.first), selected.second)
      folded = fold(fold(fold(folded, hidden.first), order.first), context.first)
      hasher.combine(folded)
    }
  }

  /// Up to sixteen bytes of a value, as two words (the second 0 for a one-word value).
  private struct Words: Hashable {
    let first: UInt64
    let second: UInt64

    /// The bits of `value`, which must be at most two words (strings, arrays, sets and
    /// dictionaries are); `nil` for a larger one.
    init?<Held>(of value: Held) {
      guard let words = withUnsafeBytes(of: value, { bytes -> (UInt64, UInt64)? in
        switch bytes.count {
        case 8: (bytes.loadUnaligned(as: UInt64.self), 0)
        case 16: (bytes.loadUnaligned(as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        default: nil
        }
      }) else { return nil }
      (first, second) = words
    }
  }

  /// The values an entry was found by, kept so that their storage stays theirs.
  private struct Kept {
    let top: String
    let selected: TabID
    let hidden: Set<TabID>
    let order: [TabID]
    let context: [String: FlowValue]
  }

  /// Each entry's position in ``values`` and ``kept``, by its bits.
  private var entries: [Bits: Int] = [:]
  private var values: [Value] = []
  private var kept: [Kept] = []

  /// How many entries the memo holds at most.
  static var capacity: Int { 1 << 16 }

  /// How many entries it holds.
  var count: Int { entries.count }

  /// Forgets every entry.
  mutating func removeAll() {
    entries.removeAll()
    values.removeAll()
    kept.removeAll()
  }

  /// What `make` makes for the situation of `state` — the user's tab order taking part only when
  /// `reorders` — remembered for the values `state` holds its parts in.
  mutating func value(for state: State, reorders: Bool, make: () -> Value) -> Value {
    let overTabs = state.isAppLayerPresented
    let top = overTabs ? state.storedAppLayer.top.screen.name : state.storedTabs[state.selectedIndex].stack.top.screen.name
    let order = reorders ? state.storedTabBar.order : []
    guard let bits = Self.bits(
      top: top, selected: state.storedSelectedTab, hidden: state.storedTabBar.hidden, order: order,
      context: state.context, overTabs: overTabs)
    else { return make() }
    if let known = entries[bits] { return values[known] }
    let value = make()
    if entries.count >= Self.capacity { removeAll() }
    entries[bits] = values.count
    values.append(value)
    kept.append(Kept(
      top: top, selected: state.storedSelectedTab, hidden: state.storedTabBar.hidden, order: order,
      context: state.context))
    return value
  }

  private static func bits(
    top: String, selected: TabID, hidden: Set<TabID>, order: [TabID], context: [String: FlowValue], overTabs: Bool
  ) -> Bits? {
    guard let top = Words(of: top), let selected = Words(of: selected), let hidden = Words(of: hidden),
      let order = Words(of: order), let context = Words(of: context)
    else { return nil }
    return Bits(top: top, selected: selected, hidden: hidden, order: order, context: context, overTabs: overTabs)
  }
}
