@testable import TabFlowLua
@testable import TabFlowNavigation
import Testing

/// `screen "item" { state = { id = 0, qty = 1 }, actions = { "buyTapped" } }` as the host holds it:
/// declared defaults merged with a payload, unknown fields and wrong kinds refused by name.
@Suite struct ScreenDeclarationTests {
  static let item = ScreenDeclaration(
    name: "item", title: "Item", stateDefaults: ["id": 0, "qty": 1, "price": 9.5, "name": "", "gift": false],
    actions: [(name: "buyTapped", sample: .emptyObject)])
  static let feed = ScreenDeclaration(
    name: "feed", actions: [(name: "itemTapped", sample: ["id": 1]), (name: "cartTapped", sample: .emptyObject)])
  static let login = ScreenDeclaration(name: "login")

  static func payloadError(
    _ declaration: ScreenDeclaration, _ payload: [String: FlowValue], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> ScreenPayloadError {
    try #require(throws: ScreenPayloadError.self, sourceLocation: sourceLocation) {
      try declaration.instantiate(with: payload)
    }
  }

  // MARK: - Declaration

  @Test func titleDefaultsToTheName() {
    #expect(Self.login.title == "login")
    #expect(Self.item.title == "Item")
    #expect(Self.login.stateDefaults.isEmpty)
    #expect(Self.login.actionList.isEmpty)
  }

  @Test func keepsActionsInDeclarationOrderWithTheirSamples() {
    #expect(Self.feed.actionList == ["itemTapped", "cartTapped"])
    #expect(Self.feed.actions.map(\.name) == ["itemTapped", "cartTapped"])
    #expect(Self.feed.actions.map(\.sample) == [["id": 1], .emptyObject])
    #expect(Self.feed.declares(action: "itemTapped"))
    #expect(Self.feed.declares(action: "cartTapped"))
    #expect(!Self.feed.declares(action: "ItemTapped"))
    #expect(!Self.feed.declares(action: "buyTapped"))
  }

  @Test func replacesActionsThroughTheSetter() {
    var feed = Self.feed
    feed.actions = [(name: "refresh", sample: ["force": true])]
    #expect(feed.actionList == ["refresh"])
    #expect(feed.declares(action: "refresh"))
    #expect(!feed.declares(action: "itemTapped"))
    #expect(feed.actions.first?.sample == ["force": true])
    #expect(feed != Self.feed)
  }

  // MARK: - Instantiating

  @Test func anEmptyPayloadOpensTheScreenWithItsDefaults() throws {
    let screen = try Self.item.instantiate(with: [:])
    #expect(screen == DynamicScreen("item", state: ["id": 0, "qty": 1, "price": 9.5, "name": "", "gift": false]))
    #expect(try Self.login.instantiate(with: [:]) == DynamicScreen("login"))
  }

  @Test func payloadFieldsReplaceTheirDefaults() throws {
    let screen = try Self.item.instantiate(with: ["id": 3, "name": "mug", "gift": true])
    #expect(screen.name == "item")
    #expect(screen.state == ["id": 3, "qty": 1, "price": 9.5, "name": "mug", "gift": true])
    #expect(screen.description == #"item {gift=true, id=3, name="mug", price=9.5, qty=1}"#)
  }

  @Test func integersAndNumbersMix() throws {
    let screen = try Self.item.instantiate(with: ["qty": 2.5, "price": 10])
    #expect(screen.state["qty"]?.kindName == "number")
    #expect(screen.state["qty"] == 2.5)
    #expect(screen.state["price"]?.kindName == "integer")
    #expect(screen.state["price"] == 10)
  }

  @Test func aNilDefaultAcceptsAnyKind() throws {
    let note = ScreenDeclaration(name: "note", stateDefaults: ["body": .null])
    for value: FlowValue in ["text", 3, true, [1, 2], ["a": 1]] {
      #expect(try note.instantiate(with: ["body": value]).state == ["body": value])
    }
  }

  @Test func anEmptyTableFitsEitherAnArrayOrATableDefault() throws {
    // Lua cannot tell `{}` the list from `{}` the table.
    let picker = ScreenDeclaration(name: "picker", stateDefaults: ["options": [], "filters": .emptyObject])
    let screen = try picker.instantiate(with: ["options": .emptyObject, "filters": ["a", "b"]])
    #expect(screen.state["options"] == .emptyObject)
    #expect(screen.state["filters"] == ["a", "b"])
    let listed = try picker.instantiate(with: ["options": ["x"], "filters": ["size": "L"]])
    #expect(listed.state == ["options": ["x"], "filters": ["size": "L"]])
  }

