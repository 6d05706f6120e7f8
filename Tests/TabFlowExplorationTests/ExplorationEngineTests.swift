import TabFlowCore
@testable import TabFlowExploration
import TabFlowNavigation
import Testing

@Suite("Exploration engine")
struct ExplorationEngineTests {
  /// Home pushes page 1; page 1 has no action.
  static func pushOnce(_ screen: TinyScreen) -> [(label: String, action: TinyAction)] {
    screen == .home ? [("push 1", .push(1))] : []
  }

  @Test("States are counted breadth first; exhaustive only when nothing is left at the depth limit")
  func counts() throws {
    // (home,[home]) → tap other, push 1 → (home,[home,page]) → tap other: four states, the
    // last at depth 2.
    let deep = try TinyApp.exploration(depth: 3, actions: Self.pushOnce).run()
    #expect(deep.states == 4)
    #expect(deep.exhaustive && !deep.truncated && deep.depthReached == 2)
    #expect(deep.outcome == .passed, "\(deep.text)")
    let bounded = try TinyApp.exploration(depth: 2, actions: Self.pushOnce).run()
    #expect(bounded.states == 4 && !bounded.exhaustive, "the state at depth 2 was not explored")
    let shallow = try TinyApp.exploration(depth: 1, actions: Self.pushOnce).run()
    #expect(shallow.states == 3 && shallow.transitions == 4 && !shallow.exhaustive)
    let none = try TinyApp.exploration(depth: 0, actions: Self.pushOnce).run()
    #expect(none.states == 1 && none.transitions == 0 && !none.exhaustive)
  }

  /// Pages push the next page up to `last`.
  static func chain(to last: Int) -> (TinyScreen) -> [(label: String, action: TinyAction)] {
    { screen in
      switch screen {
      case .home: [("push 1", .push(1))]
      case let .page(page) where page < last: [("push \(page + 1)", .push(page + 1))]
      default: []
      }
    }
  }

  static var noPage3: StateInvariant<TinyScreen> {
    StateInvariant("no page 3") { state in
      state.selectedStack.routes.contains { $0.screen == .page(3) } ? "page 3 is open" : nil
    }
  }

  @Test("A violation is reported at its shortest reproduction: the fewest inputs, then the first found")
  func shortestReproduction() throws {
    var links = DeepLinks<TinyScreen>()
    try links.register("tiny://page/3") { _, _ in [.push(.page(3))] }
    try links.register("tiny://deep/3") { _, _ in [.push(.page(1)), .push(.page(3))] }
    let chained = try TinyApp.exploration(
      links: links, oneTab: true, taps: false, urls: ["tiny://page/3", "tiny://deep/3"], invariants: [Self.noPage3], actions: Self.chain(to: 3))
    // Without the links, three pushes.
    var plain = chained
    plain.inputs = ExplorationAlphabet(tabTaps: false, screenActions: Self.chain(to: 3)).inputs(for:)
    let pushed = plain.run()
    let violation = try #require(pushed.problems.first)
    #expect(violation.kind == .invariantViolation)
    #expect(violation.message == "no page 3: page 3 is open")
    #expect(violation.reproduction.labels == ["home: push 1", "page: push 2", "page: push 3"])
    #expect(Self.noPage3.check(plain.state(after: violation.reproduction)) != nil)
    // With the links (tried after the screen's action), one input; of the two links, the first.
    let linked = chained.run()
    #expect(linked.problems.map(\.reproduction.labels) == [["open tiny://page/3"]])
    #expect(Self.noPage3.check(chained.state(after: linked.problems[0].reproduction)) != nil)
  }

  @Test("The same exploration writes the same report, byte for byte")
  func deterministic() throws {
    let make = {
      try TinyApp.exploration(
        guards: [NavigationGuard("noFive") { change in
          change.after.top.screen == .page(5) ? .reject("not five") : .allow
        }],
        urls: ["tiny://nothing"], invariants: [Self.noPage3],
        expectedScreens: ["home", "other", "page", "sheet", "cover"]
      ) { screen in
        [("push 3", .push(3)), ("push 5", .push(5)), ("sheet", .presentSheet), ("fail", .fail), ("again", .again)]
          + (screen == .sheet ? [("dismiss", .dismiss)] : [])
      }
    }
    let first = try make().run()
    let second = try make().run()
    let exploration = try make()
    let third = exploration.run()
    let fourth = exploration.run()
    #expect(first.text == second.text && second.text == third.text && third.text == fourth.text)
    #expect(first.findings.count >= 3, "\(first.text)")
    #expect(first.text.contains("the chance that a collision hid a state is at most"))
  }

