import NavigationTestSupport
import PropertyBased
import TabFlowNavigation
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
