@testable import TabFlowLua
@testable import TabFlowNavigation
import Testing

/// The host's reading of the command tables a rule queued through `nav` (RuleDSL): every op and
/// field, defaults, the `tab` wrapper, and an error naming what is wrong for anything else.
@Suite struct ScriptCommandDecoderTests {
  typealias Command = NavigationCommand<DynamicScreen>

  static let decoder = ScriptCommandDecoder(
    screens: [
      "feed": ScreenDeclaration(name: "feed", actions: [(name: "itemTapped", sample: ["id": 1])]),
      "item": ScreenDeclaration(name: "item", stateDefaults: ["id": 0, "qty": 1]),
      "login": ScreenDeclaration(name: "login"),
      "orders": ScreenDeclaration(name: "orders"),
      "account": ScreenDeclaration(name: "account"),
    ],
    tabs: ["home", "profile"])

  static let feed = DynamicScreen("feed")
  static let login = DynamicScreen("login")
  static let orders = DynamicScreen("orders")
  static func item(_ id: Int, qty: Int = 1) -> DynamicScreen {
    DynamicScreen("item", state: ["id": .int(id), "qty": .int(qty)])
  }

  static func decode(_ item: FlowValue) throws -> Command {
    try decoder.command(from: item)
  }

  static func failure(_ item: FlowValue, sourceLocation: SourceLocation = #_sourceLocation) throws -> ScriptError {
    try #require(throws: ScriptError.self, sourceLocation: sourceLocation) { try decoder.command(from: item) }
  }

  static func expectFailure(
    _ item: FlowValue, _ kind: ScriptError.Kind, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let error = try failure(item, sourceLocation: sourceLocation)
    #expect(error.kind == kind, sourceLocation: sourceLocation)
    #expect(error.message == message, sourceLocation: sourceLocation)
    #expect(error.rule == nil, sourceLocation: sourceLocation)
  }

  // MARK: - The queue

  @Test func anEmptyQueueIsNoCommands() throws {
    #expect(try Self.decoder.commands(from: .null).isEmpty)
    #expect(try Self.decoder.commands(from: .emptyObject).isEmpty)
    #expect(try Self.decoder.commands(from: .array([])).isEmpty)
  }

