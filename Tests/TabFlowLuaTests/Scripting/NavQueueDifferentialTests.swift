import CLuaSandbox
@testable import TabFlowLua
@testable import TabFlowNavigation
import LuaTestSupport
import Testing

/// The command queue has one writer (CLuaSandbox's queue.c, its format named by `CLuaQueue.h`):
/// every `nav` method, run by the engine with its C push and pop (the fast path) and with the
/// DSL's own push and pop alone (the slow path, `engineNavMethods: false`), queues commands the
/// host decodes to the same list — and to the list each method means.
@Suite struct NavQueueDifferentialTests {
  typealias Command = NavigationCommand<DynamicScreen>

  static let declarations = """
    tab "home" { root = "feed" }
    tab "profile" { root = "account" }
    screen "feed" { actions = { "go" } }
    screen "account" {}
    screen "item" { state = { id = 0, qty = 1 } }
    screen "login" {}
    screen "orders" {}
    """

  /// The commands `body` queues as the handler of `feed.go`, with the engine's C push and pop or
  /// without them; a failure is the error's message.
  static func run(_ body: String, engineNavMethods: Bool) -> Result<[Command], ScriptError> {
    let source = "\(declarations)\non(\"feed.go\", function(nav, p) \(body) end)\n"
    do throws(ScriptError) {
      let script = try RuleScript(
        source: source, chunk: "queue.lua", limits: .test, engineNavMethods: engineNavMethods)
      guard let rule = script.rule(screen: "feed", action: "go") else {
        return .failure(ScriptError(.runtime, "no rule"))
      }
      return .success(
        try script.call(rule, screen: "feed", action: "go", tab: "home", payload: ["id": 3]) { _ in .null })
    } catch {
      return .failure(error)
    }
  }

  /// Runs `body` both ways; expects the same outcome, and returns it.
  static func commands(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Command] {
    let fast = run(body, engineNavMethods: true)
    let slow = run(body, engineNavMethods: false)
    switch (fast, slow) {
    case let (.success(fastCommands), .success(slowCommands)):
      #expect(fastCommands == slowCommands, "\(body)", sourceLocation: sourceLocation)
      return fastCommands
    case let (.failure(fastError), .failure(slowError)):
      #expect(fastError.message == slowError.message, "\(body)", sourceLocation: sourceLocation)
      throw fastError
    default:
      Issue.record("the paths disagree on \(body): \(fast) vs \(slow)", sourceLocation: sourceLocation)
      return []
    }
  }

  static let feed = DynamicScreen("feed")
  static let login = DynamicScreen("login")
  static let orders = DynamicScreen("orders")
  static func item(_ id: Int, qty: Int = 1) -> DynamicScreen {
    DynamicScreen("item", state: ["id": .int(id), "qty": .int(qty)])
  }

  /// Every way of calling `nav:push` and `nav:pop`: on the rule's own nav (the C fast path where
  /// the screen is declared and the state fits) and on a tab's nav (always the DSL's).
  @Test(arguments: [
    ("nav:push('item')", [Command.push(item(0))]),
    ("nav:push('item', { id = p.id })", [.push(item(3))]),
    ("nav:push('item', { id = 4, qty = 2 })", [.push(item(4, qty: 2))]),
    ("nav:push('item', {})", [.push(item(0))]),
    ("nav:push('it' .. 'em', { id = 5 })", [.push(item(5))]),
    ("nav:push('item', { id = 2.0 })", [.push(DynamicScreen("item", state: ["id": 2.0, "qty": 1]))]),
    ("nav:pop()", [.pop(count: 1)]),
    ("nav:pop(1)", [.pop(count: 1)]),
    ("nav:pop(2)", [.pop(count: 2)]),
    ("nav:pop(); nav:pop()", [.pop(count: 1), .pop(count: 1)]),
    ("nav:tab('profile'):push('orders')", [.tab("profile", .push(orders))]),
    ("nav:tab('home'):push('item', { id = 6 })", [.tab("home", .push(item(6)))]),
    ("nav:tab('profile'):pop()", [.tab("profile", .pop(count: 1))]),
    ("nav:tab('profile'):pop(3)", [.tab("profile", .pop(count: 3))]),
  ])
  func pushAndPop(body: String, expected: [Command]) throws {
    #expect(try Self.commands(body) == expected)
  }

