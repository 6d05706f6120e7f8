import NavigationTestSupport
import TabFlowNavigation
import Testing

/// The operations table of the design (§2), row by row, as data: a start stack, an operation and
/// either the stack it leads to or the message of its refusal. `RouteStackOperationsTests` and
/// `ArrayOperationsTests` run every row through `apply(_:)` and through the convenience method.
struct OperationCase: Sendable, CustomTestStringConvertible {
  enum Outcome: Sendable {
    /// The operation succeeds and leaves these routes.
    case routes([TestRoute])
    /// The operation is refused with this message and changes nothing.
    case refused(String)
  }

  let rule: String
  let start: [TestRoute]
  let operation: NavigationOperation
  let outcome: Outcome

  init(_ rule: String, _ start: [TestRoute], _ operation: NavigationOperation, _ outcome: Outcome) {
    self.rule = rule
    self.start = start
    self.operation = operation
    self.outcome = outcome
  }

  var testDescription: String { "\(operation): \(rule)" }

  var expectedRoutes: [TestRoute]? {
    if case let .routes(routes) = outcome { return routes }
    return nil
  }

  var expectedMessage: String? {
    if case let .refused(message) = outcome { return message }
    return nil
  }
}

// MARK: - Stacks the cases start from

extension OperationCase {
  /// `feed`
  static let rootOnly: [TestRoute] = [.root(.feed)]
  /// `feed > item > item`
  static let pushed: [TestRoute] = [.root(.feed), .push(.item(id: 1)), .push(.item(id: 2))]
  /// `feed > item > sheet:login`, the sheet without navigation.
  static let sheetWithoutNavigation: [TestRoute] = [.root(.feed), .push(.item(id: 1)), .sheet(.login)]
  /// `feed > item > sheet:login > item > cover:checkout > settings`, both layers with navigation.
  static let deep: [TestRoute] = [
    .root(.feed), .push(.item(id: 1)),
    .sheet(.login, withNavigation: true), .push(.item(id: 1)),
    .cover(.checkout, withNavigation: true), .push(.settings),
  ]
}

// MARK: - Valid operations

