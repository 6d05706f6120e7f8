import TabFlowCore
import TabFlowExploration
import TabFlowNavigation
import Testing

@Suite("Exploration modes")
struct ExplorationModeTests {
  /// Every input tried, with what it did.
  final class Recorder: ExplorationAnalysis {
    struct Tried {
      let from: Int
      let label: String
      /// The state it moved to (`nil`: not recorded), or `nil` when unchanged.
      let moved: Int??
      /// Whether the state after it differs (`==`) from the state before.
      let differs: Bool
      /// The note ``Exploration/noteStep`` gave it, when a string.
      let note: String?
    }

    var tried: [Tried] = []

    func tried(_ input: TriedInput<TinyScreen, TinyAction>) {
      switch input.outcome {
      case .unchanged:
        tried.append(Tried(
          from: input.from, label: input.input.label, moved: nil, differs: input.after != input.state,
          note: input.note as? String))
      case let .moved(to):
        tried.append(Tried(from: input.from, label: input.input.label, moved: .some(to), differs: true, note: input.note as? String))
      }
    }

    func findings(_ end: ExplorationEnd<TinyScreen, TinyAction>) -> [ExplorationFinding<TinyScreen, TinyAction>] { [] }
  }

  /// Home pushes page 1; page 1 has no action.
  static func pushOnce(_ screen: TinyScreen) -> [(label: String, action: TinyAction)] {
    screen == .home ? [("push 1", .push(1))] : []
  }

  @Test("Trying the inputs at the depth: where each leads, new states told but not recorded")
  func inputsAtTheDepth() throws {
    let recorder = Recorder()
    var exploration = try TinyApp.exploration(depth: 1, analyses: [{ recorder }], actions: Self.pushOnce)
    let checked = exploration.run()
    #expect(Set(recorder.tried.map(\.from)) == [0], "a check tries the inputs of the initial state only")
    recorder.tried = []
    exploration.mode.triesInputsAtDepth = true
    let surveyed = exploration.run()
    #expect(surveyed.states == checked.states && surveyed.states == 3, "no state beyond the depth is recorded")
    #expect(Set(recorder.tried.map(\.from)) == [0, 1, 2])
    #expect(recorder.tried.contains { $0.moved == .some(nil) }, "the other tab over page 1 lies beyond")
    #expect(!surveyed.exhaustive && surveyed.levelsExplored == 1 && surveyed.depthReached == 1)
    #expect(surveyed.transitions > checked.transitions)
    // At depth 2, nothing lies beyond the states reached: exhaustive once their inputs are tried.
    var bounded = try TinyApp.exploration(depth: 2, actions: Self.pushOnce)
    #expect(!bounded.run().exhaustive)
    bounded.mode.triesInputsAtDepth = true
    let whole = bounded.run()
    #expect(whole.exhaustive && whole.states == 4 && whole.levelsExplored == 2)
  }

  @Test("Going on at the state limit: every recorded state tries its inputs; still incomplete")
  func goingOnAtTheLimit() throws {
    let fan: (TinyScreen) -> [(label: String, action: TinyAction)] = { screen in
      screen == .home ? [("push 1", .push(1)), ("push 2", .push(2)), ("push 3", .push(3))] : [("push 4", .push(4))]
    }
    let recorder = Recorder()
    var exploration = try TinyApp.exploration(oneTab: true, taps: false, maxStates: 2, analyses: [{ recorder }], actions: fan)
    let stopped = exploration.run()
    #expect(stopped.truncated && stopped.outcome == .incomplete && stopped.states == 2)
    #expect(!recorder.tried.contains { $0.from == 1 }, "a check stops at the first state past the limit")
    recorder.tried = []
    exploration.mode.goesOnAtStateLimit = true
    let went = exploration.run()
    #expect(went.truncated && went.outcome == .incomplete && went.states == 2)
    #expect(recorder.tried.filter { $0.from == 0 }.map(\.label) == ["back", "home: push 1", "home: push 2", "home: push 3"])
    #expect(recorder.tried.filter { $0.moved == .some(nil) }.map(\.label) == ["home: push 2", "home: push 3", "page: push 4"])
    #expect(went.transitions > stopped.transitions)
  }

  @Test("Without the built-in analyses, only the caller's run")
  func withoutBuiltInAnalyses() throws {
    var exploration = try TinyApp.exploration(taps: false) { screen in
      screen == .home ? [("fail", .fail), ("push 1", .push(1))] : []
    }
    #expect(exploration.run().outcome == .failed)
    exploration.mode.runsBuiltInAnalyses = false
    let report = exploration.run()
    #expect(report.findings.isEmpty && report.outcome == .passed)
    #expect(ExplorationMode.survey == ExplorationMode(triesInputsAtDepth: true, goesOnAtStateLimit: true, runsBuiltInAnalyses: false))
    #expect(ExplorationMode.check == ExplorationMode())
  }

  @Test("The state after an input shows a change the fingerprints ignore (a badge)")
  func stateAfter() throws {
    let badging = ClosureRules<TinyScreen, TinyAction> { action, _, _ in
      action == .again ? [.setBadge(TabID("home"), .count(1))] : [.push(.page(1))]
    }
    let recorder = Recorder()
    _ = Exploration(
      coordinator: TabCoordinator(rules: badging), initialState: try TinyApp.state(oneTab: true), depth: 2,
      analyses: [{ recorder }],
      alphabet: ExplorationAlphabet(tabTaps: false) { screen in
        screen == .home ? [("push 1", .push(1))] : [("badge", .again)]
      }
    ).run()
    let badge = try #require(recorder.tried.first { $0.label == "page: badge" })
    #expect(badge.moved == nil && badge.differs, "the same state to the fingerprints, another to ==")
    #expect(recorder.tried.filter { $0.moved == nil && $0.label != "page: badge" }.allSatisfy { !$0.differs })
  }

  /// The pushes rules made: the host's own count, which its ``Exploration/noteStep`` reads.
  final class PushCount {
    var count = 0
  }

  @Test("A step noted as moving nowhere changes nothing, whatever it did to the state, and keeps its note")
  func stepsMovingNowhere() throws {
    let recorder = Recorder()
    var exploration = try TinyApp.exploration(oneTab: true, taps: false, analyses: [{ recorder }], actions: Self.pushOnce)
    let plain = exploration.run()
    // The host counts a step whose rules pushed as failed.
    let pushes = PushCount()
    exploration.coordinator = TabCoordinator(rules: TinyApp.Rules { action, _, _ in
      guard case let .push(page) = action else { return [] }
      pushes.count += 1
      return [.push(.page(page))]
    })
    var noted = 0
    exploration.noteStep = (
      start: { _ in pushes.count },
      end: { _, mark, _ in
        noted += 1
        if pushes.count == mark { return (nil, true) }
        return ("the host refuses pushes", false)
      }
    )
    recorder.tried = []
    let refusing = exploration.run()
    #expect(plain.states == 2 && refusing.states == 1)
    #expect(refusing.transitions == 2, "a step moving nowhere is still a transition: back and push 1")
    #expect(noted == 2, "each input sent is noted")
    let push = try #require(recorder.tried.first { $0.label == "home: push 1" })
    #expect(push.moved == nil && !push.differs, "unchanged: the state after it is the state before")
    #expect(push.note == "the host refuses pushes")
    #expect(recorder.tried.first { $0.label == "back" }?.note == nil)
  }
}
