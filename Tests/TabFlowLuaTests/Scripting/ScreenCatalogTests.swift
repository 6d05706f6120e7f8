@testable import TabFlowLua
@testable import TabFlowNavigation
import Testing

/// A Swift app's typed screens behind the names its scripts use (docs/LUA-RULES.md): payloads decode
/// through `Codable`, and a payload that does not decode is an error naming the screen and field.
@Suite struct ScreenCatalogTests {
  struct ItemState: Codable, Equatable, Sendable {
    var id: Int
    var note: String?
  }

  struct CheckoutState: Codable, Equatable, Sendable {
    struct Options: Codable, Equatable, Sendable {
      var gift: Bool
    }
    var total: Double
    var items: [String]
    var options: Options
  }

  enum ShopScreen: Equatable, Sendable {
    case feed
    case login
    case item(ItemState)
    case featured(ItemState)
    case checkout(CheckoutState)
    case unregistered
  }

  static let catalog: ScreenCatalog<ShopScreen> = {
    var catalog = ScreenCatalog<ShopScreen>()
    catalog.register("feed", .feed)
    catalog.register("item", ItemState.self, embed: ShopScreen.item) {
      if case let .item(state) = $0 { state } else { nil }
    }
    catalog.register("featured", ItemState.self, embed: ShopScreen.featured) {
      if case let .featured(state) = $0 { state } else { nil }
    }
    catalog.register("checkout", CheckoutState.self, embed: ShopScreen.checkout) {
      if case let .checkout(state) = $0 { state } else { nil }
    }
    catalog.register("login", .login)
    return catalog
  }()

  static func failure(
    _ name: String, _ state: [String: FlowValue], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> ScriptError {
    try #require(throws: ScriptError.self, sourceLocation: sourceLocation) {
      try catalog.screen(named: name, state: state)
    }
  }

  static let checkoutState: [String: FlowValue] = ["total": 12.5, "items": ["mug"], "options": ["gift": true]]

  // MARK: - Names

  @Test func listsNamesInRegistrationOrder() {
    #expect(Self.catalog.names == ["feed", "item", "featured", "checkout", "login"])
    #expect(ScreenCatalog<ShopScreen>().names.isEmpty)
  }