extension OperationCase {
  static let valid: [OperationCase] = [
    // push
    .init("appends a push onto the root's navigation", rootOnly, .push(.item(id: 1)),
          .routes([.root(.feed), .push(.item(id: 1))])),
    .init("pushes into a sheet with navigation", [.root(.feed), .sheet(.login, withNavigation: true)], .push(.checkout),
          .routes([.root(.feed), .sheet(.login, withNavigation: true), .push(.checkout)])),
    .init("pushes into a cover with navigation", [.root(.feed), .cover(.login, withNavigation: true)], .push(.checkout),
          .routes([.root(.feed), .cover(.login, withNavigation: true), .push(.checkout)])),
    .init("pushes above the pushes of the top layer", deep, .push(.orders), .routes(deep + [.push(.orders)])),
    .init("pushes onto the root when the presented layers above it were dismissed",
          [.root(.feed), .push(.item(id: 1))], .push(.item(id: 2)), .routes(pushed)),

    // presentSheet / presentCover
    .init("appends a sheet with its navigation flag and configuration", pushed,
          .presentSheet(.login, withNavigation: true, configuration: .halfAndFull),
          .routes(pushed + [.sheet(.login, withNavigation: true, configuration: .halfAndFull)])),
    .init("presents without navigation and with the default configuration by default", pushed,
          .presentSheet(.login), .routes(pushed + [.sheet(.login, withNavigation: false, configuration: .default)])),
    .init("presents over a layer without navigation", sheetWithoutNavigation, .presentSheet(.checkout),
          .routes(sheetWithoutNavigation + [.sheet(.checkout)])),
    .init("appends a cover with its navigation flag", sheetWithoutNavigation, .presentCover(.checkout, withNavigation: true),
          .routes(sheetWithoutNavigation + [.cover(.checkout, withNavigation: true)])),
    .init("presents over a root without navigation", [.root(.feed, withNavigation: false)], .presentCover(.login),
          .routes([.root(.feed, withNavigation: false), .cover(.login)])),

    // goBack
    .init("removes the top route", pushed, .goBack(), .routes(Array(pushed.prefix(2)))),
    .init("removes a presented route too", sheetWithoutNavigation, .goBack(1),
          .routes(Array(sheetWithoutNavigation.prefix(2)))),
    .init("removes routes of any style", deep, .goBack(3), .routes(Array(deep.prefix(3)))),
    .init("removes everything but the root at k = n − 1", deep, .goBack(5), .routes([.root(.feed)])),

    // goBackTo
    .init("keeps everything up to the topmost route showing the screen", deep, .goBackToScreen(.item(id: 1)),
          .routes(Array(deep.prefix(4)))),
    .init("goes back to a presented route", deep, .goBackToScreen(.login), .routes(Array(deep.prefix(3)))),
    .init("goes back to the topmost route matching a predicate", deep,
          .goBackToMatching { if case .item = $0 { true } else { false } }, .routes(Array(deep.prefix(4)))),
    .init("goes back to the root's screen", deep, .goBackToScreen(.feed), .routes([.root(.feed)])),
    .init("is a no-op when the top already matches", pushed, .goBackToScreen(.item(id: 2)), .routes(pushed)),

    // goBackTo(index:)
    .init("keeps the routes up to the index", deep, .goBackToIndex(2), .routes(Array(deep.prefix(3)))),
    .init("keeps only the root at index 0", deep, .goBackToIndex(0), .routes([.root(.feed)])),
    .init("is a no-op at the top's index", pushed, .goBackToIndex(2), .routes(pushed)),

    // goBackToRoot
    .init("keeps only the root, whatever is pushed or presented", deep, .goBackToRoot, .routes([.root(.feed)])),
    .init("is a no-op at the root", rootOnly, .goBackToRoot, .routes(rootOnly)),

    // pop
    .init("removes the top push", pushed, .pop(), .routes(Array(pushed.prefix(2)))),
    .init("removes k pushes", pushed, .pop(2), .routes([.root(.feed)])),
    .init("pops inside a presented layer", deep, .pop(), .routes(Array(deep.prefix(5)))),

    // popTo
    .init("pops to the topmost route showing the screen",
          [.root(.feed), .push(.item(id: 1)), .push(.item(id: 2)), .push(.item(id: 1)), .push(.settings)],
          .popToScreen(.item(id: 1)),
          .routes([.root(.feed), .push(.item(id: 1)), .push(.item(id: 2)), .push(.item(id: 1))])),
    .init("pops to a presented route, which stays", deep, .popToScreen(.checkout), .routes(Array(deep.prefix(5)))),
    .init("pops to the root's screen", pushed, .popToScreen(.feed), .routes([.root(.feed)])),
    .init("pops to the topmost route matching a predicate", pushed,
          .popToMatching { if case .item = $0 { true } else { false } }, .routes(pushed)),

    // popTo(index:)
    .init("pops the pushes above the index", pushed, .popToIndex(1), .routes(Array(pushed.prefix(2)))),
    .init("pops to the root at index 0", pushed, .popToIndex(0), .routes([.root(.feed)])),
    .init("is a no-op at the top's index", deep, .popToIndex(5), .routes(deep)),

    // popToRoot
    .init("removes every push above the root", pushed, .popToRoot, .routes([.root(.feed)])),
    .init("is a no-op at the root", rootOnly, .popToRoot, .routes(rootOnly)),

    // popToCurrentNavigationRoot
    .init("removes the pushes of the top presented layer", deep, .popToCurrentNavigationRoot,
          .routes(Array(deep.prefix(5)))),
    .init("removes the pushes of the root layer when nothing is presented", pushed, .popToCurrentNavigationRoot,
          .routes([.root(.feed)])),
    .init("is a no-op when the top layer has no pushes", sheetWithoutNavigation, .popToCurrentNavigationRoot,
          .routes(sheetWithoutNavigation)),
    .init("keeps the presented route (FlowStacks' testPopToCurrentNavigationRootPresented)",
          [.root(.feed), .sheet(.login, withNavigation: true), .push(.item(id: 2)), .push(.item(id: 3)), .push(.item(id: 4))],
          .popToCurrentNavigationRoot, .routes([.root(.feed), .sheet(.login, withNavigation: true)])),

    // dismiss(count:)
    .init("removes the top presented layer with its pushes", deep, .dismiss(),
          .routes(Array(deep.prefix(4)))),
    .init("removes k presented layers with their pushes", deep, .dismiss(count: 2), .routes(Array(deep.prefix(2)))),
    .init("removes a presented top route", sheetWithoutNavigation, .dismiss(),
          .routes(Array(sheetWithoutNavigation.prefix(2)))),
    .init("dismisses one layer (FlowStacks' testDismissAll, first step)", dismissAllFixture, .dismiss(),
          .routes(Array(dismissAllFixture.prefix(6)))),

    // dismissAll
    .init("removes every presented layer, keeping the root layer's pushes", deep, .dismissAll,
          .routes(Array(deep.prefix(2)))),
    .init("is a no-op when nothing is presented (FlowStacks' testDismissAllNoOpWithOnlyPushes)", pushed, .dismissAll,
          .routes(pushed)),
    .init("keeps the root and its pushes (FlowStacks' testDismissAllWhereFirstIsPushed)", dismissAllFixture,
          .dismissAll, .routes([.root(.feed), .push(.item(id: 1))])),
    .init("keeps only the root when the first presented route is right above it (testDismissAllWhereFirstIsPresented)",
          [.root(.feed), .cover(.login, withNavigation: true), .sheet(.checkout, withNavigation: true), .push(.item(id: 3)),
           .cover(.settings, withNavigation: true), .push(.item(id: 5))],
          .dismissAll, .routes([.root(.feed)])),
    .init("dismisses four layers at once (legacy testDismissAll)",
          [.root(.feed), .push(.item(id: -2)), .sheet(.item(id: 3), withNavigation: true),
           .sheet(.item(id: 4), withNavigation: true), .sheet(.item(id: 5), withNavigation: true),
           .sheet(.item(id: 6), withNavigation: true), .push(.item(id: -4))],
          .dismissAll, .routes([.root(.feed), .push(.item(id: -2))])),

    // reset
    .init("replaces the whole stack, root included", deep, .reset([.root(.profile), .push(.orders)]),
          .routes([.root(.profile), .push(.orders)])),
    .init("accepts any valid stack", pushed,
          .reset([.root(.profile, withNavigation: false), .sheet(.login, withNavigation: true, configuration: .half),
                  .push(.checkout), .cover(.settings)]),
          .routes([.root(.profile, withNavigation: false), .sheet(.login, withNavigation: true, configuration: .half),
                   .push(.checkout), .cover(.settings)])),

    // open
    .init("replace: the given routes become the stack", deep, .open([.root(.profile), .push(.orders)], mode: .replace),
          .routes([.root(.profile), .push(.orders)])),
    .init("replace: a first push becomes the new root, with navigation", deep,
          .open([.push(.profile), .push(.orders)], mode: .replace),
          .routes([.root(.profile, withNavigation: true), .push(.orders)])),
    .init("replace: a root without navigation stays without", pushed,
          .open([.root(.profile, withNavigation: false), .sheet(.login)], mode: .replace),
          .routes([.root(.profile, withNavigation: false), .sheet(.login)])),
    .init("keepRoot: the current root and the given routes", deep,
          .open([.push(.item(id: 3)), .sheet(.login)], mode: .keepRoot),
          .routes([.root(.feed), .push(.item(id: 3)), .sheet(.login)])),
    .init("keepRoot: no routes leave only the root", deep, .open([], mode: .keepRoot), .routes([.root(.feed)])),
    .init("append: the given routes on top of the current stack", pushed,
          .open([.push(.orders), .sheet(.login, withNavigation: true), .push(.checkout)], mode: .append),
          .routes(pushed + [.push(.orders), .sheet(.login, withNavigation: true), .push(.checkout)])),
    .init("append: a layer without navigation may be presented over", sheetWithoutNavigation,
          .open([.cover(.checkout)], mode: .append), .routes(sheetWithoutNavigation + [.cover(.checkout)])),
    .init("append: no routes change nothing", deep, .open([], mode: .append), .routes(deep)),
  ]

