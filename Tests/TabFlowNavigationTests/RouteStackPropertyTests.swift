import NavigationTestSupport
import PropertyBased
import TabFlowNavigation
import Testing

extension NavigationTests {
  /// Thousands of random sessions — commands valid and invalid, UI route updates, in-place
  /// screen edits — applied to a `RouteStack` and to a plain `[Route]` side by side.
  ///
  /// After every step: the root is at index 0 and is the only root; no push sits in a layer
  /// without navigation; the result is the one the operations table gives (an independent model
  /// below); a refused step left routes and IDs identical; both forms agree (same routes, same
  /// error); route IDs are unique, kept routes keep theirs, new routes get IDs never seen before,
  /// and `routeIDsRemoved(since:)` is exactly the IDs that left.
  ///
  /// Deterministic: inputs come from PropertyBased's generators run with a fixed-seed `Xoshiro`.
  /// (`propertyCheck` draws a fresh system seed on every run; its `.fixedSeed` trait is meant for
  /// reproducing a failure and reports an issue whenever the test passes.)
  @Suite("RouteStack properties")
  struct RouteStackPropertyTests {
    static let seed: (UInt64, UInt64, UInt64, UInt64) =
      (0x7AB_F10A_5EED_0001, 0x9E37_79B9_7F4A_7C15, 0xD1B5_4A32_D192_ED03, 0x2545_F491_4F6C_DD1D)
    static let sessions = 2_500

    @Test("random sessions keep every invariant of the navigation model")
    func randomSessions() throws {
      var rng = Xoshiro(seed: Self.seed)
      let sessionGen = SessionStep.generator.array(of: 1...40)
      var ledger = IDLedger()
      var coverage = Coverage()
      var failures = 0

      for session in 0..<Self.sessions {
        let steps = sessionGen.run(using: &rng)
        var model = SessionModel(ledger: ledger)
        for (index, step) in steps.enumerated() {
          let problems = model.perform(step, coverage: &coverage)
          if !problems.isEmpty {
            Issue.record(
              """
              session \(session), step \(index): \(step)
              before: \(model.previous.description)
              after:  \(model.stack.description)
              steps:  \(steps.map(\.description).joined(separator: " | "))
              \(problems.joined(separator: "\n"))
              """)
            failures += 1
            break
          }
        }
        ledger = model.ledger
        if failures >= 3 { break }
      }

      // The sessions really exercised the model: thousands of steps, every command both
      // accepted and refused where the table allows either.
      guard failures == 0 else { return }
      #expect(coverage.steps > 40_000)
      let neverRefused: Set = [
        "presentSheet", "presentCover", "goBackToRoot", "popToCurrentNavigationRoot", "dismissAll", "setTopScreen",
      ]
      let neverAccepted: Set = ["selectTab", "tab", "emit"]
      for name in coverage.names {
        if !neverAccepted.contains(name) { #expect(coverage.accepted[name, default: 0] > 20, "\(name) accepted") }
        if !neverRefused.contains(name) { #expect(coverage.refused[name, default: 0] > 20, "\(name) refused") }
      }
      #expect(coverage.names.count == 18)
      #expect(coverage.maximumDepth >= 10)
    }
  }
}

// MARK: - Sessions

/// One step of a random session.
enum SessionStep: Sendable, CustomStringConvertible {
  /// A command, through `apply(_:)`.
  case command(TestCommand)
  /// The UI reports new routes (a swipe back, a drag-dismissed sheet): the current routes without
  /// the top `dropping`, plus `appending`, with the last kept route's screen replaced if given.
  case uiUpdate(dropping: Int, appending: [TestRoute], screen: TestScreen?)
  /// A screen edits its state in place; the position is taken modulo the stack's count.
  case edit(position: Int, screen: TestScreen)

  /// Mostly commands; one step in twenty a UI update, one an in-place edit.
  static let generator = Generator<SessionStep, Shrink.None<SessionStep>> { rng in
    switch Int.random(in: 0...19, using: &rng) {
    case 0:
      return .uiUpdate(
        dropping: Int.random(in: 0...3, using: &rng), appending: NavigationGen.routes.run(using: &rng),
        screen: NavigationGen.screen.optional.run(using: &rng))
    case 1:
      return .edit(position: Int.random(in: 0...50, using: &rng), screen: NavigationGen.screen.run(using: &rng))
    default:
      return .command(NavigationGen.command.run(using: &rng))
    }
  }

  var description: String {
    switch self {
    case let .command(command): return command.description
    case let .uiUpdate(dropping, appending, screen):
      return "ui: drop \(dropping), add [\(appending.pathDescription())]" + (screen.map { ", data \($0)" } ?? "")
    case let .edit(position, screen): return "edit #\(position) = \(screen)"
    }
  }
}

/// Every route ID seen so far, across sessions, and those that left their stack.
struct IDLedger {
  var seen: Set<RouteID> = []
  var retired: Set<RouteID> = []
}

/// How often each command was accepted and refused.
struct Coverage {
  var steps = 0
  var accepted: [String: Int] = [:]
  var refused: [String: Int] = [:]
  var maximumDepth = 0
  var names: Set<String> { Set(accepted.keys).union(refused.keys) }
}

/// A `RouteStack` and a `[Route]` driven by the same steps, and the checks after each.
struct SessionModel {
  var stack: RouteStack<TestScreen>
  var array: [TestRoute]
  var previous: RouteStack<TestScreen>
  var ledger: IDLedger

