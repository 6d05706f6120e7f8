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
          == RouteSteps.calculate(from: start, to: end, allowMultipleDismissalsInOne: false, allowNavigationUpdatesInOne: false))
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
          name: "testPresentAndPushOneAtATime", start: [.root(1)], end: [.root(-1), .push(-2), .push(-3), .sheet(-4), .sheet(-5)],
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
