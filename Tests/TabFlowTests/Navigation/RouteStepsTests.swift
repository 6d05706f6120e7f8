import PropertyBased
import TabFlow
import Testing

extension NavigationTests {
  /// `RouteSteps`: the intermediate stacks for a UI that cannot apply a multi-layer change in one
  /// update. These are FlowStacks' `CalculateStepsTests` (0.10.11) and the legacy 0.3.8 cases, in
  /// root-in-array form: a root is prepended, `.root(1)` in `start` and `.root(-1)` in `end`. Index
  /// 0 never diverges; its data is replaced in the first step, which changes no structure.
  @Suite("RouteSteps")
  struct RouteStepsTests {
    @Test("FlowStacks' step calculation cases", arguments: StepsCase.flowStacks)
    func flowStacksCase(_ spec: StepsCase) {
      let steps = RouteSteps.calculate(
        from: spec.start, to: spec.end,
        allowMultipleDismissalsInOne: spec.multipleDismissals,
        allowNavigationUpdatesInOne: spec.navigationUpdates
      )
      #expect(steps == spec.steps)
    }

    @Test("the defaults allow neither multiple dismissals nor merged navigation updates (the legacy algorithm)")
    func defaults() {
      let start: [Route<Int>] = [.root(1), .sheet(2), .push(3), .sheet(4), .push(5)]
      let end: [Route<Int>] = [.root(-1), .push(-2), .push(-3)]
      #expect(
        RouteSteps.calculate(from: start, to: end)
          == RouteSteps.calculate(
            from: start, to: end, allowMultipleDismissalsInOne: false, allowNavigationUpdatesInOne: false))
      #expect(
        RouteSteps.calculate(from: start, to: end)
          == [
            [.root(-1), .sheet(2), .push(3), .sheet(4), .push(5)],
            [.root(-1), .sheet(2), .push(3)],
            [.root(-1)],
            [.root(-1), .push(-2)],
            end,
          ])
    }

    @Test("a goBackToRoot over two sheets dismisses one sheet per step (TCACoordinators' testWithDelaysIfUnsupported)")
    func goBackToRootOverTwoSheets() {
      let start: [Route<Int>] = [.root(1), .sheet(2), .sheet(3)]
      #expect(RouteSteps.calculate(from: start, to: [.root(1)]) == [start, [.root(1), .sheet(2)], [.root(1)]])
    }

    @Test("a change of screen data only is one step, applied in place")
    func dataOnly() {
      let start: [Route<Int>] = [.root(1), .push(2), .sheet(3, withNavigation: true), .push(4)]
      let end: [Route<Int>] = [.root(-1), .push(-2), .sheet(-3, withNavigation: true), .push(-4)]
      #expect(RouteSteps.calculate(from: start, to: end) == [end])
      #expect(RouteSteps.calculate(from: start, to: start) == [start])
    }

    @Test("the root's data is replaced in the first step; the root never diverges")
    func rootIsReplacedInPlace() {
      #expect(RouteSteps.calculate(from: [.root(1)], to: [Route<Int>.root(-1)]) == [[.root(-1)]])
      #expect(
        RouteSteps.calculate(from: [.root(1), .push(2)], to: [Route<Int>.root(-1), .sheet(-2)])
          == [[.root(-1), .push(2)], [.root(-1)], [.root(-1), .sheet(-2)]])
    }

    @Test("a different navigation flag or sheet style diverges; a different sheet configuration does not")
    func divergence() {
      let start: [Route<Int>] = [.root(1), .sheet(2, withNavigation: false), .push(3)]
      #expect(
        RouteSteps.calculate(from: start, to: [.root(1), .sheet(2, withNavigation: true)])
          == [start, [.root(1)], [.root(1), .sheet(2, withNavigation: true)]])
      #expect(
        RouteSteps.calculate(from: [.root(1), .sheet(2)], to: [Route<Int>.root(1), .cover(2)])
          == [[.root(1), .sheet(2)], [.root(1)], [.root(1), .cover(2)]])
      #expect(
        RouteSteps.calculate(from: [.root(1), .sheet(2)], to: [Route<Int>.root(1), .sheet(2, configuration: .half)])
          == [[.root(1), .sheet(2, configuration: .half)]])
    }

    @Test("random pairs of stacks: steps go back to the common part, then forward to the end, one layer at a time")
    func randomPairs() {
      var rng = Xoshiro(seed: (0x5EED_57E9_0000_0001, 0xA076_1D64_78BD_642F, 0xE703_7ED1_A0B4_28DB, 0x8EBC_6AF0_9C88_C6E3))
      let stacks = NavigationGen.validStack
      for _ in 0..<1_000 {
        let start = stacks.run(using: &rng)
        let end = stacks.run(using: &rng)
        for multi in [false, true] {
          for navigation in [false, true] {
            let steps = RouteSteps.calculate(
              from: start, to: end, allowMultipleDismissalsInOne: multi, allowNavigationUpdatesInOne: navigation)
            let problems = StepsCase.problems(in: steps, from: start, to: end, multi: multi, navigation: navigation)
            #expect(
              problems.isEmpty,
              """
              \(start.pathDescription()) → \(end.pathDescription()) (multi: \(multi), nav: \(navigation)): \
              \(steps.map { $0.pathDescription() })
              """)
            if !problems.isEmpty { return }
          }
        }
      }
    }

    @Test(
      "canSynchronouslyUpdate: the in-place step and at most one more, dismissals merged",
      arguments: [
        ([Route<Int>.root(1)], [Route<Int>.root(1), .push(2)], false, true),
        ([.root(1)], [.root(1), .push(2), .push(3)], false, false),
        ([.root(1)], [.root(1), .push(2), .push(3)], true, true),
        ([.root(1)], [.root(1), .sheet(2, withNavigation: true), .push(3)], false, false),
        ([.root(1)], [.root(1), .sheet(2, withNavigation: true), .push(3)], true, true),
        ([.root(1)], [.root(1), .sheet(2), .sheet(3)], true, false),
        ([.root(1), .sheet(2), .push(3), .sheet(4)], [.root(1)], false, true),
        ([.root(1), .push(2)], [.root(1), .sheet(3)], true, false),
        ([.root(1), .push(2)], [.root(-1), .push(-2)], false, true),
        ([.root(1), .push(2)], [.root(1), .push(2)], false, true),
      ]
    )
    func canSynchronouslyUpdate(start: [Route<Int>], end: [Route<Int>], navigationUpdates: Bool, expected: Bool) {
      #expect(
        RouteSteps.canSynchronouslyUpdate(from: start, to: end, allowNavigationUpdatesInOne: navigationUpdates) == expected)
    }
  }
}

