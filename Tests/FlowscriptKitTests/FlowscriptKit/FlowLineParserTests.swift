@testable import FlowscriptKit
import TabFlowScriptExploration
import TestSupport
import Testing

/// The line language (REPL, scenario files and `send` share it), parsed in-process: each line kind
/// reads as the `FlowLine` the session runs, and a line the language cannot read is a
/// `FlowLineError` whose message says what is wrong — never a crash.
@Suite struct FlowLineParserTests {
  /// A line and what it must parse to.
  struct Parsed: Sendable, CustomTestStringConvertible {
    let text: String
    let line: FlowLine
    init(_ text: String, _ line: FlowLine) {
      self.text = text
      self.line = line
    }
    var testDescription: String { text.debugDescription }
  }

  /// A line and the error it must be refused with.
  struct Refused: Sendable, CustomTestStringConvertible {
    let text: String
    let message: String
    init(_ text: String, _ message: String) {
      self.text = text
      self.message = message
    }
    var testDescription: String { text.debugDescription }
  }

  static let moves: [Parsed] = [
    Parsed("feed.itemTapped {id=3}", .action(tab: nil, screen: "feed", action: "itemTapped", payload: ["id": 3])),
    // No payload and an empty table both send an empty object.
    Parsed("feed.itemTapped", .action(tab: nil, screen: "feed", action: "itemTapped", payload: .emptyObject)),
    Parsed("feed.itemTapped {}", .action(tab: nil, screen: "feed", action: "itemTapped", payload: .emptyObject)),
    Parsed("  feed.itemTapped   {id=3}  ", .action(tab: nil, screen: "feed", action: "itemTapped", payload: ["id": 3])),
    Parsed("home:feed.loaded {id=3}", .action(tab: "home", screen: "feed", action: "loaded", payload: ["id": 3])),
    Parsed(
      #""tab one":"my screen"."1st""#,
      .action(tab: "tab one", screen: "my screen", action: "1st", payload: .emptyObject)),
    Parsed("tab profile", .tab("profile")),
    Parsed(#"tab "tab one""#, .tab("tab one")),
    Parsed("back", .back),
    Parsed("url shop://item/7", .url("shop://item/7")),
    Parsed(#"url "shop://search/red shoes""#, .url("shop://search/red shoes")),
    Parsed("url", .currentURL),
    Parsed("set loggedIn true", .set("loggedIn", true)),
    Parsed("", .nothing),
    Parsed("   ", .nothing),
    Parsed("# a comment", .nothing),
    Parsed("state", .command(.state)),
    Parsed("confirm", .command(.confirm)),
    Parsed("exit", .command(.quit)),
    Parsed("reload", .command(.reload)),
    Parsed("reload other.lua", .reloadFrom("other.lua")),
  ]

  @Test(arguments: moves) func movesAndCommands(_ parsed: Parsed) throws {
    #expect(try FlowLineParser.parse(parsed.text) == parsed.line)
  }

  static let expectations: [Parsed] = [
    Parsed("expect tab home", .expect(.tab("home"))),
    Parsed("expect top item {id=3}", .expect(.top(screen: "item", state: ["id": 3]))),
    // Without a payload the state is not compared at all (nil), which is not `{}` or `.null`.
    Parsed("expect top feed", .expect(.top(screen: "feed", state: Optional.none))),
    Parsed(
      "expect stack home: feed > item > sheet:login > cover:pay",
      .expect(.stack(tab: "home", routes: [
        StackEntry(screen: "feed", presented: nil), StackEntry(screen: "item", presented: nil),
        StackEntry(screen: "login", presented: .sheet), StackEntry(screen: "pay", presented: .cover),
      ]))),
    Parsed(
      "expect stack feed > item",
      .expect(.stack(tab: nil, routes: [StackEntry(screen: "feed", presented: nil), StackEntry(screen: "item", presented: nil)]))),
    Parsed("expect depth 2", .expect(.depth(2))),
    Parsed("expect error", .expect(.error(nil))),
    Parsed(#"expect error "login required""#, .expect(.error("login required"))),
    Parsed("expect url shop://item/3", .expect(.url("shop://item/3"))),
    Parsed("expect url none", .expect(.url(nil))),
    Parsed("expect pending none", .expect(.pendingLink(nil))),
    Parsed("expect resume none", .expect(.pendingResume(nil))),
    Parsed(#"expect resume "tab home: push checkout""#, .expect(.pendingResume("tab home: push checkout"))),
    Parsed("expect event purchased", .expect(.event(name: "purchased", payload: nil))),
    Parsed("expect context loggedIn true", .expect(.context(key: "loggedIn", value: true))),
    Parsed("expect context loggedIn nil", .expect(.context(key: "loggedIn", value: .null))),
    Parsed("expect rejected", .expect(.rejected(nil))),
    Parsed(#"expect rejected "unsaved review""#, .expect(.rejected("unsaved review"))),
  ]

  @Test(arguments: expectations) func expectationLines(_ parsed: Parsed) throws {
    #expect(try FlowLineParser.parse(parsed.text) == parsed.line)
  }

  static let refused: [Refused] = [
    Refused("tba profile", "unknown command 'tba' — did you mean 'tab'?"),
    Refused("back now", "'back' takes nothing after it"),
    Refused("tab", #"expected a tab id: tab profile, or tab "tab one""#),
    Refused(
      "feed.",
      "'feed.' is not a command or an action; write screen.action {payload}, e.g. feed.itemTapped {id=3} (try help)"),
    Refused(
      #""unterminated"#,
      #"'"unterminated' is not a command or an action; write screen.action {payload}, e.g. feed.itemTapped {id=3} (try help)"#),
    Refused(
      "set loggedIn maybe",
      #"set loggedIn: 'maybe' is not a value; write true, false, nil, a number, a "string" or a {table}"#),
    Refused("set loggedIn", "usage: set <key> <value>, e.g. set loggedIn true"),
    Refused(
      "expect foo",
      "unknown expectation 'foo' (expect tab, stack, app, top, error, depth, url, pending, resume, event, context, rejected) — did you mean 'top'?"),
    Refused("expect depth 0", "usage: expect depth <routes, root included>, e.g. expect depth 2"),
    Refused("expect error login", #"usage: expect error or expect error "text" (the text in double quotes)"#),
    Refused(
      "expect resume push checkout",
      #"usage: expect resume "tab home: push checkout" (as show writes it), or expect resume none"#),
    Refused("expect stack feed > > item", "usage: expect stack [tab:] root > push > sheet:name > cover:name"),
  ]

  @Test(arguments: refused) func malformedLinesAreErrors(_ refused: Refused) {
    #expect(throws: FlowLineError(refused.message)) { try FlowLineParser.parse(refused.text) }
  }

  /// A line that reads as an action but whose payload is not data parses — as a failed line the
  /// session reports (and `expect error` may follow), not as an error of the language.
  @Test func aPayloadThatIsNotDataIsAnInvalidAction() throws {
    #expect(
      try FlowLineParser.parse("feed.itemTapped {id=os.exit(1)}")
        == .invalidAction(
          "payload column 5: 'os' is not data: payloads may hold only nil, booleans, numbers, strings and tables"))
    #expect(try FlowLineParser.parse("feed.itemTapped {id=") == .invalidAction("payload column 5: expected a value, found the end"))
    #expect(
      try FlowLineParser.parse("feed.itemTapped 3")
        == .invalidAction("the payload of feed.itemTapped must be a table like {id=3}, got integer"))
  }

  /// Names are written bare when they can be and quoted otherwise, and read back the same.
  @Test func writtenNamesReadBack() throws {
    #expect(FlowName.written("feed") == "feed")
    #expect(FlowName.written("tab one") == #""tab one""#)
    #expect(FlowName.written("1st") == #""1st""#)
    #expect(FlowName.written(#"say "hi""#) == #""say \"hi\"""#)
    for name in ["feed", "tab one", "1st", "a.b:c", #"say "hi""#, "back\\slash"] {
      #expect(FlowName.whole(FlowName.written(name)) == name)
      #expect(try FlowLineParser.parse("tab " + FlowName.written(name)) == .tab(name))
    }
  }

  /// Every name, written by the line language and passed through the terminal escaper that
  /// reproductions and recordings go through, reads back as itself: generated names of quotes,
  /// backslashes, line and paragraph separators, controls, `\u{` look-alikes and letters.
  @Test func everyWrittenNameReadsBackThroughTheTerminalEscaper() throws {
    let pieces = ["a", " ", "\"", "\\", "\n", "\r", "\t", "\u{2028}", "\u{2029}", "\u{85}", "\u{1B}", "\u{7F}",
                  "\\u{41}", "u{41}", "é", "e\u{301}", ".", ":", ">", "{", "}", "1"]
    var choices = SeededChoices(seed: 2028)
    for _ in 0..<500 {
      let name = (0..<(1 + choices.next(6))).map { _ in choices.pick(pieces) }.joined()
      let written = FlowName.written(name).escapingControlCharacters(keepingLineBreaks: false)
      #expect(written == FlowName.written(name), "the written name needs no further escaping: \(written)")
      #expect(FlowName.whole(written) == name, "\(written)")
      #expect(try FlowLineParser.parse("tab " + written) == .tab(name), "\(written)")
    }
  }
}