  /// FlowStacks' `testDismissAll` data in root-in-array form, presented layers with navigation:
  /// `feed > item > sheet:login > item > cover:checkout > item > cover:settings > item`.
  static let dismissAllFixture: [TestRoute] = [
    .root(.feed), .push(.item(id: 1)), .sheet(.login, withNavigation: true), .push(.item(id: 3)),
    .cover(.checkout, withNavigation: true), .push(.item(id: 5)), .cover(.settings, withNavigation: true),
    .push(.item(id: 7)),
  ]
}

// MARK: - Invalid operations

extension OperationCase {
  static let invalid: [OperationCase] = [
    // push
    .init("the top layer is a sheet without navigation", sheetWithoutNavigation, .push(.checkout),
          .refused("cannot push 'checkout': the top layer 'login' (sheet) has no navigation — present it with navigation: true")),
    .init("the top layer is a cover without navigation", [.root(.feed), .cover(.checkout)], .push(.item(id: 1)),
          .refused("cannot push 'item': the top layer 'checkout' (cover) has no navigation — present it with navigation: true")),
    .init("the root has no navigation", [.root(.feed, withNavigation: false)], .push(.item(id: 1)),
          .refused("cannot push 'item': the top layer 'feed' (root) has no navigation — declare the root with navigation: true")),

    // goBack
    .init("k < 1", pushed, .goBack(0), .refused("cannot goBack 0: the count must be at least 1")),
    .init("k is negative", pushed, .goBack(-1), .refused("cannot goBack -1: the count must be at least 1")),
    .init("k > n − 1 would remove the root", pushed, .goBack(3),
          .refused("cannot goBack 3: the stack has 3 routes and its root 'feed' is never removed (at most 2)")),
    .init("at the root", rootOnly, .goBack(),
          .refused("cannot goBack 1: the stack has 1 route and its root 'feed' is never removed (at most 0)")),

    // goBackTo
    .init("no route shows the screen", sheetWithoutNavigation, .goBackToScreen(.checkout),
          .refused("cannot goBackTo 'checkout': no route matches in 'feed > item > sheet:login'")),
    .init("no route has the screen's data", pushed, .goBackToScreen(.item(id: 9)),
          .refused("cannot goBackTo 'item(id: 9)': no route matches in 'feed > item > item'")),
    .init("no route matches the predicate", pushed, .goBackToMatching { $0 == .settings },
          .refused("cannot goBackTo 'a screen matching the predicate': no route matches in 'feed > item > item'")),

    // goBackTo(index:)
    .init("the index is past the top", pushed, .goBackToIndex(3),
          .refused("cannot goBackTo index 3: the stack has 3 routes (the top is at index 2)")),
    .init("the index is negative: the root is never removed", pushed, .goBackToIndex(-1),
          .refused("cannot goBackTo index -1: the root is at index 0 and is never removed")),

    // pop
    .init("the top route is presented", sheetWithoutNavigation, .pop(),
          .refused("cannot pop: 'login' (sheet) is presented, and pop removes pushes only — use goBack or dismiss")),
    .init("a removed route is presented", deep, .pop(2),
          .refused("cannot pop: 'checkout' (cover) is presented, and pop removes pushes only — use goBack or dismiss")),
    .init("k < 1", pushed, .pop(0), .refused("cannot pop 0: the count must be at least 1")),
    .init("k > n − 1 would remove the root", pushed, .pop(3),
          .refused("cannot pop 3: the stack has 3 routes and its root 'feed' is never removed (at most 2)")),
    .init("at the root", rootOnly, .pop(),
          .refused("cannot pop 1: the stack has 1 route and its root 'feed' is never removed (at most 0)")),

    // popTo
    .init("no route shows the screen", sheetWithoutNavigation, .popToScreen(.orders),
          .refused("cannot popTo 'orders': no route matches in 'feed > item > sheet:login'")),
    .init("a presented route is above the topmost match", deep, .popToScreen(.item(id: 1)),
          .refused("cannot popTo: 'checkout' (cover) is presented, and popTo removes pushes only — use goBack or dismiss")),
    .init("the root's screen is below a sheet", sheetWithoutNavigation, .popToScreen(.feed),
          .refused("cannot popTo: 'login' (sheet) is presented, and popTo removes pushes only — use goBack or dismiss")),
    .init("no route matches the predicate", pushed, .popToMatching { $0 == .settings },
          .refused("cannot popTo 'a screen matching the predicate': no route matches in 'feed > item > item'")),

    // popTo(index:)
    .init("a presented route is above the index", deep, .popToIndex(1),
          .refused("cannot pop: 'login' (sheet) is presented, and pop removes pushes only — use goBack or dismiss")),
    .init("the index is past the top", pushed, .popToIndex(7),
          .refused("cannot popTo index 7: the stack has 3 routes (the top is at index 2)")),

    // popToRoot
    .init("a presented route is above the root", sheetWithoutNavigation, .popToRoot,
          .refused("cannot popToRoot: 'login' (sheet) is presented, and popToRoot removes pushes only — use goBack or dismiss")),

    // dismiss(count:)
    .init("nothing is presented", pushed, .dismiss(),
          .refused("cannot dismiss 1: nothing is presented")),
    .init("fewer than k layers are presented", deep, .dismiss(count: 3),
          .refused("cannot dismiss 3: only 2 layers are presented")),
    .init("only one layer is presented", sheetWithoutNavigation, .dismiss(count: 2),
          .refused("cannot dismiss 2: only 1 layer is presented")),
    .init("k < 1", deep, .dismiss(count: 0), .refused("cannot dismiss 0: the count must be at least 1")),

    // reset
    .init("no routes", pushed, .reset([]), .refused("cannot reset: a stack needs at least its root")),
    .init("the first route is a push", pushed, .reset([.push(.item(id: 1))]),
          .refused("cannot reset: the first route 'item' (push) is not a root")),
    .init("the first route is a sheet", pushed, .reset([.sheet(.login), .push(.checkout)]),
          .refused("cannot reset: the first route 'login' (sheet) is not a root")),
    .init("a second root", pushed, .reset([.root(.feed), .root(.profile)]),
          .refused("cannot reset: 'profile' is a root, but only the first route can be one")),
    .init("a push into a sheet without navigation", pushed, .reset([.root(.feed), .sheet(.login), .push(.checkout)]),
          .refused("cannot reset: cannot push 'checkout': the layer 'login' (sheet) has no navigation")),
    .init("a push onto a root without navigation", pushed, .reset([.root(.feed, withNavigation: false), .push(.item(id: 1))]),
          .refused("cannot reset: cannot push 'item': the layer 'feed' (root) has no navigation")),

    // open
    .init("replace: no routes", pushed, .open([], mode: .replace),
          .refused("cannot open (replace): no routes given; the first one becomes the new root")),
    .init("replace: a presented route cannot become the root", pushed, .open([.sheet(.login)], mode: .replace),
          .refused("cannot open (replace): the first route 'login' (sheet) cannot become the root")),
    .init("replace: a push into a root without navigation", pushed,
          .open([.root(.profile, withNavigation: false), .push(.orders)], mode: .replace),
          .refused("cannot open (replace): cannot push 'orders': the layer 'profile' (root) has no navigation")),
    .init("keepRoot: a second root", pushed, .open([.root(.profile)], mode: .keepRoot),
          .refused("cannot open (keepRoot): 'profile' is a root, but only the first route can be one")),
    .init("keepRoot: a push onto the kept root without navigation", [.root(.feed, withNavigation: false), .sheet(.login)],
          .open([.push(.item(id: 3))], mode: .keepRoot),
          .refused("cannot open (keepRoot): cannot push 'item': the layer 'feed' (root) has no navigation")),
    .init("append: a push into the top sheet without navigation", sheetWithoutNavigation,
          .open([.push(.checkout)], mode: .append),
          .refused("cannot open (append): cannot push 'checkout': the layer 'login' (sheet) has no navigation")),
    .init("append: a second root", pushed, .open([.push(.orders), .root(.profile)], mode: .append),
          .refused("cannot open (append): 'profile' is a root, but only the first route can be one")),

    // coordinator-only commands
    .init("selectTab is a coordinator command", pushed, .coordinator(.selectTab("profile")),
          .refused("'selectTab' is a tab coordinator command; a single stack cannot apply it")),
    .init("tab is a coordinator command", pushed, .coordinator(.tab("profile", .push(.orders))),
          .refused("'tab' is a tab coordinator command; a single stack cannot apply it")),
    .init("emit is a coordinator command", pushed, .coordinator(.emit(NavigationEvent("purchased", payload: ["id": 3]))),
          .refused("'emit' is a tab coordinator command; a single stack cannot apply it")),
  ]
}

// MARK: - Argument lists

extension OperationCase {
  static var validCommands: [OperationCase] { valid.filter { $0.operation.command != nil } }
  static var validConvenienceCalls: [OperationCase] { valid.filter(\.operation.hasConvenienceMethod) }
  static var invalidCommands: [OperationCase] { invalid.filter { $0.operation.command != nil } }
  static var invalidConvenienceCalls: [OperationCase] { invalid.filter(\.operation.hasConvenienceMethod) }
}