  @Test func aTableFieldIsReplacedAsAWhole() throws {
    let form = ScreenDeclaration(name: "form", stateDefaults: ["options": ["size": "M", "color": "red"]])
    let screen = try form.instantiate(with: ["options": ["size": "L"]])
    #expect(screen.state == ["options": ["size": "L"]])
  }

  @Test func changedDefaultsApplyToScreensOpenedAfterwards() throws {
    var declaration = Self.item
    declaration.stateDefaults["id"] = 7
    #expect(try declaration.instantiate(with: [:]).state["id"] == 7)
  }

  // MARK: - Errors

  @Test func anUnknownFieldNamesTheScreenItsFieldsAndTheLikelyOne() throws {
    let error = try Self.payloadError(Self.item, ["idd": 3])
    #expect(error == .unknownField(screen: "item", field: "idd", fields: ["gift", "id", "name", "price", "qty"]))
    #expect(
      error.description
        == "screen 'item' has no field 'idd' (fields: gift, id, name, price, qty) — did you mean 'id'?")
  }

  @Test func anUnknownFieldFarFromAnyGetsNoSuggestion() throws {
    let error = try Self.payloadError(Self.item, ["colour": "red"])
    #expect(error.description == "screen 'item' has no field 'colour' (fields: gift, id, name, price, qty)")
  }

  @Test func aScreenWithoutStateRefusesAnyField() throws {
    let error = try Self.payloadError(Self.login, ["reason": "checkout"])
    #expect(error == .unknownField(screen: "login", field: "reason", fields: []))
    #expect(error.description == "screen 'login' has no state, but the payload sets 'reason'")
  }

  @Test(arguments: [
    ("id", FlowValue.string("3"), "integer", "string"),
    ("id", FlowValue.bool(true), "integer", "boolean"),
    ("price", FlowValue.string("9.5"), "number", "string"),
    ("name", FlowValue.int(3), "string", "integer"),
    ("gift", FlowValue.int(1), "boolean", "integer"),
    ("name", FlowValue.array(["a"]), "string", "array"),
    ("qty", FlowValue.object(["n": 1]), "integer", "table"),
  ])
  func aValueOfTheWrongKindNamesFieldScreenAndKinds(
    field: String, value: FlowValue, expected: String, found: String
  ) throws {
    let error = try Self.payloadError(Self.item, [field: value])
    #expect(error == .wrongKind(screen: "item", field: field, expected: expected, found: found))
    #expect(error.description == "field '\(field)' of screen 'item' expects a value of kind \(expected), got \(found)")
  }

  @Test func tablesAndArraysDoNotMixWhenNotEmpty() throws {
    let picker = ScreenDeclaration(name: "picker", stateDefaults: ["options": ["a"], "filters": ["k": 1]])
    let arrayForTable = try Self.payloadError(picker, ["filters": ["x"]])
    #expect(arrayForTable.description == "field 'filters' of screen 'picker' expects a value of kind table, got array")
    let tableForArray = try Self.payloadError(picker, ["options": ["k": 1]])
    #expect(tableForArray.description == "field 'options' of screen 'picker' expects a value of kind array, got table")
  }

  /// With several problems the first field in alphabetical order is reported, so the same payload
  /// always gives the same error.
  @Test func reportsTheAlphabeticallyFirstProblem() throws {
    let wrongFirst = try Self.payloadError(Self.item, ["zzz": 1, "id": "x", "qtyy": 2])
    #expect(wrongFirst == .wrongKind(screen: "item", field: "id", expected: "integer", found: "string"))
    let unknownFirst = try Self.payloadError(Self.item, ["aaa": 1, "id": "x"])
    #expect(unknownFirst == .unknownField(screen: "item", field: "aaa", fields: ["gift", "id", "name", "price", "qty"]))
    for _ in 0..<20 {
      let again = try Self.payloadError(Self.item, ["zzz": 1, "yyy": 2, "aab": 3, "qtx": 4])
      #expect(again == .unknownField(screen: "item", field: "aab", fields: ["gift", "id", "name", "price", "qty"]))
    }
  }

  // MARK: - DynamicScreen

  @Test func aDynamicScreenPrintsItsNameAndState() {
    #expect(DynamicScreen("feed").description == "feed")
    #expect(DynamicScreen("item", state: ["qty": 1, "id": 3]).description == "item {id=3, qty=1}")
    #expect(DynamicScreen("item", state: ["id": 3]).screenName == "item")
    #expect(DynamicScreen("item", state: ["id": 3]) == DynamicScreen("item", state: ["id": .double(3)]))
    #expect(DynamicScreen("item", state: ["id": 3]) != DynamicScreen("item", state: ["id": 4]))
  }
}