  @Test func anUnknownNameIsAnUnknownNameErrorWithTheLikelyOne() throws {
    let typo = try Self.failure("iten", [:])
    #expect(typo.kind == .unknownName)
    #expect(typo.message == "the screen catalog has no screen 'iten' — did you mean 'item'?")
    let far = try Self.failure("settings", [:])
    #expect(far.message == "the screen catalog has no screen 'settings'")
    let empty = try #require(throws: ScriptError.self) {
      try ScreenCatalog<ShopScreen>().screen(named: "feed", state: [:])
    }
    #expect(empty.message == "the screen catalog has no screen 'feed'")
  }

  // MARK: - Screens without state

  @Test func aScreenWithoutStateNeedsAnEmptyPayload() throws {
    #expect(try Self.catalog.screen(named: "feed", state: [:]) == .feed)
    #expect(try Self.catalog.screen(named: "login", state: [:]) == .login)
    let error = try Self.failure("feed", ["zeta": 1, "alpha": 2])
    #expect(error.kind == .payload)
    #expect(error.message == "screen 'feed' has no state, but the payload sets 'alpha'")
  }

  // MARK: - Codable payloads

  @Test func decodesThePayloadIntoTheTypedScreen() throws {
    #expect(try Self.catalog.screen(named: "item", state: ["id": 3]) == .item(ItemState(id: 3)))
    #expect(
      try Self.catalog.screen(named: "item", state: ["id": 3, "note": "gift"]) == .item(ItemState(id: 3, note: "gift")))
    #expect(try Self.catalog.screen(named: "featured", state: ["id": 4]) == .featured(ItemState(id: 4)))
    #expect(
      try Self.catalog.screen(named: "checkout", state: Self.checkoutState)
        == .checkout(CheckoutState(total: 12.5, items: ["mug"], options: .init(gift: true))))
  }

  @Test func numbersConvertWhereTheValueFits() throws {
    // A whole-number float fits an Int field; an integer fits a Double field.
    #expect(try Self.catalog.screen(named: "item", state: ["id": .double(3)]) == .item(ItemState(id: 3)))
    var state = Self.checkoutState
    state["total"] = 12
    #expect(
      try Self.catalog.screen(named: "checkout", state: state)
        == .checkout(CheckoutState(total: 12, items: ["mug"], options: .init(gift: true))))
  }

  @Test func aMissingFieldNamesTheScreenAndField() throws {
    let error = try Self.failure("item", [:])
    #expect(error.kind == .payload)
    #expect(error.message == "the payload of screen 'item' does not decode: id: missing")
    var state = Self.checkoutState
    state["options"] = .emptyObject
    #expect(
      try Self.failure("checkout", state).message
        == "the payload of screen 'checkout' does not decode: options.gift: missing")
  }

  @Test func aWrongKindNamesTheScreenFieldAndType() throws {
    #expect(
      try Self.failure("item", ["id": "3"]).message == "the payload of screen 'item' does not decode: id: expected Int")
    #expect(
      try Self.failure("item", ["id": 3, "note": 4]).message
        == "the payload of screen 'item' does not decode: note: expected String")
    var state = Self.checkoutState
    state["items"] = ["mug", 3]
    #expect(
      try Self.failure("checkout", state).message
        == "the payload of screen 'checkout' does not decode: items[1]: expected String")
    state = Self.checkoutState
    state["options"] = ["gift": "yes"]
    #expect(
      try Self.failure("checkout", state).message
        == "the payload of screen 'checkout' does not decode: options.gift: expected Bool")
  }

  @Test func nilForARequiredFieldSaysSo() throws {
    let error = try Self.failure("item", ["id": .null])
    #expect(error.kind == .payload)
    #expect(error.message == "the payload of screen 'item' does not decode: id: expected Int, found null")
    // nil for an optional field is fine.
    #expect(try Self.catalog.screen(named: "item", state: ["id": 1, "note": .null]) == .item(ItemState(id: 1)))
  }

  /// A fraction, or a number too large, for an `Int` field names the field (payloads decode
  /// straight from the Lua values, not through JSON).
  @Test func aFractionForAnIntegerFieldNamesTheField() throws {
    let fraction = try Self.failure("item", ["id": 3.5])
    #expect(fraction.kind == .payload)
    #expect(fraction.message == "the payload of screen 'item' does not decode: id: expected an integer, found 3.5")
    let huge = try Self.failure("item", ["id": 1e30])
    #expect(huge.message.hasPrefix("the payload of screen 'item' does not decode: id: expected an integer"))
  }

  @Test func aNonFiniteNumberForAnIntegerIsRefused() throws {
    let error = try Self.failure("item", ["id": .double(.infinity)])
    #expect(error.kind == .payload)
    #expect(error.message.hasPrefix("the payload of screen 'item' does not decode: id: expected an integer"))
  }

  // MARK: - describe

  @Test func describesATypedScreenByNameAndState() {
    #expect(Self.catalog.describe(.feed) == DynamicScreen("feed"))
    #expect(Self.catalog.describe(.login) == DynamicScreen("login"))
    #expect(Self.catalog.describe(.item(ItemState(id: 3))) == DynamicScreen("item", state: ["id": 3]))
    #expect(
      Self.catalog.describe(.item(ItemState(id: 3, note: "x"))) == DynamicScreen("item", state: ["id": 3, "note": "x"]))
    #expect(Self.catalog.describe(.featured(ItemState(id: 3))) == DynamicScreen("featured", state: ["id": 3]))
    #expect(
      Self.catalog.describe(.checkout(CheckoutState(total: 2, items: [], options: .init(gift: false))))
        == DynamicScreen("checkout", state: ["total": 2.0, "items": [], "options": ["gift": false]]))
  }

  @Test func describesNothingForAScreenNoEntryClaims() {
    #expect(Self.catalog.describe(.unregistered) == nil)
    #expect(ScreenCatalog<ShopScreen>().describe(.feed) == nil)
  }

  @Test func describeAndScreenRoundTrip() throws {
    let screens: [ShopScreen] = [
      .feed, .login, .item(ItemState(id: 7)), .item(ItemState(id: -1, note: "é\n\"")), .featured(ItemState(id: 0)),
      .checkout(CheckoutState(total: 0.1, items: ["a", "b"], options: .init(gift: true))),
    ]
    for screen in screens {
      let described = try #require(Self.catalog.describe(screen))
      #expect(try Self.catalog.screen(named: described.name, state: described.state) == screen)
    }
  }

  // MARK: - Registration

  @Test func theFirstRegistrationOfANameOrScreenWins() throws {
    var catalog = ScreenCatalog<ShopScreen>()
    catalog.register("home", .feed)
    catalog.register("home", .login)
    catalog.register("start", .feed)
    #expect(try catalog.screen(named: "home", state: [:]) == .feed)
    #expect(catalog.describe(.feed) == DynamicScreen("home"))
    #expect(catalog.describe(.login) == DynamicScreen("home"))
    #expect(try catalog.screen(named: "start", state: [:]) == .feed)
  }
}