  /// Every other method, on the rule's own nav and on a tab's nav: stack commands are addressed
  /// to the tab, coordinator commands (selectTab, resetTabs, emit) never are.
  @Test(arguments: [
    ("nav:presentSheet('login')", [Command.presentSheet(login)]),
    (
      "nav:presentSheet('login', {}, { navigation = true, detents = { 'medium', 'large' } })",
      [.presentSheet(login, withNavigation: true, configuration: .halfAndFull)]
    ),
    (
      "nav:presentSheet('login', nil, { detents = {}, dragIndicator = false })",
      [.presentSheet(login, configuration: SheetConfiguration(showDragIndicator: false))]
    ),
    ("nav:presentCover('login')", [.presentCover(login)]),
    ("nav:presentCover('item', { id = 1 }, { navigation = true })", [.presentCover(item(1), withNavigation: true)]),
    ("nav:goBack(); nav:goBack(2)", [.goBack(count: 1), .goBack(count: 2)]),
    ("nav:dismiss(); nav:dismiss(2)", [.dismiss(count: 1), .dismiss(count: 2)]),
    ("nav:popTo('feed'); nav:goBackTo('item')", [.popTo(.named("feed")), .goBackTo(.named("item"))]),
    (
      "nav:popToRoot(); nav:goBackToRoot(); nav:popToCurrentNavigationRoot(); nav:dismissAll()",
      [.popToRoot, .goBackToRoot, .popToCurrentNavigationRoot, .dismissAll]
    ),
    ("nav:selectTab('profile'); nav:resetTabs('home')", [.selectTab("profile"), .resetTabs(select: "home")]),
    (
      "nav:emit('purchased', { id = 3 }); nav:emit('closed')",
      [.emit(NavigationEvent("purchased", payload: ["id": 3])), .emit(NavigationEvent("closed"))]
    ),
    ("nav:reset({ {'feed'}, {'item', {id = 3}} })", [.reset([.root(feed), .push(item(3))])]),
    (
      "nav:open({ {'feed'}, {'item', {id = 3}} }, 'replace')",
      [.open([.root(feed), .push(item(3))], mode: .replace)]
    ),
    ("nav:open({ { 'item', { id = 3 } } }, 'keepRoot')", [.open([.push(item(3))], mode: .keepRoot)]),
    ("nav:open({ {'item'} })", [.open([.push(item(0))], mode: .append)]),
    (
      "nav:reset({ {'feed'}, {'login', style = 'sheet', navigation = true, detents = {'medium'}}, {'orders'} })",
      [.reset([.root(feed), .sheet(login, withNavigation: true, configuration: .half), .push(orders)])]
    ),
    (
      "local t = nav:tab('profile'); t:presentSheet('login'); t:presentCover('login'); t:goBack(); t:dismiss(2)",
      [
        .tab("profile", .presentSheet(login)), .tab("profile", .presentCover(login)),
        .tab("profile", .goBack(count: 1)), .tab("profile", .dismiss(count: 2)),
      ]
    ),
    (
      "local t = nav:tab('profile'); t:popTo('orders'); t:goBackTo('account'); t:popToRoot(); t:goBackToRoot()",
      [
        .tab("profile", .popTo(.named("orders"))), .tab("profile", .goBackTo(.named("account"))),
        .tab("profile", .popToRoot), .tab("profile", .goBackToRoot),
      ]
    ),
    (
      "local t = nav:tab('profile'); t:popToCurrentNavigationRoot(); t:dismissAll(); t:reset({ {'account'} })",
      [
        .tab("profile", .popToCurrentNavigationRoot), .tab("profile", .dismissAll),
        .tab("profile", .reset([.root(DynamicScreen("account"))])),
      ]
    ),
    ("nav:tab('profile'):open({ {'orders'} })", [.tab("profile", .open([.push(orders)], mode: .append))]),
    (
      "local t = nav:tab('profile'); t:selectTab('profile'); t:resetTabs('home'); t:emit('seen')",
      [.selectTab("profile"), .resetTabs(select: "home"), .emit(NavigationEvent("seen"))]
    ),
  ])
  func everyOtherMethod(body: String, expected: [Command]) throws {
    #expect(try Self.commands(body) == expected)
  }

  /// What the fast path hands to the DSL's push and pop fails there, with the same message
  /// (and the same script line) whichever path the call took first.
  @Test(arguments: [
    "nav:push('itme')", "nav:push(3)", "nav:push('item', { id = 'x' })", "nav:push('item', { idd = 1 })",
    "nav:push('item', 5)", "nav:pop(1.5)", "nav:pop('x')", "nav:tab('nowhere'):push('item')",
    "nav:tab('profile'):push('itme')",
  ])
  func badArgumentsFailAlikeOnBothPaths(body: String) throws {
    let error = try #require(throws: ScriptError.self) { try Self.commands(body) }
    #expect(error.message.contains("queue.lua:"))
  }

  /// Every op the queue format names is one the decoder knows, and every field it names is a
  /// ``CommandField`` with that name.
  @Test func theDecoderKnowsEveryOpAndFieldTheFormatNames() throws {
    let decoder = ScriptCommandDecoder(screens: [:], tabs: [])
    for code in (CLUA_QUEUE_OP_NONE.rawValue + 1)..<CLUA_QUEUE_OP_COUNT.rawValue {
      let name = String(cString: try #require(clua_queue_op_name(Int32(code))))
      do {
        _ = try decoder.command(from: ["op": .string(name)])
      } catch {
        #expect(!error.message.hasPrefix("unknown command"), "\(name)")
      }
      #expect(clua_queue_op_code(name, name.utf8.count) == Int32(code))
    }
    #expect(clua_queue_op_code("pushx", 4) == Int32(CLUA_QUEUE_OP_PUSH.rawValue))
    #expect(clua_queue_op_code("push\0", 5) == Int32(CLUA_QUEUE_OP_NONE.rawValue))
    #expect(clua_queue_op_name(Int32(CLUA_QUEUE_OP_COUNT.rawValue)) == nil)
    #expect(
      CommandField.allCases.map(\.luaPosition)
        == Array(1...Int32(CLUA_QUEUE_FIELD_LAST.rawValue)))
    for field in CommandField.allCases {
      #expect(String(cString: try #require(clua_queue_field_name(field.luaPosition))) == field.name)
    }
  }
}
