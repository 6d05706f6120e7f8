import TabFlowCore
import TabFlowLua
import TabFlowNavigation

/// The tables of `flowscript map`'s JSON (``MapData``), each entry written once and numbered by
/// its position: filled by ``MapExploration`` as it reaches states (stacks, contexts) and by
/// ``MapData`` as it writes them (texts, lines, failures).
struct MapTables {
  var screens: [(name: String, title: String)] = []
  var screenIndex: [String: Int] = [:]
  var lines: [String] = []
  var lineIndex: [String: Int] = [:]
  var inputSets: [[Int]] = []
  var inputSetIndex: [[String]: Int] = [:]
  var texts: [String] = []
  var textIndex: [String: Int] = [:]
  var fails: [(kind: String, text: Int)] = []
  var failIndex: [String: Int] = [:]
  var routes: [String] = []
  var routeIndex: [String: Int] = [:]
  var layers: [String] = []
  var layerIndex: [String: Int] = [:]
  var stacks: [[Int]] = []
  var stackIndex: [[Int]: Int] = [:]
  var contexts: [String] = []
  var contextIndex: [String: Int] = [:]

  /// The number of a screen, given `title` when it is new.
  mutating func screen(_ name: String, title: String? = nil) -> Int {
    Self.number(of: name, in: &screenIndex) { screens.append((name, title ?? name)) }
  }

  /// The number of an input line.
  mutating func line(_ text: String) -> Int {
    Self.number(of: text, in: &lineIndex) { lines.append(text) }
  }

  /// The number of a text: a URL, a pending link, a failure's message.
  mutating func text(_ text: String) -> Int {
    Self.number(of: text, in: &textIndex) { texts.append(text) }
  }

  /// The number of the list of lines a state tries.
  mutating func inputSet(_ inputs: [String]) -> Int {
    if let known = inputSetIndex[inputs] { return known }
    let numbers = inputs.map { line($0) }
    inputSets.append(numbers)
    inputSetIndex[inputs] = inputSets.count - 1
    return inputSets.count - 1
  }

  /// An outcome as the number `out` holds.
  mutating func code(_ outcome: MapExploration.Outcome) -> Int {
    switch outcome {
    case let .state(index): return index
    case .unchanged: return -1
    case .beyond: return -2
    case .unexplorable: return -3
    case let .failed(kind, message):
      let name = MapData.kindName(kind)
      if let known = failIndex[name + " " + message] { return -10 - known }
      failIndex[name + " " + message] = fails.count
      fails.append((name, text(message)))
      return -10 - (fails.count - 1)
    }
  }

  /// The number of a stack: its layers, as the Presentation layer reads them.
  mutating func stack(_ stack: RouteStack<DynamicScreen>) -> Int {
    let numbers = stack.layers.map { layer in
      let routeNumbers = layer.routeIndices.map { route(stack[$0]) }
      let detents = layer.sheetConfiguration.map {
        "[" + $0.detents.map { MapData.string($0.description) }.joined(separator: ",") + "]"
      } ?? "0"
      let row = "[\(MapData.string(layer.style.rawValue)),\(layer.withNavigation ? 1 : 0),\(detents),["
        + routeNumbers.map(String.init).joined(separator: ",") + "]]"
      return Self.number(of: row, in: &layerIndex) { layers.append(row) }
    }
    if let known = stackIndex[numbers] { return known }
    stacks.append(numbers)
    stackIndex[numbers] = stacks.count - 1
    return stacks.count - 1
  }

  /// The number of a route: its screen and the screen's state.
  mutating func route(_ route: Route<DynamicScreen>) -> Int {
    let row = "[\(screen(route.screen.name)),\(Self.pairsText(route.screen.state))]"
    return Self.number(of: row, in: &routeIndex) { routes.append(row) }
  }

  /// The number of a context.
  mutating func context(_ context: [String: FlowValue]) -> Int {
    let row = Self.pairsText(context)
    return Self.number(of: row, in: &contextIndex) { contexts.append(row) }
  }

  /// `["id=3","name=\"x\""]`: an object's members, keys sorted, each as `FlowValue.description`
  /// writes it in a table, so `{` + the members joined by `, ` + `}` is the object's description.
  static func pairsText(_ object: [String: FlowValue]) -> String {
    "[" + object.keys.sorted().map { key in
      let member = FlowValue.object([key: object[key] ?? .null]).description
      return MapData.string(String(member.dropFirst().dropLast()))
    }.joined(separator: ",") + "]"
  }

  /// The number of `key` in `index`, calling `add` (which appends it to its table) when new.
  private static func number<Key: Hashable>(of key: Key, in index: inout [Key: Int], add: () -> Void) -> Int {
    if let known = index[key] { return known }
    let next = index.count
    index[key] = next
    add()
    return next
  }
}
