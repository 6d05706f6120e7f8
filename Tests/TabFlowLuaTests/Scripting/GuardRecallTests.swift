@testable import TabFlowCore
@testable import TabFlowLua
@testable import TabFlowLuaBinding
@testable import TabFlowNavigation
import TestSupport
import Testing

/// The guards' recall: the reader the guards' views are read through once `change.before` is
/// held reads every view as the change itself does, and a memo's tree — its branches kept in
/// buffers of their own, the one found last compared first — finds the branch of every value
/// and lets its answers go with it.
@Suite struct GuardRecallTests {
  static let rules = """
    tab "home" { root = "feed" }
    tab "profile" { root = "item" }
    screen "feed" {}
    screen "item" {}
    screen "review" {}
    """

  /// A state of two tabs with seeded stacks, `home` or `profile` selected, a seeded context.
  static func state(_ choices: inout SeededChoices) throws -> TabCoordinatorState<DynamicScreen> {
    var state = try TabCoordinatorState(tabs: [
      TabDefinition("home", root: DynamicScreen("feed")), TabDefinition("profile", root: DynamicScreen("item")),
    ])
    for tab in ["home", "profile"] {
      for _ in 0..<choices.next(3) {
        let screen = DynamicScreen(choices.pick(["item", "review", "feed"]), state: choices.next(2) == 0 ? [:] : ["id": .int(choices.next(5))])
        try state.apply([.tab(TabID(tab), .push(screen))])
      }
    }
    if choices.next(2) == 0 { try state.apply([.selectTab("profile")]) }
    if choices.next(2) == 0 { state.context["loggedIn"] = .bool(choices.next(2) == 0) }
    return state
  }

  /// Every read a guard can make of a change: each view of `before` and `after`, of the
  /// selected tab and of each tab by name, and `change.commands`.
  static var reads: [ViewRead] {
    var reads: [ViewRead] = [ViewRead(.current, .commands)]
    for side in [ViewRead.Side.before, .after] {
      for tab in [nil, "home", "profile"] as [String?] {
        for field in [ViewField.top, .depth, .tab, .context, .stack] { reads.append(ViewRead(side, tab: tab, field)) }
        for name in ["review", "feed", "nothing"] {
          reads.append(ViewRead(side, tab: tab, .contains, argument: .string(name)))
        }
      }
    }
    return reads
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func theGuardsReaderReadsAsTheChangeDoesBeforeHeldOrNot(seed: UInt64) throws {
    let rules = try ScriptedRules<DynamicScreen, DynamicAction>(source: Self.rules)
    let vm = rules.script.vm
    var choices = SeededChoices(seed: seed)
    for _ in 0..<60 {
      let before = try Self.state(&choices)
      let after = try Self.state(&choices)
      let commands: [NavigationCommand<DynamicScreen>] = choices.next(2) == 0 ? [] : [.push(DynamicScreen("item")), .pop(count: 1)]
      // `before` held (kept from before the batch), and not yet made (rebuilt from an empty
      // journal: `after` itself).
      let held = NavigationChange(
        after: after, commands: commands, source: .host, confirmedGuards: [], journal: UndoJournal(), kept: before)
      let unmade = NavigationChange(after: after, commands: commands, source: .host, confirmedGuards: [], journal: UndoJournal())
      for change in [held, unmade] {
        for read in Self.reads {
          vm.context.pointee.instructionsLeft = 1_000_000
          let expected = Result { () throws(ScriptError) in try change.value(of: read, codec: .dynamic, vm: vm) }
          let bound = rules.withBoundViews(of: change) { views in Result { () throws(ScriptError) in try views(read) } }
          switch (expected, bound) {
          case let (.success(lhs), .success(rhs)): #expect(lhs.isLuaIdentical(to: rhs), "\(read)")
          case (.failure, .failure): break
          default: Issue.record("\(read): \(expected) \(bound)")
          }
        }
      }
    }
  }

  /// An answer that says when it is let go.
  final class Token {
    let freed: () -> Void
    init(_ freed: @escaping () -> Void) { self.freed = freed }
    deinit { freed() }
  }

  /// Up to and past the branches a node scans: every branch found by its value — again and
  /// again, so the one found last is compared first — none for a value never read, and every
  /// answer let go with the memo.
  // Fewer branches than a node scans, as many (16), and more: hashed.
  @Test(arguments: [3, 16, 21])
  func everyBranchIsFoundAndLetGoWithTheMemo(branches: Int) {
    var freed = 0
    var memo: CallMemo<Token, String>? = CallMemo<Token, String>()
    let read = ViewRead(.after, .top)
    for index in 0..<branches {
      memo?.remember(
        .init(answer: Token { freed += 1 }, cost: index), 0, text: "tab tap home", reads: [(read, .string("screen \(index)"))])
    }
    for round in 0..<3 {
      for index in (0..<branches).reversed() where index % (round + 1) == 0 {
        let found = memo?.recall(0, text: "tab tap home") { _ in .string(MemoBranchMatchingTests.rebuilt("screen \(index)")) }
        #expect(found?.cost == index)
        let again = memo?.recall(0, text: "tab tap home") { _ in .string("screen \(index)") }
        #expect(again?.cost == index)
      }
      #expect(memo?.recall(0, text: "tab tap home") { _ in .string("screen \(branches)") } == nil)
      #expect(memo?.recall(0, text: "tab tap home") { _ in .int(0) } == nil)
    }
    #expect(freed == 0)
    memo = nil
    #expect(freed == branches)
  }
}