  init(ledger: IDLedger) {
    stack = RouteStack(root: .feed)
    array = stack.routes
    previous = stack
    self.ledger = ledger
    self.ledger.seen.formUnion(stack.ids)
  }

  /// Performs `step` on both forms; returns what is wrong afterwards (nothing, hopefully).
  mutating func perform(_ step: SessionStep, coverage: inout Coverage) -> [String] {
    previous = stack
    let before = stack
    var problems: [String] = []
    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition { problems.append(message()) }
    }

    // What the step should do: the resulting routes and how many leading IDs survive, or nil if refused.
    let expected: (routes: [TestRoute], keptIDs: Int)?
    switch step {
    case let .command(command):
      expected = NavigationModel.outcome(of: command, on: before.routes)
      let stackResult = Result { () throws(NavigationError) in try stack.apply(command) }
      let arrayResult = Result { () throws(NavigationError) in try array.apply(command) }
      check(stackResult.error == arrayResult.error, "forms disagree: stack \(stackResult), array \(arrayResult)")
      check(
        (stackResult.error == nil) == (expected != nil),
        "expected \(expected == nil ? "a refusal" : "success"), got \(stackResult)")
      if stackResult.error == nil {
        coverage.accepted[command.name, default: 0] += 1
      } else {
        coverage.refused[command.name, default: 0] += 1
      }

    case let .uiUpdate(dropping, appending, screen):
      var reported = Array(before.routes.dropLast(Swift.min(dropping, before.count))) + appending
      let keptRoutes = before.count - Swift.min(dropping, before.count)
      if let screen, keptRoutes > 0 { reported[keptRoutes - 1].screen = screen }
      if NavigationModel.isValidStack(reported) {
        expected = (reported, NavigationModel.sameStructurePrefix(before.routes, reported))
        array = reported
      } else {
        expected = nil
      }
      let result = Result { () throws(NavigationError) in try stack.updateRoutes(reported) }
      check(
        (result.error == nil) == (expected != nil),
        "updateRoutes: expected \(expected == nil ? "a refusal" : "success"), got \(result)")

    case let .edit(position, screen):
      let index = position % before.count
      var edited = before.routes
      edited[index].screen = screen
      expected = (edited, before.count)
      let returned = stack.updateScreen(id: before.ids[index]) { current -> Bool in
        current = screen
        return true
      }
      check(returned == true, "updateScreen did not find the route at \(index)")
      array[index].screen = screen
    }
    coverage.steps += 1
    coverage.maximumDepth = Swift.max(coverage.maximumDepth, stack.count)

    // The result is the model's, in both forms; a refusal changed nothing.
    check(stack.routes == array, "forms disagree: stack \(stack.routes.pathDescription()), array \(array.pathDescription())")
    if let expected {
      check(stack.routes == expected.routes, "expected \(expected.routes.pathDescription())")
    } else {
      check(stack.routes == before.routes && stack.ids == before.ids, "a refused step changed the stack")
    }

    // The stack is a stack.
    check(stack.first?.style == .root, "the root is not at index 0")
    check(stack.dropFirst().allSatisfy { $0.style != .root }, "a second root")
    check(NavigationModel.isValidStack(stack.routes), "a push in a layer without navigation")
    let presented = stack.indices.filter { stack[$0].isPresented }
    check(stack.presentedIndices == presented, "cached presented indices \(stack.presentedIndices) ≠ \(presented)")

    // Route IDs.
    check(stack.ids.count == stack.count, "\(stack.ids.count) IDs for \(stack.count) routes")
    check(Set(stack.ids).count == stack.ids.count, "duplicate IDs \(stack.ids)")
    let kept = zip(before.ids, stack.ids).prefix { $0 == $1 }.count
    let expectedKept = expected.map { Swift.min($0.keptIDs, $0.routes.count) } ?? before.count
    check(kept == expectedKept, "\(kept) IDs kept, expected \(expectedKept)")
    let added = stack.ids.dropFirst(kept)
    let removed = Array(before.ids.dropFirst(kept))
    check(added.allSatisfy { !ledger.seen.contains($0) }, "a reused ID among \(Array(added))")
    check(Set(stack.ids).isDisjoint(with: ledger.retired), "a retired ID is back")
    let reported = stack.routeIDsRemoved(since: before)
    check(reported == removed, "routeIDsRemoved \(reported) ≠ \(removed)")
    for (index, id) in stack.ids.enumerated() where stack.index(of: id) != index || stack[id: id] != stack.routes[index] {
      check(false, "index(of: \(id)) is \(String(describing: stack.index(of: id))), not \(index)")
    }
    ledger.seen.formUnion(added)
    ledger.retired.formUnion(removed)
    return problems
  }
}

extension Result {
  /// The error, or `nil` on success.
  var error: Failure? {
    if case let .failure(error) = self { return error }
    return nil
  }
}