  @Test("The report's text: extent, collision bound, findings with their reproductions, verdict")
  func reportText() throws {
    let noFive = NavigationGuard<TinyScreen>("noFive") { change in
      change.after.top.screen == .page(5) ? .reject("not five") : .allow
    }
    let report = try TinyApp.exploration(guards: [noFive], oneTab: true, taps: false, depth: 2) { _ in
      [("push 5", .push(5)), ("fail", .fail)]
    }.run()
    #expect(report.text == """
      explored 1 state and 3 transitions to depth 0 of 2 (exhaustive: every reachable state was reached)
      states are kept as 64-bit fingerprints: the chance that a collision hid a state is at most 0
      problem: failed batch: rule error: action in home: the rule broke
        reproduce: home: fail
      note: guard rejection: action in home: rejected by guard 'noFive': not five
        reproduce: home: push 5
      failed: 1 problem

      """)
  }

  @Test("An exploration cut at maxStates is incomplete, never a pass, and proves no trap")
  func maxStates() throws {
    let cut = try TinyApp.exploration(depth: 3, maxStates: 2, actions: Self.pushOnce).run()
    #expect(cut.states == 2 && cut.truncated && !cut.exhaustive)
    #expect(cut.outcome == .incomplete)
    #expect(cut.text.contains("incomplete: cut at 2 states"))
    // A cover nobody can leave, cut before its moves are tried: no trap is claimed.
    let stuck = NavigationGuard<TinyScreen>("stay") { change in
      change.before.visibleTop.screen == .cover && change.after.visibleTop.screen != .cover ? .reject("stay") : .allow
    }
    let trapCut = try TinyApp.exploration(guards: [stuck], taps: false, maxStates: 2) { screen in
      screen == .home ? [("cover", .presentCover), ("push 1", .push(1))] : []
    }.run()
    #expect(trapCut.truncated && !trapCut.findings.contains { $0.kind == .trap })
  }

  @Test("Fingerprints ignore route IDs: states differing only there are one state")
  func fingerprintsIgnoreRouteIDs() throws {
    let fingerprinter = StateFingerprinter<TinyScreen>()
    var state = try TinyApp.state()
    var renumbered = state
    let generator = RouteIDGenerator()
    for _ in 0..<10 { _ = generator.next() }
    renumbered.adoptIDs(from: generator)
    #expect(renumbered.selectedStack.ids != state.selectedStack.ids)
    #expect(fingerprinter.fingerprint(of: state) == fingerprinter.fingerprint(of: renumbered))
    let coordinator = TabCoordinator(rules: TinyApp.rules)
    _ = coordinator.step(.router(.routeAction(id: state.selectedStack.ids[0], action: .push(1))), state: &state)
    _ = coordinator.step(.router(.routeAction(id: renumbered.selectedStack.ids[0], action: .push(1))), state: &renumbered)
    #expect(fingerprinter.fingerprint(of: state) == fingerprinter.fingerprint(of: renumbered))
    var other = state
    _ = coordinator.step(.router(.routeAction(id: other.selectedStack.ids[1], action: .push(2))), state: &other)
    #expect(fingerprinter.fingerprint(of: state) != fingerprinter.fingerprint(of: other))
    // In the engine: the same page again (a new route ID) is the same state.
    let again = try TinyApp.exploration(oneTab: true, taps: false) { screen in
      screen == .home ? [("push 1", .push(1))] : [("again", .again)]
    }.run()
    #expect(again.states == 2 && again.exhaustive)
  }

  @Test("A state breaking an invariant is not explored on")
  func invariantStops() throws {
    let noPage2 = StateInvariant<TinyScreen>("no page 2") { state in
      state.selectedStack.top.screen == .page(2) ? "page 2" : nil
    }
    let report = try TinyApp.exploration(
      oneTab: true, taps: false, invariants: [noPage2, Self.noPage3], actions: Self.chain(to: 4)
    ).run()
    #expect(report.states == 3, "home, page 1, page 2; page 3 lies beyond page 2")
    #expect(!report.exhaustive)
    #expect(report.problems.map(\.message) == ["no page 2: page 2"])
    #expect(report.problems[0].reproduction.labels == ["home: push 1", "page: push 2"])
  }
}
