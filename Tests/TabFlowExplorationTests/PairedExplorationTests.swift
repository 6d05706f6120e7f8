import SwiftRulesShop
import TabFlowCore
import TabFlowExploration
import TabFlowNavigation
import Testing

/// Two versions of the Swift-rules shop explored in lockstep, as an app's test of a change would
/// explore them: no Lua, no flowscript.
@Suite("Exploring two versions of the Swift-rules shop in pairs")
struct PairedExplorationTests {
  typealias Step = PairedStep<ShopScreen>
  typealias Differences = PairedDifferences<ShopScreen, ShopAction, Step>

  static func alphabet() -> ExplorationAlphabet<ShopScreen, ShopAction> {
    ExplorationAlphabet(
      urls: ["shop://item/7", "shop://checkout", "shop://settings"],
      context: [(ShopApp.loggedInKey, [true, false])],
      screenActions: ShopApp.sampleActions(for:))
  }

  static func side<Rules: NavigationRules>(
    _ rules: Rules
  ) throws -> PairedSide<Rules, Step> where Rules.Screen == ShopScreen, Rules.ScreenAction == ShopAction {
    let alphabet = alphabet()
    return PairedSide(
      coordinator: ShopApp.coordinator(rules: rules), initialState: try ShopApp.initialState(), inputs: alphabet.inputs(for:))
  }

  /// The shop against the shop with the planted cover, to `depth`, on `jobs` threads: the report
  /// and the differences' labels.
  static func planted(depth: Int, jobs: Int) throws -> (PairedReport, [[String]]) {
    let differences = Differences { $0.agrees(with: $1) }
    let exploration = PairedExploration(
      old: try side(ShopRules()), new: try side(SwiftRulesShopExplorationTests.CoverInSheetRules()), depth: depth,
      analyses: [differences])
    let workers = exploration.workers(jobs: jobs, sliceSize: 3, parallelThreshold: 1) {
      (ShopApp.coordinator(), ShopApp.coordinator(rules: SwiftRulesShopExplorationTests.CoverInSheetRules()))
    }
    let report = exploration.run(keying: StateFingerprinter(), workers: workers)
    return (report, differences.differences.map(\.labels))
  }

  @Test("The shop against itself: no difference, and the pairs are the states one exploration reaches")
  func theShopAgainstItself() throws {
    let differences = Differences { $0.agrees(with: $1) }
    let report = PairedExploration(old: try Self.side(ShopRules()), new: try Self.side(ShopRules()), depth: 5, analyses: [differences]).run()
    let single = try SwiftRulesShopExplorationTests.exploration(ShopRules())
    var alone = single
    alone.depth = 5
    let explored = alone.run()
    #expect(differences.differences.isEmpty)
    #expect(report.differences == 0 && !report.truncated && !report.initialStatesDiffer)
    #expect(report.pairs == explored.states)
    #expect(report.levelsExplored == 5)
  }

  @Test("The planted cover is found at its shortest labels, the same on 1 and 3 threads")
  func thePlantedCoverIsFound() throws {
    let (report, labels) = try Self.planted(depth: 4, jobs: 1)
    #expect(report.differences == labels.count && !labels.isEmpty)
    #expect(labels.first == ["tap profile", "account: aboutTapped", "about: contactTapped"])
    // Every difference is the contact tapped in the about sheet, and nothing beyond it was explored.
    #expect(labels.allSatisfy { $0.last == "about: contactTapped" })
    let (threaded, threadedLabels) = try Self.planted(depth: 4, jobs: 3)
    #expect(threaded == report)
    #expect(threadedLabels == labels)
  }

  @Test("Cut at the pair limit: truncated, on any number of threads")
  func cutAtThePairLimit() throws {
    let differences = Differences { $0.agrees(with: $1) }
    var exploration = PairedExploration(
      old: try Self.side(ShopRules()), new: try Self.side(ShopRules()), depth: 5, analyses: [differences])
    exploration.maxPairs = 40
    let report = exploration.run()
    #expect(report.truncated && report.pairs == 40)
    let workers = exploration.workers(jobs: 2, sliceSize: 2, parallelThreshold: 1) { (ShopApp.coordinator(), ShopApp.coordinator()) }
    #expect(exploration.run(keying: StateFingerprinter(), workers: workers) == report)
  }

  @Test("Initial states that differ are explored no further")
  func initialStatesThatDiffer() throws {
    var new = try Self.side(ShopRules())
    var moved = new.initialState
    _ = new.coordinator.step(.tabTapped(moved.tabIDs[1]), state: &moved)
    new.initialState = moved
    let report = PairedExploration(old: try Self.side(ShopRules()), new: new, depth: 3, analyses: [Differences { $0.agrees(with: $1) }]).run()
    #expect(report.initialStatesDiffer && report.pairs == 0 && report.transitions == 0)
  }
}
