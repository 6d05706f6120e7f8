import TabFlow

/// The `--json` / `state` format (docs/ARCHITECTURE.md §7), keys in a fixed order:
/// `{"selectedTab":"home","tabs":[{"id":"home","routes":[{"style":"root","screen":"feed","state":{}}]}],"context":{}}`.
enum StateJSON {
  static func render(_ state: TabCoordinatorState<DynamicScreen>) -> String {
    let tabs = state.tabs.map { tab in
      "{\"id\":\(string(tab.id.rawValue)),\"routes\":[" + tab.stack.routes.map(route).joined(separator: ",") + "]}"
    }
    return "{\"selectedTab\":\(string(state.selectedTab.rawValue)),\"tabs\":[\(tabs.joined(separator: ","))],"
      + "\"context\":\(value(.object(state.context)))}"
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
        if scalar.value < 0x20 {
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