extension StepsCase {
  /// What is wrong with `steps` from `start` to `end`; empty when nothing is.
  static func problems(
    in steps: [[TestRoute]], from start: [TestRoute], to end: [TestRoute], multi: Bool, navigation: Bool
  ) -> [String] {
    var problems: [String] = []
    func structure(_ routes: ArraySlice<TestRoute>) -> [String] { routes.map { "\($0.style)\($0.withNavigation)" } }
    guard let first = steps.first, let last = steps.last else { return ["no steps"] }

    // The first step changes data only: the start's structure, the end's root.
    if first.count != start.count || structure(first.dropFirst()) != structure(start.dropFirst()) {
      problems.append("the first step changes the structure")
    }
    if first.first?.screen != end.first?.screen { problems.append("the first step does not replace the root's data") }
    let rootLosesNavigation = start.first?.withNavigation == true && end.first?.withNavigation == false
    if !rootLosesNavigation, first.first != end.first { problems.append("the first step does not take the end's root") }
    if last != end { problems.append("the last step is not the end") }

    var adding = false
    var popped = false
    for (previous, step) in zip(steps, steps.dropFirst()) {
      // The root is compared by data: a root losing its navigation changes its flag on the way.
      let kept = 1 + zip(previous.dropFirst(), step.dropFirst()).prefix { $0 == $1 }.count
      let removed = previous[kept...]
      let added = step[kept...]
      if removed.isEmpty && added.isEmpty { problems.append("a step changes nothing") }
      if step.first?.screen != end.first?.screen { problems.append("a step changes the root's data") }
      if !removed.isEmpty {
        // Going back: only before going forward; one presented layer per step unless multi,
        // then the remaining pushes at once.
        if adding { problems.append("a step goes back after going forward") }
        let layers = removed.filter(\.isPresented).count
        if layers == 0 {
          if popped { problems.append("two pop steps") }
          popped = true
        } else {
          if popped { problems.append("a dismissal after the pops") }
          if !multi && (layers != 1 || removed.first?.isPresented != true) {
            problems.append("a step removes \(removed.map(\.style)), not one presented layer")
          }
        }
      }
      if !added.isEmpty {
        // Going forward: toward the end, one route per step, except that with navigation updates
        // in one, pushes merge into the step before them (a present, a dismissal or a pop).
        adding = true
        if Array(end.prefix(step.count)) != step { problems.append("a step going forward is not a prefix of the end") }
        let merged = navigation && added.dropFirst(removed.isEmpty ? 1 : 0).allSatisfy { $0.style == .push }
        if (added.count > 1 || !removed.isEmpty) && !merged {
          problems.append("a step adds \(added.map(\.style)) after removing \(removed.map(\.style))")
        }
      }
      // A UI never sees an invalid stack.
      if !NavigationModel.isValidStack(step) {
        problems.append("an intermediate stack is invalid: \(step.pathDescription())")
      }
    }
    return problems
  }
}

/// A FlowStacks `CalculateStepsTests` case in root-in-array form.
struct StepsCase: Sendable, CustomTestStringConvertible {
  let name: String
  let start: [Route<Int>]
  let end: [Route<Int>]
  let multipleDismissals: Bool
  let navigationUpdates: Bool
  let steps: [[Route<Int>]]

  var testDescription: String { "\(name) (multi: \(multipleDismissals), nav: \(navigationUpdates))" }

