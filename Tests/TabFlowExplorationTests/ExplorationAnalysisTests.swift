import TabFlowCore
import TabFlowExploration
import TabFlowNavigation
import Testing

@Suite("Exploration analyses")
struct ExplorationAnalysisTests {
  @Test("Rule errors and invalid commands are failed batches; back at a root is not")
  func failedBatches() throws {
    let report = try TinyApp.exploration(taps: false) { screen in
      screen == .home ? [("fail", .fail), ("invalid", .invalid), ("push 1", .push(1))] : []
    }.run()
    #expect(report.outcome == .failed)
    #expect(report.problems.map(\.kind) == [.failedBatch, .failedBatch])
    #expect(report.problems[0].message == "rule error: action in home: the rule broke")
    #expect(report.problems[0].reproduction.labels == ["home: fail"])
    #expect(report.problems[1].message.hasPrefix("invalid command: action in home: command 1 (pop 9) failed"))
    #expect(report.problems[1].reproduction.labels == ["home: invalid"])
    let clean = try TinyApp.exploration(taps: false) { screen in
      screen == .home ? [("push 1", .push(1))] : []
    }.run()
    #expect(clean.findings.isEmpty, "back at the root fails, as the user's input: no finding")
    #expect(clean.outcome == .passed)
  }

  @Test("Redirect loops are failed batches")
  func redirectLoop() throws {
    let loop = NavigationGuard<TinyScreen>("loop") { change in
      switch change.after.top.screen {
      case .page(1): .redirect([.push(.page(2))], reason: "one is two")
      case .page(2): .redirect([.push(.page(1))], reason: "two is one")
      default: .allow
      }
    }
    let report = try TinyApp.exploration(guards: [loop], oneTab: true, taps: false) { screen in
      screen == .home ? [("push 1", .push(1))] : []
    }.run()
    #expect(report.problems.count == 1)
    #expect(report.problems.first?.message.hasPrefix("redirect loop: ") == true, "\(report.text)")
    #expect(report.problems.first?.reproduction.labels == ["home: push 1"])
  }

  @Test("Guard rejections are notes: the exploration still passes")
  func guardRejections() throws {
    let noFive = NavigationGuard<TinyScreen>("noFive") { change in
      change.after.top.screen == .page(5) ? .reject("not five") : .allow
    }
    let report = try TinyApp.exploration(guards: [noFive], taps: false) { screen in
      screen == .home ? [("push 5", .push(5)), ("push 1", .push(1))] : []
    }.run()
    #expect(report.outcome == .passed)
    #expect(report.notes.map(\.message) == ["action in home: rejected by guard 'noFive': not five"])
    #expect(report.notes.first?.kind == .guardRejection)
    #expect(report.notes.first?.reproduction.labels == ["home: push 5"])
  }

  /// A guard that keeps the user on the cover: back from it is rejected (or, `asking`, asked about).
  static func keepOnCover(asking: Bool) -> NavigationGuard<TinyScreen> {
    NavigationGuard("stay") { change in
      guard change.before.visibleTop.screen == .cover, change.after.visibleTop.screen != .cover else { return .allow }
      return asking ? .ask("leave?") : .reject("stay")
    }
  }

  static func coverActions(_ screen: TinyScreen) -> [(label: String, action: TinyAction)] {
    switch screen {
    case .home: [("push 1", .push(1)), ("cover", .presentCover)]
    case .page: [("cover", .presentCover)]
    default: []
    }
  }

  @Test("A cover no back or tab tap leaves is a trap, at its shortest reproduction")
  func trap() throws {
    let report = try TinyApp.exploration(guards: [Self.keepOnCover(asking: false)], actions: Self.coverActions).run()
    let traps = report.findings.filter { $0.kind == .trap }
    #expect(traps.count == 1, "one finding per screen, however many states show it")
    #expect(traps.first?.message.hasPrefix("the user is stuck on cover: ") == true)
    #expect(traps.first?.reproduction.labels == ["home: cover"])
    #expect(report.outcome == .failed)
  }

