@testable import FlowscriptKit
import Foundation
@testable import TabFlowLua
@testable import TabFlowNavigation
import TabFlowScriptExploration
import TestSupport
import Testing

/// `flowscript map` in-process: the exploration, the JSON tables the page draws from, and the
/// page around them.
@Suite struct MapDataTests {
  /// The demo explored `depth` lines deep on one worker, and its JSON parsed.
  static func demo(depth: Int, marks: [MapData.Mark] = []) throws -> (FlowSession, MapExploration, [String: Any]) {
    let session = try FlowSession(origin: .file(FlowscriptCLI.demoScript))
    let exploration = MapExploration.explore(session: session, depth: depth, maxStates: 10_000)
    let json = MapData(exploration, session: session, marks: marks).json
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    return (session, exploration, object)
  }

  /// A tab's stack as `expect stack` writes it, from the JSON's tables.
  static func stackText(_ data: [String: Any], stack: Int) throws -> String {
    let stacks = try #require(data["stacks"] as? [[Int]])
    let layers = try #require(data["layers"] as? [[Any]])
    let routes = try #require(data["routes"] as? [[Any]])
    let screens = try #require(data["screens"] as? [[String]])
    var parts: [String] = []
    for layerIndex in stacks[stack] {
      let layer = layers[layerIndex]
      let style = try #require(layer[0] as? String)
      for (position, route) in try #require(layer[3] as? [Int]).enumerated() {
        let screen = screens[try #require(routes[route][0] as? Int)][0]
        parts.append((position == 0 && style != "root" ? style + ":" : "") + screen)
      }
    }
    return parts.joined(separator: " > ")
  }

  /// The first state (breadth first) whose selected tab shows `screen` on top, read from the
  /// JSON's tables (the exploration keeps no state).
  static func firstState(_ data: [String: Any], showing screen: String) throws -> Int? {
    let states = try #require(data["states"] as? [[Any]])
    for (index, state) in states.enumerated() {
      let selected = try #require(state[0] as? Int)
      let stacks = try #require(state[1] as? [Int])
      if try stackText(data, stack: stacks[selected]).hasSuffix(screen) { return index }
    }
    return nil
  }

  /// The same for a session's stack.
  static func stackText(_ stack: RouteStack<DynamicScreen>) -> String {
    stack.routes.map { ($0.isPresented ? "\($0.style):" : "") + $0.screen.name }.joined(separator: " > ")
  }

  @Test func everyTransitionOfTheInitialStateAgreesWithRunningItsLine() throws {
    let (_, exploration, data) = try Self.demo(depth: 2)
    let states = try #require(data["states"] as? [[Any]])
    let out = try #require(data["out"] as? [[Int]])
    let lines = try #require(data["lines"] as? [String])
    let inputs = try #require(data["inputs"] as? [[Int]])
    let fails = try #require(data["fails"] as? [[Any]])
    let texts = try #require(data["texts"] as? [String])
    #expect(states.count == exploration.nodes.count)
    #expect(out.count == states.count)
    let initialInputs = try #require(states[0][7] as? Int)
    let tried = inputs[initialInputs].map { lines[$0] }
    #expect(tried.contains("tab profile"))
    #expect(tried.contains("feed.cartTapped"))
    for (position, line) in tried.enumerated() {
      let session = try FlowSession(origin: .file(FlowscriptCLI.demoScript))
      let outcome = session.execute(try FlowLineParser.parse(line))
      let code = out[0][position]
      switch outcome {
      case .changed:
        try #require(code >= 0, "\(line) changed the state, the map says \(code)")
        let target = states[code]
        let tabs = try #require(target[1] as? [Int])
        for (index, tab) in session.state.tabs.enumerated() {
          #expect(try Self.stackText(data, stack: tabs[index]) == Self.stackText(tab.stack), "\(line)")
        }
        #expect(target[0] as? Int == session.state.tabIDs.firstIndex(of: session.state.selectedTab))
      case .unchanged:
        #expect(code == -1 || code == 0, "\(line)")
      case let .failed(message):
        try #require(code <= -10, "\(line) failed, the map says \(code)")
        let fail = fails[-10 - code]
        #expect(texts[try #require(fail[1] as? Int)] == message)
      default:
        Issue.record("\(line): \(outcome)")
      }
    }
  }

