import TabFlowCore
import TabFlowLua

/// What `check`'s analyses keep of each state an exploration reached, by its index (the order
/// states were first reached in): a few bits, the screen the user sees in it once it was explored, and the
/// user's own moves between states (back, and a tab tap while the tab bar shows), from which the
/// traps and the covers without a way back are found once the exploration ends.
package struct ExploredStates {
  /// A state's index.
  package typealias Index = Int32

  /// What is known of a state.
  package struct Marks: OptionSet {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Its inputs were all tried.
    package static let expanded = Marks(rawValue: 1)
    /// It shows a tab's root with nothing presented.
    package static let atRoot = Marks(rawValue: 2)
    /// A guard asked about a back or tab tap from it: the user may confirm, a way out.
    package static let asked = Marks(rawValue: 4)
    /// Its top is a cover.
    package static let cover = Marks(rawValue: 8)
    /// One of its actions (not back or a tap) leaves the cover.
    package static let wayBack = Marks(rawValue: 16)
  }

  private var marks: [Marks] = []
  /// The screen shown in each explored state, as a number in `screenNames` (-1: not explored).
  private var screens: [Int32] = []
  private var screenNames: [String] = []
  private var screenNumbers: [String: Int32] = [:]
  /// The numbers of the screens named lately, found by the bits of their names before any name
  /// is hashed (a screen's name is a small string, or storage its declaration's screens share).
  /// Shared by copies: a number found is taken only when `screenNames` holds that name there.
  private let recentNumbers = RecentByBits<String, Int32>(slotBits: 6)
  /// The user's moves, as parallel lists of the states they lead from and to.
  private var movesFrom: [Index] = []
  private var movesTo: [Index] = []

  /// No state yet.
  package init() {}

  /// The routes the user has above the tab bar's root: the selected tab's, and the app layer's
  /// over it (a cover's action that lowers it is its way back).
  package static func visibleDepth(_ state: TabCoordinatorState<DynamicScreen>) -> Int {
    // Read in place: `selectedStack` copies the stack.
    state.storedTabs[state.selectedIndex].stack.storedRoutes.count
      + (state.isAppLayerPresented ? state.storedAppLayer.storedRoutes.count - 1 : 0)
  }

  /// Makes room for the state just reached.
  package mutating func append() {
    marks.append([])
    screens.append(-1)
  }

  package mutating func mark(_ index: Index, _ mark: Marks) {
    marks[Int(index)].insert(mark)
  }

  /// Notes that state `index` was explored, showing `screen` (a cover when `cover`).
  package mutating func expand(_ index: Index, screen: String, cover: Bool) {
    let number: Int32
    if let recent = recentNumbers.value(for: screen), Int(recent) < screenNames.count,
      screenNames[Int(recent)] == screen
    {
      number = recent
    } else if let known = screenNumbers[screen] {
      number = known
      recentNumbers.remember(known, for: screen)
    } else {
      number = Int32(screenNames.count)
      screenNames.append(screen)
      screenNumbers[screen] = number
      recentNumbers.remember(number, for: screen)
    }
    screens[Int(index)] = number
    marks[Int(index)].insert(cover ? [.expanded, .cover] : .expanded)
  }

  /// Notes a back or tab tap that led from `from` to `to`.
  package mutating func addMove(from: Index, to: Index) {
    movesFrom.append(from)
    movesTo.append(to)
  }

  /// The traps among the states whose every move was tried: states from which back and tab taps
  /// (a tab bar shows only while nothing is presented) reach no state at a tab's root — every
  /// such move redirected back or changing nothing. A move a guard asked about counts as a way
  /// out: the user is asked and may confirm it. One finding per top screen, with the shortest
  /// lines to it (the fewest, then the first in order), by screen name; `depth` and `lines` tell
  /// a state's number of lines and its lines.
  package func traps(depth: (Int) -> Int, lines: (Int) -> [String]) -> [(screen: String, index: Int, lines: [String])] {
    let count = marks.count
    // The moves into each state, as one list cut by offsets.
    var offsets = [Int](repeating: 0, count: count + 1)
    for target in movesTo { offsets[Int(target) + 1] += 1 }
    for index in 0..<count { offsets[index + 1] += offsets[index] }
    var filled = offsets
    var sources = [Index](repeating: 0, count: movesTo.count)
    for (from, target) in zip(movesFrom, movesTo) {
      sources[filled[Int(target)]] = from
      filled[Int(target)] += 1
    }
    // A state whose moves were not tried (the last level) may lead anywhere: not a trap's proof.
    var escapes = marks.map { !$0.isDisjoint(with: [.atRoot, .asked]) }
    for target in movesTo where !marks[Int(target)].contains(.expanded) { escapes[Int(target)] = true }
    var queue = escapes.indices.filter { escapes[$0] }
    while let index = queue.popLast() {
      for from in sources[offsets[index]..<offsets[index + 1]] where !escapes[Int(from)] {
        escapes[Int(from)] = true
        queue.append(Int(from))
      }
    }
    let trapped = marks.indices.filter { marks[$0].contains(.expanded) && !escapes[$0] }
    return shortest(among: trapped, depth: depth, lines: lines).sorted { $0.screen < $1.screen }
  }

  /// What a trap on `screen` says.
  package static func trapMessage(screen: String) -> String {
    "the user is stuck on \(screen): no back or tab tap leads to a tab's root from here (each is "
      + "redirected back or changes nothing)"
  }

  /// The covers explored whose actions never lead back, one per screen with the shortest lines
  /// to it; none explored only at the last level (`depth`), whose actions were not tried.
  package func coversWithoutWayBack(
    depth: Int, depthOf: (Int) -> Int, lines: (Int) -> [String]
  ) -> [(screen: String, index: Int, lines: [String])] {
    let covers = marks.indices.filter { marks[$0].contains([.expanded, .cover]) && !marks[$0].contains(.wayBack) }
    return shortest(among: covers, depth: depthOf, lines: lines)
      .sorted { Self.precedes($0.lines, $1.lines) }
      .filter { $0.lines.count < depth }
  }

  /// For each screen shown in one of `states`, the shortest lines to one of them: the fewest
  /// lines, then the first in order. Only the states at the least depth have their lines built.
  private func shortest(
    among states: [Int], depth depthOf: (Int) -> Int, lines linesTo: (Int) -> [String]
  ) -> [(screen: String, index: Int, lines: [String])] {
    var least: [Int32: Int] = [:]
    for index in states {
      let depth = depthOf(index)
      least[screens[index]] = min(least[screens[index]] ?? depth, depth)
    }
    var found: [Int32: (index: Int, lines: [String])] = [:]
    for index in states where depthOf(index) == least[screens[index]] {
      let lines = linesTo(index)
      if let known = found[screens[index]], !Self.precedes(lines, known.lines) { continue }
      found[screens[index]] = (index, lines)
    }
    return found.map { (screenNames[Int($0.key)], $0.value.index, $0.value.lines) }
  }

  /// Whether `lines` come before `other`: fewer lines, or as many and first in order.
  private static func precedes(_ lines: [String], _ other: [String]) -> Bool {
    lines.count < other.count || (lines.count == other.count && lines.lexicographicallyPrecedes(other))
  }
}