  @Test("No trap where back leaves, where a guard asks, or where tab taps lead out")
  func noFalseTrap() throws {
    let leaves = try TinyApp.exploration(actions: Self.coverActions).run()
    #expect(!leaves.findings.contains { $0.kind == .trap }, "\(leaves.text)")
    let asks = try TinyApp.exploration(guards: [Self.keepOnCover(asking: true)], actions: Self.coverActions).run()
    #expect(!asks.findings.contains { $0.kind == .trap }, "\(asks.text)")
    #expect(asks.notes.contains { $0.message.hasSuffix("(asks the user)") })
    // Back is rejected on page 1, but the tab bar shows: a tap on the other tab leads out.
    let noBack = NavigationGuard<TinyScreen>("noBack") { change in
      guard case .userBack = change.source, change.before.top.screen == .page(1) else { return .allow }
      return .reject("no back")
    }
    let taps = try TinyApp.exploration(guards: [noBack]) { screen in
      screen == .home ? [("push 1", .push(1))] : []
    }.run()
    #expect(!taps.findings.contains { $0.kind == .trap }, "\(taps.text)")
    // Without tab taps, page 1 is a trap: reselect and back are all the user has.
    let noTaps = try TinyApp.exploration(guards: [noBack], taps: false) { screen in
      screen == .home ? [("push 1", .push(1))] : []
    }.run()
    #expect(noTaps.findings.filter { $0.kind == .trap }.map(\.reproduction.labels) == [["home: push 1"]])
  }

  /// Home pushes page 1; a page presents the sheet.
  static func pageThenSheet(_ screen: TinyScreen) -> [(label: String, action: TinyAction)] {
    switch screen {
    case .home: [("push 1", .push(1))]
    case .page: [("sheet", .presentSheet)]
    default: []
    }
  }

  @Test("Expected screens never shown are reported; shown ones are not")
  func unreachedScreens() throws {
    let report = try TinyApp.exploration(expectedScreens: ["home", "other", "page", "sheet"]) { screen in
      screen == .home ? [("push 1", .push(1))] : []
    }.run()
    #expect(report.problems.map(\.message) == ["sheet is never shown in any reachable state"])
    #expect(report.problems.first?.kind == .unreachedScreen)
    let bounded = try TinyApp.exploration(depth: 1, expectedScreens: ["page", "sheet"], actions: Self.pageThenSheet).run()
    #expect(bounded.problems.map(\.message) == ["sheet is never shown within 1 inputs"])
    let all = try TinyApp.exploration(depth: 2, expectedScreens: ["page", "sheet"], actions: Self.pageThenSheet).run()
    #expect(!all.findings.contains { $0.kind == .unreachedScreen })
  }

  /// An analysis of the app's own: counts the states reached and the inputs tried, and finds
  /// the first state showing a sheet.
  final class SheetFinder: ExplorationAnalysis {
    typealias Screen = TinyScreen
    typealias ScreenAction = TinyAction
    var reached = 0
    var tried = 0
    var sheet: Int?

    func reached(_ state: ReachedState<TinyScreen>) -> ExplorationDecision {
      reached += 1
      if sheet == nil, state.state.visibleTop.screen == .sheet { sheet = state.index }
      return .exploreOn
    }

    func tried(_ input: TriedInput<TinyScreen, TinyAction>) { tried += 1 }

    func findings(_ end: ExplorationEnd<TinyScreen, TinyAction>) -> [ExplorationFinding<TinyScreen, TinyAction>] {
      guard let sheet else { return [] }
      return [ExplorationFinding(
        kind: ExplorationFindingKind("sheet", isNote: true), message: "\(reached) states, \(tried) inputs",
        reproduction: end.reproduction(to: sheet))]
    }
  }

  @Test("An analysis of the app's own is fed every state and input, and gives reproductions")
  func ownAnalysis() throws {
    let report = try TinyApp.exploration(analyses: [{ SheetFinder() }], actions: Self.pageThenSheet).run()
    let note = try #require(report.notes.first)
    #expect(note.message == "\(report.states) states, \(report.transitions) inputs")
    #expect(note.reproduction.labels == ["home: push 1", "page: sheet"])
    #expect(report.outcome == .passed)
  }
}
