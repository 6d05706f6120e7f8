import CoreTestSupport
import Foundation
import TabFlowCore
import TabFlowNavigation
import Testing

extension TabsTests {
  /// docs/ARCHITECTURE.md §4–§5: the whole coordinator as versioned JSON, and typed errors for bad data.
  @Suite("Persistence")
  struct PersistenceTests {
    static let loginSheet = SheetConfiguration(detents: [.fraction(0.3), .height(240), .large], showDragIndicator: false)

    /// Every feature a document must keep: three tabs with their policies, a root without
    /// navigation, pushes, sheets with and without navigation and with custom detents, a cover,
    /// payloads of several types, history, back behaviour and context values.
    static func richState() throws -> TabCoordinatorState<TabTestScreen> {
      var state = try TabCoordinatorState<TabTestScreen>(
        tabs: [
          TabDefinition("home", root: .feed),
          TabDefinition("search", root: .search(query: "shoes"), rootWithNavigation: false),
          TabDefinition("profile", root: .account, reselect: .none),
        ],
        backBehavior: .history,
        context: [
          "loggedIn": true, "visits": 3, "ratio": 0.25, "name": "Ann", "tags": ["a", "b"],
          "prefs": ["dark": true, "font": .null],
        ])
      try state.apply([
        .push(.item(id: 3)),
        .presentSheet(.login(reason: "checkout"), withNavigation: true, configuration: loginSheet),
        .push(.checkout(total: 12.5)),
        .presentCover(.picker(options: ["s", "m", "l"])),
        .tab("search", .presentSheet(.item(id: 8), configuration: .halfAndFull)),
        .tab("profile", .push(.orders)),
        .tab("profile", .presentCover(.search(query: "café \"quoted\""), withNavigation: true)),
        .selectTab("search"),
        .selectTab("profile"),
      ])
      return state
    }

    // MARK: - Round trip

