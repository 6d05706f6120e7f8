import NavigationTestSupport
import PresentationTestSupport
import PropertyBased
import RuntimeTestSupport
import TabFlow
import Testing

extension PresentationTests {
  /// Random stacks and random UI reports — valid and invalid, about every layer — written back
  /// through a stack and through a tab coordinator.
  ///
  /// For every report: the outcome is the one an independent model gives (the routes kept, no
  /// change, or the error); an accepted report adopted as `updateRoutes` gives a valid stack whose
  /// kept routes keep their IDs and whose layers are exactly what the UI shows after applying the
  /// report itself (the layers below stay, the changed layer is on top with the reported path);
  /// a refused report is refused the same way by the stack, the UI's presentation and the
  /// coordinator, which stays unchanged.
  ///
  /// Deterministic: inputs come from PropertyBased's generators run with a fixed-seed `Xoshiro`.
  @Suite("Write-back properties")
  struct WriteBackPropertyTests {
    static let seed: (UInt64, UInt64, UInt64, UInt64) =
      (0x1A7E_12B4_C0DE_0012, 0x9E37_79B9_7F4A_7C15, 0xBF58_476D_1CE4_E5B9, 0x94D0_49BB_1331_11EB)
    static let rounds = 4_000

    typealias Coordinator = TabCoordinator<ClosureRules<TestScreen, Int>>

    @Test("write-back then layers gives a valid stack the UI would show")
    func randomReports() throws {
      var rng = Xoshiro(seed: Self.seed)
      var outcomes: [String: Int] = [:]
      let coordinator = Coordinator(rules: ClosureRules { _, _, _ in [] }, logger: TabCoordinatorTests.App.silentLogger)
      let elsewhere = try RouteStack(validating: [TestRoute.root(.profile), .push(.orders)])

      for round in 0..<Self.rounds {
        let stack = try RouteStack(validating: NavigationGen.validStack.run(using: &rng))
        let change = Self.randomChange(for: stack, stranger: elsewhere.ids[1], using: &rng)
        let expected = Self.expectedOutcome(of: change, on: stack)
        let context = "round \(round): \(change) on \(stack.description) \(stack.ids)"

        // The stack's write-back.
        let action: RouterAction<TestScreen, Never>?
        do {
          action = try stack.routerAction(for: change)
        } catch {
          #expect(expected == .refused(error), "\(context)")
          #expect(throws: error, "\(context)") { try StackPresentation(stack).applying(change) }
          try checkCoordinatorRefuses(change, stack: stack, elsewhere: elsewhere, error: error, coordinator: coordinator)
          outcomes["refused: \(Self.kind(of: error))", default: 0] += 1
          continue
        }
        guard let action, case let .updateRoutes(routes) = action else {
          #expect(expected == .unchanged, "\(context)")
          #expect(try StackPresentation(stack).applying(change) == StackPresentation(stack), "\(context)")
          outcomes["unchanged", default: 0] += 1
          continue
        }
        #expect(expected == .kept(routes.count), "\(context)")
        #expect(routes == Array(stack.routes.prefix(routes.count)), "\(context)")

        // Adopted as the coordinator adopts updateRoutes: a valid stack, IDs kept.
        var adopted = stack
        try adopted.updateRoutes(routes)
        #expect(NavigationModel.isValidStack(adopted.routes), "\(context)")
        #expect(adopted.ids == Array(stack.ids.prefix(routes.count)), "\(context)")

        // What the UI shows after applying the report itself.
        let shown = try StackPresentation(stack).applying(change)
        #expect(adopted.layers == shown.layers, "\(context)")
        #expect(shown.ids == adopted.ids, "\(context)")

        // The layers below the changed one stay; the changed one is on top with the reported path.
        let position = try #require(stack.layers.firstIndex { $0.id == change.layer })
        switch change {
        case .dismiss:
          #expect(adopted.layers == Array(stack.layers.prefix(position)), "\(context)")
        case let .setPath(layer, path):
          #expect(Array(adopted.layers.dropLast()) == Array(stack.layers.prefix(position)), "\(context)")
          #expect(adopted.layers.last?.id == layer, "\(context)")
          #expect(adopted.layers.last?.path == path, "\(context)")
        }

        try checkCoordinatorAdopts(change, stack: stack, elsewhere: elsewhere, adopted: adopted, coordinator: coordinator)
        outcomes[change.isDismissal ? "dismissed" : "path shortened", default: 0] += 1
      }

      // Every kind of report happened, many times.
      for outcome in [
        "dismissed", "path shortened", "unchanged", "refused: root", "refused: unknown layer", "refused: path",
      ] {
        #expect(outcomes[outcome, default: 0] > 100, "\(outcome): \(outcomes)")
      }
    }

