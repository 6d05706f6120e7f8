import Foundation
import TabFlowNavigation

/// The versioned JSON form of a whole coordinator:
/// `{"format":"tabflow.navigation","version":1,"selectedTab":…,"tabs":[{"id":…,"reselect":…,"leave":…,"routes":[…]}],…}`,
/// with the deferred deep link as `pendingLink` when there is one, and the user's tab-bar
/// customization and the badges as `order`, `hidden` and `badges` when they differ from the
/// declared order, nothing hidden and no badges (a document without them restores with those),
/// and the app layer (the routes presented over the whole tab bar) as `app` when it is not
/// empty (a document without it restores with nothing presented over the tabs).
/// Routes keep their styles, navigation flags, sheet configurations and screen payloads; route
/// IDs are not saved, and loading assigns fresh ones.
public enum NavigationDocument {
  /// The `format` field of every document.
  public static let format = "tabflow.navigation"
  /// The version this TabFlow writes and reads.
  public static let version = 1

  /// Encodes the state as a document (keys sorted, so equal states give equal bytes).
  public static func encode<Screen: Codable>(_ state: TabCoordinatorState<Screen>) throws(PersistenceError) -> Data {
    let body = Body(
      format: format, version: version, selectedTab: state.selectedTab, history: state.history,
      initialTab: state.initialTab == state.tabs[0].id ? nil : state.initialTab,
      backBehavior: state.backBehavior, context: state.context, pendingLink: state.pendingLink,
      order: state.tabOrder == state.tabIDs ? nil : state.tabOrder,
      hidden: state.hiddenTabs.isEmpty ? nil : state.hiddenTabs.sorted(),
      badges: state.badges.isEmpty ? nil : Dictionary(uniqueKeysWithValues: state.badges.map { ($0.key.rawValue, $0.value) }),
      pendingResume: state.pendingResume.map { PersistedResume($0) },
      app: state.isAppLayerPresented ? state.appLayer : nil,
      tabs: state.tabs.map { TabBody(id: $0.id, reselect: $0.reselect, leave: $0.onLeave == .keep ? nil : $0.onLeave, routes: $0.stack) })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do {
      return try encoder.encode(body)
    } catch {
      throw .corrupt(reason: "a screen could not be encoded: \(error)")
    }
  }

  /// Decodes a document, checking its format and version first; every route gets a fresh ID.
  public static func decode<Screen: Codable>(
    _ data: Data, as screen: Screen.Type = Screen.self
  ) throws(PersistenceError) -> TabCoordinatorState<Screen> {
    let decoder = JSONDecoder()
    let envelope: Envelope
    do {
      envelope = try decoder.decode(Envelope.self, from: data)
    } catch let error as DecodingError where !codingPath(of: error).isEmpty {
      // A JSON object whose `format` or `version` has the wrong type: say which field.
      throw .corrupt(reason: describe(error))
    } catch {
      throw .corrupt(reason: "not a JSON object (\(describe(error)))")
    }
    guard envelope.format == format else { throw .unknownFormat(found: envelope.format) }
    guard let found = envelope.version else { throw .corrupt(reason: "the 'version' field is missing") }
    guard found == version else { throw .unsupportedVersion(found: found, supported: version) }

    let body: Body<Screen>
    do {
      body = try decoder.decode(Body<Screen>.self, from: data)
    } catch {
      throw .corrupt(reason: describe(error))
    }
    let state: TabCoordinatorState<Screen>
    let pendingResume = try body.pendingResume?.resume()
    do {
      state = try TabCoordinatorState(
        restoring: body.tabs.map { TabState(id: $0.id, reselect: $0.reselect, onLeave: $0.leave ?? .keep, stack: $0.routes) },
        selectedTab: body.selectedTab, history: body.history, initialTab: body.initialTab,
        backBehavior: body.backBehavior, context: body.context, pendingLink: body.pendingLink,
        pendingResume: pendingResume, appLayer: body.app ?? [])
    } catch {
      throw .corrupt(reason: "\(location(of: error, in: body)): \(error.description)")
    }
    do {
      return try state.restoringTabBar(order: body.order, hidden: body.hidden, badges: body.badges)
    } catch {
      throw .corrupt(reason: "order, hidden or badges: \(error.description)")
    }
  }

  /// The field a coordinator error is about: `selectedTab`, `history[1]`, `tabs[2].id` or `tabs`.
  private static func location<Screen: Codable>(of error: NavigationError, in body: Body<Screen>) -> String {
    if case let .unknownTab(tab, _) = error {
      if tab == body.selectedTab { return "selectedTab" }
      if tab == body.initialTab { return "initialTab" }
      return body.history.firstIndex(of: tab).map { "history[\($0)]" } ?? "history"
    }
    var seen = Set<TabID>()
    for (index, tab) in body.tabs.enumerated() where !seen.insert(tab.id).inserted {
      return "tabs[\(index)].id"
    }
    if Set(body.history).count != body.history.count || body.history.contains(body.selectedTab) {
      return "history"
    }
    if case .invalidRoutes(operation: "restore the app layer", _) = error { return "app" }
    return "tabs"
  }

  /// A decoding error as a message that says where: `tabs[0].routes[1]: unknown sheet detent 'tiny'`.
  package static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func path(_ codingPath: [any CodingKey]) -> String {
      let text = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
      return text.hasPrefix(".") ? String(text.dropFirst()) : (text.isEmpty ? "the document" : text)
    }
    switch error {
    case let .keyNotFound(key, context):
      return "\(path(context.codingPath + [key])): missing"
    case let .typeMismatch(type, context):
      return "\(path(context.codingPath)): expected \(type)"
    case let .valueNotFound(type, context):
      return "\(path(context.codingPath)): expected \(type), found null"
    case let .dataCorrupted(context):
      return "\(path(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }

  private static func codingPath(of error: DecodingError) -> [any CodingKey] {
    switch error {
    case let .keyNotFound(_, context), let .typeMismatch(_, context), let .valueNotFound(_, context),
      let .dataCorrupted(context):
      return context.codingPath
    @unknown default:
      return []
    }
  }

  private struct Envelope: Decodable {
    var format: String?
    var version: Int?
  }

  private struct TabBody<Screen: Codable>: Codable {
    var id: TabID
    var reselect: ReselectPolicy
    /// Written only when it is not `keep` (the default), so older documents read the same.
    var leave: LeavePolicy?
    var routes: RouteStack<Screen>
  }

  private struct Body<Screen: Codable>: Codable {
    var format: String
    var version: Int
    var selectedTab: TabID
    var history: [TabID]
    /// The tab the app starts on; absent when it is the first tab (and in older documents).
    var initialTab: TabID?
    var backBehavior: BackBehavior
    var context: [String: FlowValue]
    /// A deferred deep link; absent when there is none.
    var pendingLink: String?
    /// The user's order of the tabs; absent when it is the declared order.
    var order: [TabID]?
    /// The tabs the user hid; absent when none is.
    var hidden: [TabID]?
    /// The badges by tab; absent when there are none.
    var badges: [String: TabBadge]?
    /// An in-app action kept to resume; absent when there is none.
    var pendingResume: PersistedResume<Screen>?
    /// The app layer's routes, first presented over the tab bar; absent when it is empty.
    var app: [Route<Screen>]?
    var tabs: [TabBody<Screen>]
  }
}
