import TabFlowCore
import TabFlowLua
import TabFlowNavigation
import TabFlowPresentation
import TabFlowScriptExploration


/// The explored flow as the compact JSON the map page draws, every repeated thing written once
/// in a table and referred to by its position there:
///
/// ```
/// {"v":1, "script":"demo.lua", "depth":6, ["state":"saved.json",] "truncated":false,
///  "tabs":[["home","Home","","","house",""],…] id, title, role, section, image, "hideable"
///                                              or "" (each "" when not declared); tab-bar order
///  "screens":[["feed","Feed"],…],              name, title
///  "lines":["tab home","back",…],              every input line
///  "inputs":[[0,1,2,…],…],                     input sets: the lines a state tries
///  "texts":["shop://home",…],                  URLs, pending links, failure messages
///  "fails":[["guard",3],…],                    kind (guard: a block, ask: a question, error, invalid, loop, input), message text
///  "routes":[[0,["id=3","qty=1"]],…],         screen, state as its members written `key=value`
///  "layers":[["root",1,0,[0,4]],["sheet",1,["medium","large"],[7]],…],
///                                              a presentation layer (RouteStack.layers): style,
///                                              navigation 1/0, detents (0 when not a sheet), its
///                                              routes (the start, then the path)
///  "stacks":[[0,1],…],                         a tab's stack as its layers, bottom to top
///  "contexts":[["loggedIn=true"],…],          context as its members written `key=value`
///  "states":[[0,[0,2,5],0,-1,-1,-1,-1,0],…],  selected tab, each tab's stack, context, URL text
///                                              (-1 none), pending link text (-1 none), parent
///                                              state and the line from it (-1 for the initial
///                                              state), input set, and — only when something is
///                                              presented over the tab bar — the app layer's stack
///                                              (its first layer stands for the tab bar: not drawn)
///  "out":[[3,-1,-10,…],…],                     per state, per input of its set: a state number,
///                                              -1 unchanged, -2 beyond the explored depth,
///                                              -3 not expressible as a line, -10-F failure F
///  "marks":[[state,input,"text",change],…],   optional: a transition marked as changed, shown
///                                              as a badge with the text (e.g. by a diff), and the
///                                              position of its change in "against" (-1 none)
///  "against":{"old":"v6.lua","sequences":208,  optional (`map --against OLD`): the script compared
///   "initial":"…" or null,                     with, the input sequences that differ, a difference
///   "changes":[["cause",208,["tab search"],    of the initial states, and each change: its cause,
///     "tab home","item","old","new",           the sequences it affects, its shortest difference's
///     ["differs",…]],…]}                       lines, input, screen, what each side did, what differs
/// ```
///
/// States are numbered in the order they were reached, so the first state with a screen on top
/// is one the fewest lines reach. Keys and values are written as the line language writes them
/// (`FlowValue.description`), so the page can write `expect` lines `flowscript run` accepts.
struct MapData {
  typealias State = TabCoordinatorState<DynamicScreen>

  /// A transition marked as changed: the state, the position of the input in its set, the text,
  /// and the position of its change in ``Against/changes`` (-1: none).
  struct Mark {
    let state: Int
    let input: Int
    let text: String
    var change = -1
  }

  /// What the page's review banner shows (`map --against OLD`): the script compared with, and
  /// the changes a diff found, most affected first.
  struct Against {
    /// One change: its cause, how many input sequences it affects, and its shortest difference.
    struct Change {
      let cause: String
      let count: Int
      let lines: [String]
      let input: String
      let screen: String
      let old: String
      let new: String
      let differs: [String]
    }

    let old: String
    let sequences: Int
    let initialDifference: String?
    let changes: [Change]

    /// The JSON object.
    var json: String {
      func list(_ items: [String]) -> String { "[" + items.map(MapData.string).joined(separator: ",") + "]" }
      let rows = changes.map { change in
        "[\(MapData.string(change.cause)),\(change.count),\(list(change.lines)),\(MapData.string(change.input)),"
          + "\(MapData.string(change.screen)),\(MapData.string(change.old)),\(MapData.string(change.new)),\(list(change.differs))]"
      }
      return "{\"old\":\(MapData.string(old)),\"sequences\":\(sequences),"
        + "\"initial\":\(initialDifference.map(MapData.string) ?? "null"),\"changes\":[\(rows.joined(separator: ","))]}"
    }
  }

  /// The JSON text.
  private(set) var json = ""