  @Test func keepsTheQueuedOrder() throws {
    let commands = try Self.decoder.commands(from: [
      ["op": "push", "screen": "item", "state": ["id": 3]],
      ["op": "push", "screen": "orders", "tab": "profile"],
      ["op": "selectTab", "target": "profile"],
      ["op": "emit", "name": "opened"],
    ])
    #expect(commands == [
      .push(Self.item(3)), .tab("profile", .push(Self.orders)), .selectTab("profile"), .emit(NavigationEvent("opened")),
    ])
  }

  @Test func oneBadCommandFailsTheWholeQueue() throws {
    let error = try #require(throws: ScriptError.self) {
      try Self.decoder.commands(from: [["op": "push", "screen": "item"], ["op": "push", "screen": "nowhere"]])
    }
    #expect(error.kind == .unknownName)
    #expect(error.message == "unknown screen 'nowhere'")
  }

  @Test(arguments: [
    (FlowValue.string("push"), "string"), (FlowValue.int(1), "integer"), (FlowValue.bool(true), "boolean"),
    (FlowValue.object(["op": "push"]), "table"),
  ])
  func aQueueMustBeAList(queue: FlowValue, kind: String) throws {
    let error = try #require(throws: ScriptError.self) { try Self.decoder.commands(from: queue) }
    #expect(error.kind == .invalidCommand)
    #expect(error.message == "a rule must queue commands through nav, got \(kind)")
  }

  @Test(arguments: [
    (FlowValue.int(3), "3"), (FlowValue.string("push"), "\"push\""), (FlowValue.array(["push"]), "{\"push\"}"),
    (FlowValue.object(["screen": "item"]), "{screen=\"item\"}"), (FlowValue.object(["op": 1]), "{op=1}"),
    (FlowValue.emptyObject, "{}"),
  ])
  func aCommandIsATableWithAnOpName(item: FlowValue, printed: String) throws {
    try Self.expectFailure(item, .invalidCommand, "not a command: \(printed)")
  }

  /// A push on a rule's own nav is queued as two entries, the screen's name and its state
  /// (`false` for none); it decodes like the named form and is checked the same way.
  @Test func aPushQueuedAsANameAndAStateDecodesLikeTheNamedOne() throws {
    let pop: FlowValue = ["op": "pop", "count": 1]
    #expect(
      try Self.decoder.commands(from: ["item", ["id": 3], pop, "item", false, "feed", .emptyObject])
        == [.push(Self.item(3)), .pop(count: 1), .push(Self.item(0)), .push(Self.feed)])
    #expect(try Self.decoder.commands(from: ["item", ["id": 3]]) == [try Self.decode(["op": "push", "screen": "item", "state": ["id": 3]])])
    let wrongKind = try #require(throws: ScriptError.self) { try Self.decoder.commands(from: ["item", ["id": "x"]]) }
    #expect(wrongKind.message == "field 'id' of screen 'item' expects a value of kind integer, got string")
    let unknown = try #require(throws: ScriptError.self) { try Self.decoder.commands(from: ["itme", false]) }
    #expect(unknown.kind == .unknownName)
  }

  @Test func refusesAnUnknownOp() throws {
    try Self.expectFailure(["op": "teleport"], .invalidCommand, "unknown command 'teleport'")
    try Self.expectFailure(["op": "Push", "screen": "item"], .invalidCommand, "unknown command 'Push'")
    try Self.expectFailure(["op": ""], .invalidCommand, "unknown command ''")
  }

  // MARK: - push and screens

  @Test func pushOpensTheScreenWithItsDefaultsUnderThePayload() throws {
    #expect(try Self.decode(["op": "push", "screen": "item", "state": ["id": 3]]) == .push(Self.item(3)))
    #expect(
      try Self.decode(["op": "push", "screen": "item", "state": ["qty": 5, "id": 2]]) == .push(Self.item(2, qty: 5)))
    #expect(try Self.decode(["op": "push", "screen": "feed"]) == .push(Self.feed))
  }

  @Test(arguments: [FlowValue.null, .emptyObject, .array([])])
  func aMissingOrEmptyStateMeansTheDefaults(state: FlowValue) throws {
    #expect(try Self.decode(["op": "push", "screen": "item", "state": state]) == .push(Self.item(0)))
  }

  @Test func theStateMustBeATable() throws {
    try Self.expectFailure(
      ["op": "push", "screen": "item", "state": "id=3"], .payload, "the state of 'item' must be a table, got string")
    try Self.expectFailure(
      ["op": "push", "screen": "item", "state": [3]], .payload, "the state of 'item' must be a table, got array")
    try Self.expectFailure(
      ["op": "push", "screen": "item", "state": 3], .payload, "the state of 'item' must be a table, got integer")
  }

  @Test func payloadErrorsNameTheScreenAndField() throws {
    try Self.expectFailure(
      ["op": "push", "screen": "item", "state": ["idd": 3]], .payload,
      "screen 'item' has no field 'idd' (fields: id, qty) — did you mean 'id'?")
    try Self.expectFailure(
      ["op": "push", "screen": "item", "state": ["id": "3"]], .payload,
      "field 'id' of screen 'item' expects a value of kind integer, got string")
    try Self.expectFailure(
      ["op": "push", "screen": "login", "state": ["reason": "x"]], .payload,
      "screen 'login' has no state, but the payload sets 'reason'")
  }

  @Test func anUnknownScreenIsNamedWithTheLikelyOne() throws {
    try Self.expectFailure(
      ["op": "push", "screen": "iten"], .unknownName, "unknown screen 'iten' — did you mean 'item'?")
    try Self.expectFailure(
      ["op": "push", "screen": "Login"], .unknownName, "unknown screen 'Login' — did you mean 'login'?")
    try Self.expectFailure(["op": "push", "screen": "checkout"], .unknownName, "unknown screen 'checkout'")
  }

  @Test(arguments: [
    (FlowValue.null, "nil"), (FlowValue.int(3), "integer"), (FlowValue.string(""), "an empty string"),
    (FlowValue.object(["name": "item"]), "table"),
  ])
  func theScreenMustBeANonEmptyName(screen: FlowValue, found: String) throws {
    try Self.expectFailure(["op": "push", "screen": screen], .invalidCommand, "expected a screen name, got \(found)")
  }

  @Test func aMissingScreenIsNamedAsMissing() throws {
    try Self.expectFailure(["op": "push"], .invalidCommand, "expected a screen name, got nothing")
    try Self.expectFailure(["op": "presentSheet"], .invalidCommand, "expected a screen name, got nothing")
    try Self.expectFailure(["op": "popTo"], .invalidCommand, "expected a screen name, got nothing")
  }

  // MARK: - Presenting

  @Test func presentSheetDefaultsToAFullHeightSheetWithoutNavigation() throws {
    #expect(
      try Self.decode(["op": "presentSheet", "screen": "login", "state": .emptyObject])
        == .presentSheet(Self.login, withNavigation: false, configuration: .default))
  }

  @Test func presentSheetTakesNavigationDetentsAndDragIndicator() throws {
    let command = try Self.decode([
      "op": "presentSheet", "screen": "login", "navigation": true, "detents": ["medium", "large"],
      "dragIndicator": false,
    ])
    #expect(
      command
        == .presentSheet(
          Self.login, withNavigation: true,
          configuration: SheetConfiguration(detents: [.medium, .large], showDragIndicator: false)))
    let sized = try Self.decode([
      "op": "presentSheet", "screen": "item", "state": ["id": 2], "detents": ["fraction:0.3", "height:240", "large"],
    ])
    #expect(
      sized
        == .presentSheet(
          Self.item(2), withNavigation: false,
          configuration: SheetConfiguration(detents: [.fraction(0.3), .height(240), .large])))
  }

  /// Lua's `{}` arrives as the empty object; an empty list of detents is the default, as in Swift.
  @Test(arguments: [FlowValue.emptyObject, .array([]), .null])
  func noDetentsMeansFullHeight(detents: FlowValue) throws {
    #expect(
      try Self.decode(["op": "presentSheet", "screen": "login", "detents": detents])
        == .presentSheet(Self.login, configuration: .default))
  }

  @Test(arguments: [
    (FlowValue.string("huge"), #""huge""#), (FlowValue.int(3), "3"), (FlowValue.string("fraction:2"), #""fraction:2""#),
    (FlowValue.string("height:-1"), #""height:-1""#), (FlowValue.string("Medium"), #""Medium""#),
  ])
  func refusesAnUnknownDetent(detent: FlowValue, printed: String) throws {
    try Self.expectFailure(
      ["op": "presentSheet", "screen": "login", "detents": ["medium", detent]], .invalidCommand,
      "unknown sheet detent \(printed) (medium, large, fraction:<0…1>, height:<points>)")
  }

  @Test func detentsMustBeAList() throws {
    try Self.expectFailure(
      ["op": "presentSheet", "screen": "login", "detents": "medium"], .invalidCommand,
      #"detents must be a list like {"medium", "large"}, got "medium""#)
    try Self.expectFailure(
      ["op": "presentSheet", "screen": "login", "detents": ["medium": true]], .invalidCommand,
      #"detents must be a list like {"medium", "large"}, got {medium=true}"#)
  }

  @Test func flagsMustBeBooleansAndSayWhichFlag() throws {
    try Self.expectFailure(
      ["op": "presentSheet", "screen": "login", "navigation": "yes"], .invalidCommand,
      #"navigation must be true or false, got "yes""#)
    try Self.expectFailure(
      ["op": "presentSheet", "screen": "login", "dragIndicator": 0], .invalidCommand,
      "dragIndicator must be true or false, got 0")
    try Self.expectFailure(
      ["op": "presentCover", "screen": "login", "navigation": 1], .invalidCommand,
      "navigation must be true or false, got 1")
  }

  @Test func presentCoverTakesNavigation() throws {
    #expect(
      try Self.decode(["op": "presentCover", "screen": "login"]) == .presentCover(Self.login, withNavigation: false))
    #expect(
      try Self.decode(["op": "presentCover", "screen": "item", "state": ["id": 4], "navigation": true])
        == .presentCover(Self.item(4), withNavigation: true))
  }

  // MARK: - Going back

  @Test(arguments: ["pop", "goBack", "dismiss"])
  func countedOpsDefaultToOne(op: String) throws {
    let one = try Self.decode(["op": .string(op)])
    let three = try Self.decode(["op": .string(op), "count": 3])
    let explicitNil = try Self.decode(["op": .string(op), "count": .null])
    switch op {
    case "pop": #expect([one, three, explicitNil] == [.pop(count: 1), .pop(count: 3), .pop(count: 1)])
    case "goBack": #expect([one, three, explicitNil] == [.goBack(count: 1), .goBack(count: 3), .goBack(count: 1)])
    default: #expect([one, three, explicitNil] == [.dismiss(count: 1), .dismiss(count: 3), .dismiss(count: 1)])
    }
  }

  @Test func aCountOutOfRangeIsLeftToTheStackToRefuse() throws {
    #expect(try Self.decode(["op": "pop", "count": 0]) == .pop(count: 0))
    #expect(try Self.decode(["op": "dismiss", "count": -2]) == .dismiss(count: -2))
  }

  @Test(arguments: [(FlowValue.double(1.5), "1.5"), (FlowValue.string("2"), "\"2\""), (FlowValue.bool(true), "true")])
  func aCountMustBeAnInteger(count: FlowValue, printed: String) throws {
    for op in ["pop", "goBack", "dismiss"] {
      try Self.expectFailure(
        ["op": .string(op), "count": count], .invalidCommand, "a count must be a whole number, got \(printed)")
    }
  }

  @Test func popToAndGoBackToMatchScreensByName() throws {
    let popTo = try Self.decode(["op": "popTo", "screen": "item"])
    let goBackTo = try Self.decode(["op": "goBackTo", "screen": "feed"])
    #expect(popTo == .popTo(.named("item")))
    #expect(goBackTo == .goBackTo(.named("feed")))
    guard case let .popTo(match) = popTo else {
      Issue.record("expected popTo, got \(popTo)")
      return
    }
    #expect(match.matches(Self.item(1)))
    #expect(match.matches(Self.item(9, qty: 2)))
    #expect(!match.matches(Self.feed))
    #expect(match.label == "item")
    #expect(popTo.description == "popTo item")
  }

  @Test func opsWithoutFields() throws {
    #expect(try Self.decode(["op": "popToRoot"]) == .popToRoot)
    #expect(try Self.decode(["op": "goBackToRoot"]) == .goBackToRoot)
    #expect(try Self.decode(["op": "popToCurrentNavigationRoot"]) == .popToCurrentNavigationRoot)
    #expect(try Self.decode(["op": "dismissAll"]) == .dismissAll)
  }

  // MARK: - Tabs

  @Test func selectTabNamesAKnownTab() throws {
    #expect(try Self.decode(["op": "selectTab", "target": "profile"]) == .selectTab("profile"))
    try Self.expectFailure(
      ["op": "selectTab", "target": "profle"], .unknownName, "unknown tab 'profle' — did you mean 'profile'?")
    try Self.expectFailure(["op": "selectTab", "target": "settings"], .unknownName, "unknown tab 'settings'")
    try Self.expectFailure(["op": "selectTab"], .invalidCommand, "expected a tab name, got nothing")
    try Self.expectFailure(["op": "selectTab", "target": 2], .invalidCommand, "expected a tab name, got integer")
  }

  @Test func aTabFieldAddressesTheCommandToThatTab() throws {
    #expect(
      try Self.decode(["op": "push", "screen": "orders", "tab": "profile"]) == .tab("profile", .push(Self.orders)))
    #expect(try Self.decode(["op": "pop", "count": 2, "tab": "home"]) == .tab("home", .pop(count: 2)))
    #expect(try Self.decode(["op": "dismissAll", "tab": "profile"]) == .tab("profile", .dismissAll))
    #expect(try Self.decode(["op": "popToRoot", "tab": .null]) == .popToRoot)
    try Self.expectFailure(
      ["op": "push", "screen": "orders", "tab": "profil"], .unknownName,
      "unknown tab 'profil' — did you mean 'profile'?")
  }

  /// The command is checked before its tab, so a bad command is reported even for a bad tab.
  @Test func checksTheCommandBeforeItsTab() throws {
    try Self.expectFailure(
      ["op": "push", "screen": "iten", "tab": "nowhere"], .unknownName, "unknown screen 'iten' — did you mean 'item'?")
  }

  // MARK: - reset and open

  @Test func resetMakesTheFirstRouteTheRootByDefault() throws {
    let command = try Self.decode([
      "op": "reset", "routes": [["screen": "feed"], ["screen": "item", "state": ["id": 3]]],
    ])
    #expect(command == .reset([.root(Self.feed), .push(Self.item(3))]))
  }

  @Test func routesTakeExplicitStylesAndOptions() throws {
    let command = try Self.decode([
      "op": "reset",
      "routes": [
        ["screen": "feed", "style": "root", "navigation": false],
        ["screen": "login", "style": "sheet", "navigation": true, "detents": ["medium"], "dragIndicator": false],
        ["screen": "orders", "style": "push"],
        ["screen": "item", "style": "cover", "state": ["qty": 2]],
      ],
    ])
    #expect(
      command
        == .reset([
          .root(Self.feed, withNavigation: false),
          .sheet(
            Self.login, withNavigation: true,
            configuration: SheetConfiguration(detents: [.medium], showDragIndicator: false)),
          .push(Self.orders),
          .cover(Self.item(0, qty: 2), withNavigation: false),
        ]))
  }

  /// An explicit style is kept as given, even a push first; the stack is the one to refuse it.
  @Test func anExplicitPushFirstRouteStaysAPush() throws {
    #expect(
      try Self.decode(["op": "reset", "routes": [["screen": "feed", "style": "push"]]]) == .reset([.push(Self.feed)]))
  }

  @Test func anEmptyRouteListIsLeftToTheStackToRefuse() throws {
    #expect(try Self.decode(["op": "reset", "routes": .emptyObject]) == .reset([]))
    #expect(try Self.decode(["op": "reset", "routes": .array([])]) == .reset([]))
  }

  @Test func routeErrorsNameTheRoute() throws {
    try Self.expectFailure(
      ["op": "reset", "routes": [["screen": "feed"], ["screen": "item", "style": "modal"]]], .invalidCommand,
      "route 2: unknown style 'modal'")
    try Self.expectFailure(
      ["op": "reset", "routes": [["screen": "feed"], "item"]], .invalidCommand,
      #"route 2 must be a table like {"item", {id = 3}}"#)
    try Self.expectFailure(
      ["op": "reset", "routes": [["screen": "feed", "style": 1]]], .invalidCommand,
      "expected a style name, got integer")
    try Self.expectFailure(
      ["op": "reset", "routes": [["screen": "feed"], ["screen": "iten"]]], .unknownName,
      "unknown screen 'iten' — did you mean 'item'?")
    try Self.expectFailure(
      ["op": "reset", "routes": [["screen": "feed"], ["screen": "item", "state": ["idd": 1]]]], .payload,
      "screen 'item' has no field 'idd' (fields: id, qty) — did you mean 'id'?")
    try Self.expectFailure(
      ["op": "reset", "routes": [["screen": "feed", "navigation": "no"]]], .invalidCommand,
      #"navigation must be true or false, got "no""#)
  }

  @Test(arguments: [FlowValue.null, .string("feed"), .int(1), .object(["screen": "feed"])])
  func routesMustBeAList(routes: FlowValue) throws {
    try Self.expectFailure(
      ["op": "reset", "routes": routes], .invalidCommand, #"routes must be a list like { {"item", {id = 3}} }"#)
    try Self.expectFailure(
      ["op": "open", "routes": routes, "mode": "append"], .invalidCommand,
      #"routes must be a list like { {"item", {id = 3}} }"#)
  }

  @Test func openReplaceMakesTheFirstRouteTheRoot() throws {
    let command = try Self.decode([
      "op": "open", "mode": "replace", "routes": [["screen": "feed"], ["screen": "item", "state": ["id": 3]]],
    ])
    #expect(command == .open([.root(Self.feed), .push(Self.item(3))], mode: .replace))
  }

  @Test(arguments: [OpenMode.keepRoot, .append])
  func openKeepRootAndAppendPushEveryRoute(mode: OpenMode) throws {
    let command = try Self.decode([
      "op": "open", "mode": .string(mode.rawValue),
      "routes": [["screen": "item", "state": ["id": 3]], ["screen": "orders"]],
    ])
    #expect(command == .open([.push(Self.item(3)), .push(Self.orders)], mode: mode))
  }

  /// `deeplink("shop://item/:id", function(nav, p) nav:open({ { "item", { id = 3 } } }, "keepRoot") end)`
  /// as RuleDSL queues it.
  @Test func openAsTheDesignsDeepLinkQueuesIt() throws {
    let command = try Self.decode([
      "op": "open", "mode": "keepRoot", "routes": [["screen": "item", "state": ["id": 3], "style": "push"]],
    ])
    #expect(command == .open([.push(Self.item(3))], mode: .keepRoot))
  }

  @Test func openNeedsAKnownMode() throws {
    try Self.expectFailure(
      ["op": "open", "routes": [["screen": "item"]]], .invalidCommand, "expected a mode name, got nothing")
    try Self.expectFailure(
      ["op": "open", "mode": "merge", "routes": [["screen": "item"]]], .invalidCommand,
      "unknown open mode 'merge' (replace, keepRoot, append)")
    try Self.expectFailure(
      ["op": "open", "mode": "KeepRoot", "routes": [["screen": "item"]]], .invalidCommand,
      "unknown open mode 'KeepRoot' (replace, keepRoot, append)")
  }

  // MARK: - emit

  @Test func emitCarriesTheNameAndPayload() throws {
    #expect(
      try Self.decode(["op": "emit", "name": "purchased", "payload": ["id": 3, "items": ["a"]]])
        == .emit(NavigationEvent("purchased", payload: ["id": 3, "items": ["a"]])))
    #expect(try Self.decode(["op": "emit", "name": "closed"]) == .emit(NavigationEvent("closed", payload: .null)))
    #expect(try Self.decode(["op": "emit", "name": "closed"]).description == "emit closed")
  }

  @Test func emitNeedsAName() throws {
    try Self.expectFailure(["op": "emit"], .invalidCommand, "expected an event name, got nothing")
    try Self.expectFailure(["op": "emit", "name": ""], .invalidCommand, "expected an event name, got an empty string")
    try Self.expectFailure(["op": "emit", "name": 7], .invalidCommand, "expected an event name, got integer")
  }

  // MARK: - Design example

  /// `on("item.buyTapped", …)` from the README's example as RuleDSL queues it, both branches.
  @Test func decodesTheDesignExampleQueues() throws {
    let loggedOut = try Self.decoder.commands(from: [
      [
        "op": "presentSheet", "screen": "login", "state": .emptyObject, "navigation": true,
        "detents": ["medium", "large"],
      ],
    ])
    #expect(loggedOut == [.presentSheet(Self.login, withNavigation: true, configuration: .halfAndFull)])
    let loggedIn = try Self.decoder.commands(from: [
      ["op": "push", "screen": "orders", "state": .emptyObject, "tab": "profile"],
      ["op": "selectTab", "target": "profile"],
    ])
    #expect(loggedIn == [.tab("profile", .push(Self.orders)), .selectTab("profile")])
    #expect(loggedIn.map(\.description) == ["tab profile: push orders", "selectTab profile"])
  }
}

extension ScriptCommandDecoderTests {
  @Test func popToAndGoBackToNameDeclaredScreens() throws {
    let decoder = ScriptCommandDecoder(screens: ["item": ScreenDeclaration(name: "item")], tabs: ["home"])
    #expect(try decoder.command(from: ["op": "popTo", "screen": "item"]) == .popTo(.named("item")))
    #expect(throws: ScriptError(.unknownName, "unknown screen 'itme' — did you mean 'item'?")) {
      try decoder.command(from: ["op": "goBackTo", "screen": "itme"])
    }
  }

  @Test func aWholeNumberCountWrittenAsAFloatCounts() throws {
    let decoder = ScriptCommandDecoder(screens: [:], tabs: [])
    #expect(try decoder.command(from: ["op": "pop", "count": 2.0]) == .pop(count: 2))
  }
}
