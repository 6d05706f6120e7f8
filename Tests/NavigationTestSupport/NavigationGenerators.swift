import PropertyBased
import TabFlowNavigation

/// Random screens, routes and commands for the property-based specifications, built from
/// PropertyBased's generators. They produce valid and invalid inputs alike: routes in any order,
/// counts from -1, matches for screens that may be absent, coordinator-only commands.
package enum NavigationGen {
  package static let screens: [TestScreen] = [.feed, .item(id: 1), .item(id: 2), .login, .checkout, .settings, .profile, .orders]

  package static let screen: Generator<TestScreen, some Sequence & SendableMetatype> =
    Gen.int(in: 0...(screens.count - 1)).map { screens[$0] }

  package static let configurations: [SheetConfiguration] = [
    .default, .half, .halfAndFull, SheetConfiguration(detents: [.fraction(0.3), .height(240)], showDragIndicator: false),
  ]

  package static let configuration: Generator<SheetConfiguration, some Sequence & SendableMetatype> =
    Gen.int(in: 0...(configurations.count - 1)).map { configurations[$0] }

  /// Any route: mostly pushes and presentations, sometimes a root (invalid anywhere but first).
  package static let route: Generator<TestRoute, some Sequence & SendableMetatype> =
    zip(Gen.int(in: 0...9), Gen.bool(0.6), screen, configuration).map { input -> TestRoute in
      let (kind, withNavigation, screen, configuration) = input
      switch kind {
      case 0: return .root(screen, withNavigation: withNavigation)
      case 1...4: return .push(screen)
      case 5...7: return .sheet(screen, withNavigation: withNavigation, configuration: configuration)
      default: return .cover(screen, withNavigation: withNavigation)
      }
    }

  /// Up to three routes of any style, as `open(_:mode:)` takes them (a root among them is invalid).
  package static let routes: Generator<[TestRoute], some Sequence & SendableMetatype> = route.array(of: 0...3)

  /// Routes that usually start with a root, as `reset` takes them; often valid, often not.
  package static let stackCandidate: Generator<[TestRoute], some Sequence & SendableMetatype> =
    zip(Gen.bool(0.85), screen, Gen.bool(0.8), routes).map { input -> [TestRoute] in
      let (hasRoot, screen, withNavigation, rest) = input
      return hasRoot ? [.root(screen, withNavigation: withNavigation)] + rest : rest
    }

  /// A valid stack of up to eight routes: a root, then random routes where a push that would land
  /// in a layer without navigation becomes a sheet with navigation.
  package static let validStack: Generator<[TestRoute], some Sequence & SendableMetatype> =
    zip(screen, Gen.bool(0.8), route.array(of: 0...7)).map { input -> [TestRoute] in
      let (screen, withNavigation, rest) = input
      var stack: [TestRoute] = [.root(screen, withNavigation: withNavigation)]
      var layerHasNavigation = withNavigation
      for route in rest {
        switch route.style {
        case .root: continue
        case .push where !layerHasNavigation:
          stack.append(.sheet(route.screen, withNavigation: true))
          layerHasNavigation = true
        case .push: stack.append(route)
        case .sheet, .cover:
          stack.append(route)
          layerHasNavigation = route.withNavigation
        }
      }
      return stack
    }

  /// A match by value, or by a predicate on the screen's case.
  package static let match: Generator<ScreenMatch<TestScreen>, some Sequence & SendableMetatype> =
    zip(Gen.bool, screen).map { byValue, screen in
      byValue ? .screen(screen) : .where("any \(screen) case") { sameCase($0, screen) }
    }

  package static let count: Generator<Int, some Sequence & SendableMetatype> = Gen.int(in: -1...4)

  /// Any command, stack and coordinator commands alike, weighted toward growing the stack. The kind
  /// is drawn first, and then only what that command needs.
  package static let command = Generator<TestCommand, Shrink.None<TestCommand>> { rng in
    switch Int.random(in: 0...30, using: &rng) {
    case 0...5: return .push(screen.run(using: &rng))
    case 6...8:
      return .presentSheet(
        screen.run(using: &rng), withNavigation: Bool.random(using: &rng), configuration: configuration.run(using: &rng))
    case 9...10: return .presentCover(screen.run(using: &rng), withNavigation: Bool.random(using: &rng))
    case 11: return .goBack(count: count.run(using: &rng))
    case 12: return .goBackTo(match.run(using: &rng))
    case 13: return .goBackToRoot
    case 14: return .pop(count: count.run(using: &rng))
    case 15: return .popTo(match.run(using: &rng))
    case 16: return .popToRoot
    case 17: return .popToCurrentNavigationRoot
    case 18...19: return .dismiss(count: count.run(using: &rng))
    case 20: return .dismissAll
    case 21: return .reset(stackCandidate.run(using: &rng))
    case 22: return .open(stackCandidate.run(using: &rng), mode: .replace)
    case 23: return .open([.push(screen.run(using: &rng))] + routes.run(using: &rng), mode: .replace)
    case 24: return .open(routes.run(using: &rng), mode: .keepRoot)
    case 25...26: return .open(routes.run(using: &rng), mode: .append)
    case 27: return .selectTab("profile")
    case 28: return .tab("profile", .push(screen.run(using: &rng)))
    case 29: return .emit(NavigationEvent("tapped", payload: ["count": .int(count.run(using: &rng))]))
    default: return .setTopScreen(screen.run(using: &rng))
    }
  }

  /// Whether two screens are the same case, whatever their data.
  package static func sameCase(_ lhs: TestScreen, _ rhs: TestScreen) -> Bool {
    switch (lhs, rhs) {
    case (.item, .item): return true
    default: return lhs == rhs
    }
  }
}