  /// The JSON for `exploration` of `session`'s script (its declarations name the tabs), with
  /// `marks` on transitions. With `against`, the page shows the review banner. `savedState` is
  /// the `--state FILE` exploration started from (`"state":"FILE"`, which the page's scenario
  /// header tells `flowscript run` to start from too); absent otherwise.
  ///
  /// The exploration numbered each state's stacks and context as it reached it (it keeps no
  /// state); the texts, lines and failures are numbered here, state by state in the order they
  /// were reached, so every table comes out as it would from the states themselves.
  init(
    _ exploration: MapExploration, session: FlowSession, marks: [Mark] = [], against: Against? = nil,
    savedState: String? = nil
  ) {
    let declarations = session.rules.declarations
    var tables = exploration.tables
    var states: [String] = []
    var outs: [String] = []
    states.reserveCapacity(exploration.nodes.count)
    outs.reserveCapacity(exploration.nodes.count)
    let tabs = exploration.tabIDs
    for node in exploration.nodes {
      let row = node.row
      let url = row.url.map { tables.text($0) } ?? -1
      let pending = row.pendingLink.map { tables.text($0) } ?? -1
      let parent = node.parent.map { "\($0.index),\(tables.line($0.line))" } ?? "-1,-1"
      let inputs = tables.inputSet(node.inputs)
      let app = row.appLayer.map { ",\($0)" } ?? ""
      states.append(
        "[\(row.selected),[\(row.stacks.map(String.init).joined(separator: ","))],\(row.context),\(url),\(pending),\(parent),\(inputs)\(app)]")
      outs.append("[" + node.outcomes.map { String(tables.code($0)) }.joined(separator: ",") + "]")
    }
    let tabRows = tabs.map { id in
      let tab = declarations.tabs.first { $0.id == id.rawValue }
      let item = tab?.item ?? TabBarItem()
      let fields = [
        id.rawValue, tab?.title ?? id.rawValue, item.role?.rawValue ?? "", item.section ?? "", item.image ?? "",
        item.hideable ? "hideable" : "",
      ]
      return "[" + fields.map(Self.string).joined(separator: ",") + "]"
    }
    var text = "{\"v\":1,\"script\":\(Self.string(session.chunk)),\"depth\":\(exploration.depth),"
    if let savedState { text += "\"state\":\(Self.string(savedState))," }
    text += "\"truncated\":\(exploration.truncated),"
    text += "\"tabs\":[\(tabRows.joined(separator: ","))],"
    text += "\"screens\":[" + tables.screens.map { "[\(Self.string($0.name)),\(Self.string($0.title))]" }.joined(separator: ",") + "],"
    text += "\"lines\":[" + tables.lines.map(Self.string).joined(separator: ",") + "],"
    text += "\"inputs\":[" + tables.inputSets.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }.joined(separator: ",") + "],"
    text += "\"texts\":[" + tables.texts.map(Self.string).joined(separator: ",") + "],"
    text += "\"fails\":[" + tables.fails.map { "[\(Self.string($0.kind)),\($0.text)]" }.joined(separator: ",") + "],"
    text += "\"routes\":[" + tables.routes.joined(separator: ",") + "],"
    text += "\"layers\":[" + tables.layers.joined(separator: ",") + "],"
    text += "\"stacks\":[" + tables.stacks.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }.joined(separator: ",") + "],"
    text += "\"contexts\":[" + tables.contexts.joined(separator: ",") + "],"
    text += "\"states\":[" + states.joined(separator: ",\n") + "],"
    text += "\"out\":[" + outs.joined(separator: ",\n") + "]"
    if !marks.isEmpty {
      text += ",\"marks\":[" + marks.map { "[\($0.state),\($0.input),\(Self.string($0.text)),\($0.change)]" }.joined(separator: ",") + "]"
    }
    if let against { text += ",\"against\":" + against.json }
    json = text + "}"
  }

  /// A JSON string, safe inside an HTML `<script>` element: `<` is written `\u003c`, so no
  /// text (a screen's state, a message) can close the element.
  static func string(_ text: String) -> String {
    StateJSON.string(text).replacingOccurrences(of: "<", with: "\\u003c")
  }

  /// The kind of a failure as the page names it.
  static func kindName(_ kind: FailureKind) -> String {
    switch kind {
    case .guardRejection: "guard"
    case .guardQuestion: "ask"
    case .ruleError, .guardError: "error"
    case .invalidCommand: "invalid"
    case .redirectLoop: "loop"
    default: "input"
    }
  }
}