  /// The cases, each once per value of the flags it does not depend on. FlowStacks ran the cases
  /// without a `multi` argument with `allowMultipleDismissalsInOne` true (its public default off
  /// iOS); with `multi` false and `nav` false they are the legacy 0.3.8 cases.
  static let flowStacks: [StepsCase] =
    [false, true].flatMap { multi in
      [
        StepsCase(
          name: "testPushOneAtATime", start: [.root(1)], end: [.root(-1), .push(-2), .push(-3), .push(-4)],
          multipleDismissals: multi, navigationUpdates: false,
          steps: [
            [.root(-1)],
            [.root(-1), .push(-2)],
            [.root(-1), .push(-2), .push(-3)],
            [.root(-1), .push(-2), .push(-3), .push(-4)],
          ]),
        StepsCase(
          name: "testPushAllAtOnceInNavigationStack", start: [.root(1)], end: [.root(-1), .push(-2), .push(-3), .push(-4)],
          multipleDismissals: multi, navigationUpdates: true,
          steps: [
            [.root(-1)],
            [.root(-1), .push(-2), .push(-3), .push(-4)],
          ]),
        StepsCase(
          name: "testPopAllAtOnce", start: [.root(1), .push(2), .push(3), .push(4)], end: [.root(-1)],
          multipleDismissals: multi, navigationUpdates: false,
          steps: [
            [.root(-1), .push(2), .push(3), .push(4)],
            [.root(-1)],
          ]),
        StepsCase(
          name: "testPresentOneAtATime", start: [.root(1)], end: [.root(-1), .sheet(-2), .cover(-3), .sheet(-4)],
          multipleDismissals: multi, navigationUpdates: false,
          steps: [
            [.root(-1)],
            [.root(-1), .sheet(-2)],
            [.root(-1), .sheet(-2), .cover(-3)],
            [.root(-1), .sheet(-2), .cover(-3), .sheet(-4)],
          ]),
        StepsCase(
          name: "testPresentAndPushOneAtATime", start: [.root(1)],
          end: [.root(-1), .push(-2), .push(-3), .sheet(-4), .sheet(-5)],
          multipleDismissals: multi, navigationUpdates: false,
          steps: [
            [.root(-1)],
            [.root(-1), .push(-2)],
            [.root(-1), .push(-2), .push(-3)],
            [.root(-1), .push(-2), .push(-3), .sheet(-4)],
            [.root(-1), .push(-2), .push(-3), .sheet(-4), .sheet(-5)],
          ]),
        StepsCase(
          name: "testBackToCommonAncestorFirst", start: [.root(1), .push(2), .push(3), .push(4)],
          end: [.root(-1), .push(-2), .push(-3), .sheet(-4), .sheet(-5)],
          multipleDismissals: multi, navigationUpdates: false,
          steps: [
            [.root(-1), .push(-2), .push(-3), .push(4)],
            [.root(-1), .push(-2), .push(-3)],
            [.root(-1), .push(-2), .push(-3), .sheet(-4)],
            [.root(-1), .push(-2), .push(-3), .sheet(-4), .sheet(-5)],
          ]),
      ]
    } + [
      StepsCase(
        name: "testDismissOneAtATime", start: [.root(1), .sheet(2), .cover(3), .sheet(4)], end: [.root(-1)],
        multipleDismissals: false, navigationUpdates: false,
        steps: [
          [.root(-1), .sheet(2), .cover(3), .sheet(4)],
          [.root(-1), .sheet(2), .cover(3)],
          [.root(-1), .sheet(2)],
          [.root(-1)],
        ]),
      StepsCase(
        name: "testBackToCommonAncestorFirstWithoutPoppingWithinExtraPresentationLayers",
        start: [.root(1), .sheet(2), .push(3), .sheet(4), .push(5)], end: [.root(-1), .push(-2)],
        multipleDismissals: false, navigationUpdates: false,
        steps: [
          [.root(-1), .sheet(2), .push(3), .sheet(4), .push(5)],
          [.root(-1), .sheet(2), .push(3)],
          [.root(-1)],
          [.root(-1), .push(-2)],
        ]),
      StepsCase(
        name: "testSimultaneousDismissalsWhenSupported",
        start: [.root(1), .sheet(2), .push(3), .sheet(4), .push(5)], end: [.root(-1)],
        multipleDismissals: true, navigationUpdates: false,
        steps: [
          [.root(-1), .sheet(2), .push(3), .sheet(4), .push(5)],
          [.root(-1)],
        ]),
    ]
}

extension NavigationTests.RouteStepsTests {
  @Test("a root that loses its navigation keeps it until its pushes are gone")
  func rootLosingNavigationNeverHoldsAPushWithoutNavigation() throws {
    let start: [Route<Int>] = [.root(1, withNavigation: true), .push(2), .push(3)]
    let end: [Route<Int>] = [.root(1, withNavigation: false), .sheet(4)]
    let steps = RouteSteps.calculate(from: start, to: end)
    #expect(steps == [start, [.root(1, withNavigation: false)], end])
    for step in steps {
      #expect(throws: Never.self) { _ = try RouteStack(validating: step) }
    }
  }
}