  @Test func aRejectionCarriesTheGuardsReasonAndStatesKeepTheirShortestLines() throws {
    let (_, exploration, data) = try Self.demo(depth: 3)
    let fails = try #require(data["fails"] as? [[Any]])
    let texts = try #require(data["texts"] as? [String])
    let questions = try fails.filter { $0[0] as? String == "ask" }.map { texts[try #require($0[1] as? Int)] }
    #expect(questions.contains("rejected by guard 'unsaved review': discard the review?" + FlowSession.askSuffix))
    // States are numbered breadth first: each state's parent comes before it, and its lines lead to it.
    let states = try #require(data["states"] as? [[Any]])
    for (index, state) in states.enumerated().dropFirst() {
      #expect(try #require(state[5] as? Int) < index)
    }
    let cart = try #require(try Self.firstState(data, showing: "cart"))
    var lines: [String] = []
    var current = cart
    while let parent = exploration.nodes[current].parent {
      lines.insert(parent.line, at: 0)
      current = parent.index
    }
    #expect(lines == ["feed.cartTapped"])
  }

  @Test func layersComeFromThePresentationLayer() throws {
    let (_, exploration, data) = try Self.demo(depth: 1)
    let layers = try #require(data["layers"] as? [[Any]])
    let stacks = try #require(data["stacks"] as? [[Int]])
    let states = try #require(data["states"] as? [[Any]])
    let cart = try #require(try Self.firstState(data, showing: "cart"))
    #expect(exploration.nodes[cart].parent?.line == "feed.cartTapped")
    let stack = try #require((states[cart][1] as? [Int])?.first)
    let drawn = stacks[stack].map { layers[$0] }
    let session = try FlowSession(origin: .file(FlowscriptCLI.demoScript))
    _ = session.execute(try FlowLineParser.parse("feed.cartTapped"))
    let expected = session.state.selectedStack.layers
    #expect(drawn.count == expected.count)
    #expect(drawn.map { $0[0] as? String } == expected.map { $0.style.rawValue })
    #expect(drawn.last?[2] as? [String] == ["medium", "large"])
    #expect(drawn.first?[2] as? Int == 0)
  }

  @Test func statesAtTheDepthLimitSayWhichInputsLeadBeyond() throws {
    let (_, exploration, data) = try Self.demo(depth: 1)
    let out = try #require(data["out"] as? [[Int]])
    let last = try #require(exploration.nodes.indices.last)
    #expect(out[last].contains(-2))
    #expect(!out[0].contains(-2))
    #expect(exploration.nodes.allSatisfy { $0.outcomes.count == $0.inputs.count })
  }

  @Test func marksAreWrittenOnlyWhenGiven() throws {
    let (_, _, plain) = try Self.demo(depth: 1)
    #expect(plain["marks"] == nil)
    let (_, _, marked) = try Self.demo(depth: 1, marks: [MapData.Mark(state: 0, input: 1, text: "now a <sheet>")])
    let marks = try #require(marked["marks"] as? [[Any]])
    #expect(marks.count == 1)
    #expect(marks[0][2] as? String == "now a <sheet>")
  }

  @Test func thePageIsOneFileThatLoadsNothing() throws {
    let session = try FlowSession(origin: .file(FlowscriptCLI.demoScript))
    let exploration = MapExploration.explore(session: session, depth: 1, maxStates: 100)
    let data = MapData(exploration, session: session, marks: [MapData.Mark(state: 0, input: 0, text: "</script><script>")])
    let page = MapPage.html(title: "a<b>.lua", data: data)
    #expect(!page.contains("http://"))
    #expect(!page.contains("https://"))
    #expect(!page.contains("src="))
    #expect(!page.contains("<link"))
    #expect(page.contains("<title>a&lt;b&gt;.lua — flowscript map</title>"))
    // Two scripts: the data and the code; no text in the data closes its element.
    #expect(page.components(separatedBy: "</script>").count == 3)
    #expect(!page.contains("{{DATA}}"))
  }
}