    /// The coordinator with `stack` in the selected tab takes the change as `updateRoutes` and
    /// ends up with `adopted`; the other tab refuses it.
    func checkCoordinatorAdopts(
      _ change: LayerChange, stack: RouteStack<TestScreen>, elsewhere: RouteStack<TestScreen>,
      adopted: RouteStack<TestScreen>, coordinator: Coordinator
    ) throws {
      var state = try Self.coordinatorState(stack, elsewhere)
      let action = try #require(try state.action(for: change, in: "home") as Coordinator.Action?)
      #expect(coordinator.apply(action, to: &state).isEmpty)
      #expect(state.stack(for: "home")?.routes == adopted.routes)
      #expect(state.stack(for: "home")?.ids == adopted.ids)
      #expect(state.stack(for: "away")?.ids == elsewhere.ids)
      #expect(throws: PresentationError.tabNotSelected("away", selected: "home")) {
        try state.action(for: change, in: "away") as Coordinator.Action?
      }
    }

    /// The coordinator with `stack` in the selected tab refuses the change with `error`.
    func checkCoordinatorRefuses(
      _ change: LayerChange, stack: RouteStack<TestScreen>, elsewhere: RouteStack<TestScreen>,
      error: PresentationError, coordinator: Coordinator
    ) throws {
      let state = try Self.coordinatorState(stack, elsewhere)
      #expect(throws: error) { try state.action(for: change, in: "home") as Coordinator.Action? }
    }

    static func coordinatorState(
      _ home: RouteStack<TestScreen>, _ away: RouteStack<TestScreen>
    ) throws -> TabCoordinatorState<TestScreen> {
      try TabCoordinatorState(
        restoring: [TabState(id: "home", stack: home), TabState(id: "away", stack: away)], selectedTab: "home")
    }

    // MARK: - Reports and the model

    /// A report a UI could make, or a wrong one: about a random layer (sometimes a push or a
    /// route of another stack), a dismissal or a path — a prefix of the layer's path, the same
    /// path, or one that is not a prefix (longer, reordered, foreign).
    static func randomChange(
      for stack: RouteStack<TestScreen>, stranger: RouteID, using rng: inout Xoshiro
    ) -> LayerChange {
      let layers = stack.layers
      let layer = layers[Int.random(in: 0..<layers.count, using: &rng)]
      let target: RouteID
      switch Int.random(in: 0...9, using: &rng) {
      case 0: target = stack.ids.randomElement(using: &rng) ?? layer.id
      case 1: target = stranger
      default: target = layer.id
      }
      switch Int.random(in: 0...9, using: &rng) {
      case 0...3:
        return .dismiss(layer: target)
      case 4...6:
        return .setPath(layer: target, path: Array(layer.path.prefix(Int.random(in: 0...layer.path.count, using: &rng))))
      case 7:
        return .setPath(layer: target, path: layer.path + [stack.ids.randomElement(using: &rng) ?? stranger])
      case 8:
        return .setPath(layer: target, path: layer.path.reversed())
      default:
        return .setPath(layer: target, path: Array(layer.path.prefix(Int.random(in: 0...layer.path.count, using: &rng))) + [stranger])
      }
    }

    enum Outcome: Equatable {
      case kept(Int)
      case unchanged
      case refused(PresentationError)
    }

    /// What the change does, worked out from the routes alone (not from `layers`).
    static func expectedOutcome(of change: LayerChange, on stack: RouteStack<TestScreen>) -> Outcome {
      let routes = stack.routes
      let ids = stack.ids
      let starts = routes.indices.filter { $0 == 0 || routes[$0].isPresented }
      guard let position = starts.firstIndex(where: { ids[$0] == change.layer }) else {
        return .refused(.unknownLayer(change.layer, layers: starts.map { ids[$0] }))
      }
      let start = starts[position]
      let end = position + 1 < starts.count ? starts[position + 1] : routes.count
      let path = Array(ids[(start + 1)..<end])
      switch change {
      case .dismiss:
        return start == 0 ? .refused(.cannotDismissRoot(change.layer)) : .kept(start)
      case let .setPath(layer, reported):
        guard reported.count <= path.count, Array(path.prefix(reported.count)) == reported else {
          return .refused(.pathNotInLayer(layer: layer, path: reported, current: path))
        }
        return reported.count == path.count ? .unchanged : .kept(start + 1 + reported.count)
      }
    }

    static func kind(of error: PresentationError) -> String {
      switch error {
      case .cannotDismissRoot: return "root"
      case .unknownLayer: return "unknown layer"
      case .pathNotInLayer: return "path"
      case .tabNotSelected, .unknownTab: return "tab"
      }
    }
  }
}

extension LayerChange {
  var isDismissal: Bool {
    if case .dismiss = self { return true }
    return false
  }
}