    @Test func aDocumentRoundTripKeepsTheWholeState() throws {
      let state = try Self.richState()

      let restored = try NavigationDocument.decode(try NavigationDocument.encode(state), as: TabTestScreen.self)

      #expect(restored == state)
      #expect(restored.tabIDs == ["home", "search", "profile"])
      #expect(restored.selectedTab == "profile")
      #expect(restored.history == ["home", "search"])
      #expect(restored.backBehavior == .history)
      #expect(restored.context == state.context)
      #expect(restored.tabs.map(\.reselect) == [.popToRoot, .popToRoot, .none])
      #expect(restored.routes(ofTab: "home") == [
        .root(.feed, withNavigation: true),
        .push(.item(id: 3)),
        .sheet(.login(reason: "checkout"), withNavigation: true, configuration: Self.loginSheet),
        .push(.checkout(total: 12.5)),
        .cover(.picker(options: ["s", "m", "l"]), withNavigation: false),
      ])
      #expect(restored.routes(ofTab: "search") == [
        .root(.search(query: "shoes"), withNavigation: false),
        .sheet(.item(id: 8), withNavigation: false, configuration: .halfAndFull),
      ])
      #expect(restored.routes(ofTab: "profile") == [
        .root(.account), .push(.orders), .cover(.search(query: "café \"quoted\""), withNavigation: true),
      ])
    }

    @Test func sheetDetentsAndTheDragIndicatorSurvive() throws {
      let restored = try NavigationDocument.decode(
        try NavigationDocument.encode(try Self.richState()), as: TabTestScreen.self)

      let login = try #require(restored.routes(ofTab: "home")[2].sheetConfiguration)
      #expect(login.detents == [.fraction(0.3), .height(240), .large])
      #expect(login.showDragIndicator == false)
      let item = try #require(restored.routes(ofTab: "search")[1].sheetConfiguration)
      #expect(item.detents == [.medium, .large])
      #expect(item.showDragIndicator == true)
    }

    @Test func loadingAssignsFreshRouteIDs() throws {
      let state = try Self.richState()
      let data = try NavigationDocument.encode(state)

      let first = try NavigationDocument.decode(data, as: TabTestScreen.self)
      let second = try NavigationDocument.decode(data, as: TabTestScreen.self)

      #expect(first.allRouteIDs.count == 10)
      #expect(first.allRouteIDs.isDisjoint(with: state.allRouteIDs))
      #expect(second.allRouteIDs.isDisjoint(with: first.allRouteIDs))
      #expect(first == second)
    }

    @Test func theDocumentIsVersionedDeterministicJSON() throws {
      let state = try Self.richState()
      let data = try NavigationDocument.encode(state)

      #expect(try NavigationDocument.encode(state) == data)
      let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      #expect(object["format"] as? String == "tabflow.navigation")
      #expect(object["version"] as? Int == 1)
      #expect(object["selectedTab"] as? String == "profile")
      let text = try #require(String(data: data, encoding: .utf8))
      #expect(text.hasPrefix(#"{"backBehavior":"history","context":{"#))
      #expect(text.contains(#""detents":["fraction:0.3","height:240","large"],"#))
      #expect(text.contains(#""showDragIndicator":false"#))
    }

    /// JSON does not keep `2.0` apart from `2`; FlowValue numbers compare as Lua numbers do, so
    /// the restored state equals the saved one.
    @Test func aWholeNumberDoubleInTheContextComesBackAsTheSameNumber() throws {
      let state = try TabCoordinatorState<TabTestScreen>(
        tabs: [TabDefinition("home", root: .checkout(total: 2))], context: ["price": 2.0, "count": 2])

      let restored = try NavigationDocument.decode(try NavigationDocument.encode(state), as: TabTestScreen.self)

      #expect(restored.routes(ofTab: "home") == [.root(.checkout(total: 2))])
      #expect(restored.context["count"] == .int(2))
      #expect(restored.context["price"] == .double(2.0))
      #expect(restored.context == state.context)
    }

    // MARK: - Corrupt input

    /// A valid document with some top-level fields replaced by raw JSON (`nil` removes a field).
    static func document(_ overrides: [String: String?] = [:], tabs: String? = nil) -> Data {
      var fields: [String: String] = [
        "format": #""tabflow.navigation""#,
        "version": "1",
        "selectedTab": #""home""#,
        "history": "[]",
        "backBehavior": #""none""#,
        "context": "{}",
        "tabs": tabs ?? #"[{"id":"home","reselect":"popToRoot","routes":[\#(root)]}]"#,
      ]
      for (key, value) in overrides { fields[key] = value }
      let body = fields.keys.sorted().map { "\"\($0)\":\(fields[$0] ?? "null")" }.joined(separator: ",")
      return Data("{\(body)}".utf8)
    }

    static let root = #"{"style":"root","screen":{"feed":{}},"withNavigation":true}"#

    /// One tab `home` holding `routes` (raw JSON objects after the root).
    static func homeTab(_ routes: String...) -> String {
      #"[{"id":"home","reselect":"popToRoot","routes":[\#(([root] + routes).joined(separator: ","))]}]"#
    }

    @Test func theValidTestDocumentDecodes() throws {
      let state = try NavigationDocument.decode(Self.document(), as: TabTestScreen.self)
      #expect(state.routes(ofTab: "home") == [.root(.feed)])
    }

    enum Expected: Sendable {
      case error(PersistenceError)
      case corrupt(mentioning: [String])
    }

    struct CorruptCase: Sendable, CustomTestStringConvertible {
      let label: String
      let data: Data
      let expected: Expected
      var testDescription: String { label }
    }

    static let corruptCases: [CorruptCase] = [
      CorruptCase(label: "not JSON", data: Data("navigation: home".utf8), expected: .corrupt(mentioning: ["not a JSON object"])),
      CorruptCase(label: "empty data", data: Data(), expected: .corrupt(mentioning: ["not a JSON object"])),
      CorruptCase(
        label: "a JSON array", data: Data(#"[{"format":"tabflow.navigation"}]"#.utf8),
        expected: .corrupt(mentioning: ["not a JSON object"])),
      CorruptCase(label: "missing format", data: document(["format": nil]), expected: .error(.unknownFormat(found: nil))),
      CorruptCase(
        label: "wrong format", data: document(["format": #""tabflow.session""#]),
        expected: .error(.unknownFormat(found: "tabflow.session"))),
      CorruptCase(
        label: "a format that is not a string", data: document(["format": "7"]),
        expected: .corrupt(mentioning: ["format: expected String"])),
      CorruptCase(
        label: "a version that is not a number", data: document(["version": #""1""#]),
        expected: .corrupt(mentioning: ["version: expected Int"])),
      CorruptCase(
        label: "missing version", data: document(["version": nil]),
        expected: .corrupt(mentioning: ["the 'version' field is missing"])),
      CorruptCase(
        label: "future version", data: document(["version": "2"]),
        expected: .error(.unsupportedVersion(found: 2, supported: 1))),
      CorruptCase(
        label: "a route with an unknown style",
        data: document(tabs: homeTab(#"{"style":"modal","screen":{"orders":{}}}"#)),
        expected: .corrupt(mentioning: ["tabs[0].routes[1].style", "modal"])),
      CorruptCase(
        label: "a stack whose first route is not a root",
        data: document(tabs: #"[{"id":"home","reselect":"popToRoot","routes":[{"style":"push","screen":{"orders":{}}}]}]"#),
        expected: .corrupt(mentioning: ["tabs[0].routes", "the first route 'orders' (push) is not a root"])),
      CorruptCase(
        label: "an empty stack",
        data: document(tabs: #"[{"id":"home","reselect":"popToRoot","routes":[]}]"#),
        expected: .corrupt(mentioning: ["tabs[0].routes", "a stack needs at least its root"])),
      CorruptCase(
        label: "a push into a layer without navigation",
        data: document(tabs: homeTab(
          #"{"style":"sheet","screen":{"login":{"reason":"x"}},"withNavigation":false}"#,
          #"{"style":"push","screen":{"orders":{}}}"#)),
        expected: .corrupt(mentioning: ["tabs[0].routes", "cannot push 'orders': the layer 'login' (sheet) has no navigation"])),
      CorruptCase(
        label: "an unknown selected tab", data: document(["selectedTab": #""cart""#]),
        expected: .corrupt(mentioning: ["selectedTab: unknown tab 'cart' (tabs: home)"])),
      CorruptCase(
        label: "an unknown tab in the history", data: document(["history": #"["home","cart"]"#]),
        expected: .corrupt(mentioning: ["history[1]: unknown tab 'cart' (tabs: home)"])),
      CorruptCase(
        label: "the selected tab in the history", data: document(["history": #"["home"]"#]),
        expected: .corrupt(mentioning: ["history: ", "not the selected tab 'home'"])),
      CorruptCase(
        label: "duplicate tabs",
        data: document(
          tabs: #"[{"id":"home","reselect":"popToRoot","routes":[\#(root)]},"#
            + #"{"id":"home","reselect":"none","routes":[\#(root)]}]"#),
        expected: .corrupt(mentioning: ["tabs[1].id: cannot create a tab coordinator: the tab 'home' is declared twice"])),
      CorruptCase(
        label: "no tabs", data: document(["tabs": "[]"]),
        expected: .corrupt(mentioning: ["tabs: cannot create a tab coordinator: it needs at least one tab"])),
      CorruptCase(
        label: "a screen payload that does not decode",
        data: document(tabs: homeTab(#"{"style":"push","screen":{"item":{"id":"three"}}}"#)),
        expected: .corrupt(mentioning: ["tabs[0].routes[1].screen.item.id", "expected Int"])),
      CorruptCase(
        label: "an unknown screen",
        data: document(tabs: homeTab(#"{"style":"push","screen":{"wishlist":{}}}"#)),
        expected: .corrupt(mentioning: ["tabs[0].routes[1].screen"])),
      CorruptCase(
        label: "an unknown sheet detent",
        data: document(tabs: homeTab(#"{"style":"sheet","screen":{"orders":{}},"detents":["medium","tiny"]}"#)),
        expected: .corrupt(mentioning: ["tabs[0].routes[1].detents[1]", "unknown sheet detent 'tiny'"])),
      CorruptCase(
        label: "a missing selected tab", data: document(["selectedTab": nil]),
        expected: .corrupt(mentioning: ["selectedTab: missing"])),
      CorruptCase(
        label: "an unknown reselect policy",
        data: document(tabs: #"[{"id":"home","reselect":"scrollUp","routes":[\#(root)]}]"#),
        expected: .corrupt(mentioning: ["tabs[0].reselect", "scrollUp"])),
    ]

    @Test(arguments: corruptCases)
    func corruptInputGivesATypedErrorSayingWhatAndWhere(_ corrupt: CorruptCase) throws {
      let error = try #require(throws: PersistenceError.self) {
        try NavigationDocument.decode(corrupt.data, as: TabTestScreen.self)
      }

      switch corrupt.expected {
      case let .error(expected):
        #expect(error == expected)
      case let .corrupt(fragments):
        guard case let .corrupt(reason) = error else {
          Issue.record("expected .corrupt, got \(error)")
          return
        }
        for fragment in fragments {
          #expect(reason.contains(fragment), "\(reason)")
        }
        #expect(error.description == "saved navigation state is corrupt: \(reason)")
        if !fragments.contains("not a JSON object") {
          // Only data that is not a JSON object may be called one.
          #expect(!reason.contains("not a JSON object"), "\(reason)")
        }
      }
    }

    @Test func errorDescriptionsSayWhich() {
      #expect(PersistenceError.unknownFormat(found: nil).description
        == "not a TabFlow navigation document (format is missing, expected 'tabflow.navigation')")
      #expect(PersistenceError.unknownFormat(found: "x").description
        == "not a TabFlow navigation document (format is 'x', expected 'tabflow.navigation')")
      #expect(PersistenceError.unsupportedVersion(found: 2, supported: 1).description
        == "saved navigation state has version 2; this TabFlow reads version 1")
      #expect(PersistenceError.missing(path: "/tmp/nav.json").description == "no saved navigation state at /tmp/nav.json")
    }
  }
}
