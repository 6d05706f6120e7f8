import TabFlowLua
import TabFlowNavigation
@testable import TabFlowScriptExploration
import TestSupport
import Testing

/// `RecentByBits`, which `check`'s link round trips and payload fields ask before their own
/// tables: against a dictionary of what was remembered, over random keys — small names, long ones
/// sharing their storage and long ones rebuilt (equal text, storage of its own), screens with
/// states — more keys than slots: a value found is always the one remembered for an equal key,
/// and a key just remembered is found.
@Suite struct RecentByBitsTests {
  /// A long text in storage of its own each time (not a literal's shared storage).
  static func rebuilt(_ text: String) -> String {
    String(decoding: Array(text.utf8), as: UTF8.self)
  }

  static let names = ["feed", "item", "checkout", "a screen whose name is far too long to be small", ""]

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func aFoundNameIsTheOneRememberedForIt(seed: UInt64) {
    var choices = SeededChoices(seed: seed)
    let recent = RecentByBits<String, Int>(slotBits: 3)
    var remembered: [String: Int] = [:]
    let shared = Self.names.map { $0 + " shared" }
    for round in 0..<2_000 {
      let name =
        switch choices.next(3) {
        case 0: choices.pick(Self.names)
        case 1: choices.pick(shared)
        default: Self.rebuilt(choices.pick(Self.names + shared) + (choices.next(2) == 0 ? "" : " \(choices.next(40))"))
        }
      if let found = recent.value(for: name) {
        #expect(remembered[name] == found, "\(name)")
      } else if choices.next(2) == 0 {
        // The value a key is given once, like a screen's URL or a name's first state.
        let value = remembered[name] ?? round
        remembered[name] = value
        recent.remember(value, for: name)
        #expect(recent.value(for: name) == value)
      }
    }
  }

  @Test(arguments: [5, 6] as [UInt64])
  func aFoundScreenIsTheOneRememberedForIt(seed: UInt64) {
    var choices = SeededChoices(seed: seed)
    let recent = RecentByBits<DynamicScreen, String?>(slotBits: 2)
    var remembered: [DynamicScreen: String?] = [:]
    var kept: [DynamicScreen] = []
    for _ in 0..<2_000 {
      let screen: DynamicScreen
      if !kept.isEmpty, choices.next(2) == 0 {
        // The very screen again (its storage shared), as a state reached shows one met before.
        screen = choices.pick(kept)
      } else {
        let state: [String: FlowValue] = choices.next(2) == 0 ? [:] : ["id": .int(choices.next(4))]
        screen = DynamicScreen(choices.pick(Self.names), state: state)
        kept.append(screen)
      }
      if let found = recent.value(for: screen) {
        #expect(remembered[screen] == .some(found), "\(screen)")
      } else {
        let url: String? = screen.state.isEmpty ? nil : "shop://\(screen.name)/\(screen.state.count)"
        let value = remembered[screen] ?? url
        remembered[screen] = value
        recent.remember(value, for: screen)
        #expect(recent.value(for: screen) == .some(value))
      }
    }
  }
}
