import TabFlowNavigation
import Testing

extension StepsCase {
  /// What is wrong with `steps` from `start` to `end`; empty when nothing is.
  package static func problems(
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
package struct StepsCase: Sendable, CustomTestStringConvertible {
  package let name: String
  package let start: [Route<Int>]
  package let end: [Route<Int>]
  package let multipleDismissals: Bool
  package let navigationUpdates: Bool
  package let steps: [[Route<Int>]]

  package var testDescription: String { "\(name) (multi: \(multipleDismissals), nav: \(navigationUpdates))" }

  /// The cases, each once per value of the flags it does not depend on. FlowStacks ran the cases
  /// without a `multi` argument with `allowMultipleDismissalsInOne` true (its public default off
  /// iOS); with `multi` false and `nav` false they are the legacy 0.3.8 cases.
  package static let flowStacks: [StepsCase] =
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
