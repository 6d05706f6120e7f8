import TabFlowCore
import TabFlowLua
import TabFlowNavigation
import TabFlowScriptExploration


/// The `--json` / `state` format (docs/ARCHITECTURE.md §7), keys in a fixed order:
/// `{"selectedTab":"home","tabs":[{"id":"home","routes":[{"style":"root","screen":"feed","state":{}}]}],"context":{}}`,
/// then `"app"` (the routes presented over the tab bar, when there are some), `"pendingLink"`, the user's tab `"order"`, the `"hidden"` tabs, the `"badges"`,
/// `"pendingResume"` (its commands, as logs write them) and `"url"` when the state has them (not
/// the declared order, some hidden, some badge).
enum StateJSON {
  /// The state; `url` (the top screen's link) and the pending deep link are added when there is one.
  static func render(_ state: TabCoordinatorState<DynamicScreen>, url: String? = nil) -> String {
    let tabs = state.tabs.map { tab in
      "{\"id\":\(string(tab.id.rawValue)),\"routes\":[" + tab.stack.routes.map(route).joined(separator: ",") + "]}"
    }
    var text = "{\"selectedTab\":\(string(state.selectedTab.rawValue)),\"tabs\":[\(tabs.joined(separator: ","))],"
      + "\"context\":\(value(.object(state.context)))"
    if state.isAppLayerPresented { text += ",\"app\":[" + state.appLayer.map(route).joined(separator: ",") + "]" }
    if let pendingLink = state.pendingLink { text += ",\"pendingLink\":\(string(pendingLink))" }
    // The user's tab-bar customization and the badges, when not the default.
    if state.tabOrder != state.tabIDs {
      text += ",\"order\":[" + state.tabOrder.map { string($0.rawValue) }.joined(separator: ",") + "]"
    }
    if !state.hiddenTabs.isEmpty {
      text += ",\"hidden\":[" + state.hiddenTabs.sorted().map { string($0.rawValue) }.joined(separator: ",") + "]"
    }
    if !state.badges.isEmpty {
      text += ",\"badges\":{" + state.badges.keys.sorted().map { tab in
        "\(string(tab.rawValue)):" + (state.badges[tab].map { badge -> String in
          switch badge {
          case let .count(count): return String(count)
          case let .text(text): return string(text)
          }
        } ?? "null")
      }.joined(separator: ",") + "}"
    }
    if let resume = state.pendingResume {
      text += ",\"pendingResume\":{\"source\":\(string(resume.source.description)),\"commands\":["
        + resume.commands.map { string($0.description) }.joined(separator: ",") + "]}"
    }
    if let url { text += ",\"url\":\(string(url))" }
    return text + "}"
  }

  private static func route(_ route: Route<DynamicScreen>) -> String {
    var text = "{\"style\":\(string(route.style.rawValue)),\"screen\":\(string(route.screen.name)),"
      + "\"state\":\(value(.object(route.screen.state)))"
    if route.isPresented || !route.withNavigation && route.style == .root {
      text += ",\"withNavigation\":\(route.withNavigation)"
    }
    if let configuration = route.sheetConfiguration {
      text += ",\"detents\":[" + configuration.detents.map { string($0.description) }.joined(separator: ",") + "]"
      if !configuration.showDragIndicator { text += ",\"showDragIndicator\":false" }
    }
    return text + "}"
  }

  /// A value as JSON, object keys sorted.
  static func value(_ value: FlowValue) -> String {
    switch value {
    case .null: return "null"
    case let .bool(flag): return flag ? "true" : "false"
    case let .int(number): return String(number)
    case let .double(number): return number.isFinite ? String(number) : "null"
    case let .string(text): return string(text)
    case let .array(items): return "[" + items.map(Self.value).joined(separator: ",") + "]"
    case let .object(members):
      return "{" + members.keys.sorted().map { "\(string($0)):\(Self.value(members[$0] ?? .null))" }.joined(separator: ",") + "}"
    }
  }

  /// A JSON string. Besides what JSON requires, every scalar a terminal would obey (DEL, C1,
  /// separators, bidirectional controls) is written `\uXXXX`, so the JSON is printed as it is.
  static func string(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.isUnsafeOnTerminal {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
