@testable import TabFlowLuaBinding
@testable import TabFlowNavigation
import Testing

/// The payload language of `feed.itemTapped {id=3}` and `expect top item {id=3}` (docs/ARCHITECTURE.md §7): a Lua
/// table constructor parsed as data only. Everything Lua would read as data is accepted with the
/// value Lua would build; everything that would run code is refused with the column where it is.
@Suite struct LuaDataLiteralTests {
  /// A payload and the value it must parse to.
  struct Accepted: Sendable, CustomTestStringConvertible {
    let text: String
    let value: FlowValue
    init(_ text: String, _ value: FlowValue) {
      self.text = text
      self.value = value
    }
    var testDescription: String { text.debugDescription }
  }

  /// A payload and the error it must be refused with.
  struct Refused: Sendable, CustomTestStringConvertible {
    let text: String
    let column: Int
    let message: String
    init(_ text: String, column: Int, _ message: String) {
      self.text = text
      self.column = column
      self.message = message
    }
    var testDescription: String { text.debugDescription }
  }

  /// `==` treats `2` and `2.0` alike; the description tells integers from numbers, so comparing
  /// both checks the kind of every number too.
  static func expectParses(_ text: String, as expected: FlowValue, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let value = try LuaDataLiteral.parse(text)
    #expect(value == expected, sourceLocation: sourceLocation)
    #expect(value.description == expected.description, sourceLocation: sourceLocation)
  }

  static func expectRefused(_ refused: Refused, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let error = try #require(throws: LuaDataLiteralError.self, sourceLocation: sourceLocation) {
      try LuaDataLiteral.parse(refused.text)
    }
    #expect(error.message == refused.message, sourceLocation: sourceLocation)
    #expect(error.column == refused.column, sourceLocation: sourceLocation)
    #expect(error.description == "payload column \(refused.column): \(refused.message)", sourceLocation: sourceLocation)
  }

  static let notData = "is not data: payloads may hold only nil, booleans, numbers, strings and tables"

  // MARK: - Tables

  static let tables: [Accepted] = [
    Accepted("{}", .emptyObject),
    Accepted("{ \t }", .emptyObject),
    Accepted("{id = 3}", ["id": 3]),
    Accepted("{id=3,name='x'}", ["id": 3, "name": "x"]),
    Accepted("{_private_2 = true}", ["_private_2": true]),
    Accepted("{1, 2, 3}", [1, 2, 3]),
    Accepted("{\"a\", 'b'}", ["a", "b"]),
    Accepted("{{}}", [.emptyObject]),
    Accepted(
      "{user = {name = \"ann\", tags = {\"a\", \"b\"}}, grid = {{1}, {2, 3}}, empty = {}}",
      ["user": ["name": "ann", "tags": ["a", "b"]], "grid": [[1], [2, 3]], "empty": .emptyObject]),
    Accepted("{[\"key\"] = 1, [\"x y\"] = true, ['end'] = 'kw'}", ["key": 1, "x y": true, "end": "kw"]),
    Accepted("{[ [[long key]] ] = 1}", ["long key": 1]),
    Accepted("{[1] = \"a\", [2] = \"b\", [3] = \"c\"}", ["a", "b", "c"]),
    Accepted("{\"a\", [2] = \"b\"}", ["a", "b"]),
    Accepted("{true, [2] = false}", [true, false]),
    Accepted("{1, 2,}", [1, 2]),
    Accepted("{1; 2;}", [1, 2]),
    Accepted("{a = 1; b = 2,}", ["a": 1, "b": 2]),
    Accepted("{a = 1, a = 2}", ["a": 2]),
    Accepted("{a = 1, [\"a\"] = 2}", ["a": 2]),
    Accepted("{\n  id = 3,\r\n\tqty = 1\n}", ["id": 3, "qty": 1]),
    Accepted("{nil, true, false}", [.null, true, false]),
    Accepted("{flag = false, none = nil}", ["flag": false]),
    Accepted("{-1, - 2, -2.5}", [-1, -2, -2.5]),
    Accepted("{[[x]], [=[y]=]}", ["x", "y"]),
  ]

  @Test(arguments: tables)
  func parsesTables(_ accepted: Accepted) throws {
    try Self.expectParses(accepted.text, as: accepted.value)
  }

  @Test func arraysKeepTheirOrderAndObjectsTheirKeys() throws {
    let value = try LuaDataLiteral.parse("{'c', 'a', 'b'}")
    guard case let .array(items) = value else {
      Issue.record("expected an array, got \(value)")
      return
    }
    #expect(items == ["c", "a", "b"])
    let object = try #require(try LuaDataLiteral.parse("{z = 1, a = 2}").objectValue)
    #expect(object.keys.sorted() == ["a", "z"])
  }

  @Test func anEmptyTableIsTheEmptyObject() throws {
    #expect(try LuaDataLiteral.parse("{}").objectValue == [:])
    #expect(try LuaDataLiteral.parse("{}").kindName == "table")
  }

  // MARK: - Comments and spacing

  static let comments: [Accepted] = [
    Accepted("-- a payload\n{id = 1} -- trailing", ["id": 1]),
    Accepted("{ -- opening\n id = 3 -- the id\n, qty = 2 --\n}", ["id": 3, "qty": 2]),
    Accepted("{1, 2 --, 3\n}", [1, 2]),
    Accepted("{id = - -- minus, then a comment\n 4}", ["id": -4]),
    Accepted("{a = 1 --[[ a long comment ]] , b = 2}", ["a": 1, "b": 2]),
    Accepted("{1, --[==[ two\nlines ]==] 2}", [1, 2]),
    Accepted("{1, --[[ 2,\n ]] 3}", [1, 3]),
    Accepted("{1, --[ not long\n 2}", [1, 2]),
  ]

  @Test(arguments: comments)
  func skipsCommentsAndSpace(_ accepted: Accepted) throws {
    try Self.expectParses(accepted.text, as: accepted.value)
  }

  // MARK: - Strings

  static let strings: [Accepted] = [
    Accepted("'single'", "single"),
    Accepted("\"double\"", "double"),
    Accepted("\"it's\"", "it's"),
    Accepted("'say \"hi\"'", "say \"hi\""),
    Accepted("''", ""),
    Accepted(#""\n\t\r\a\b\f\v""#, "\n\t\r\u{07}\u{08}\u{0C}\u{0B}"),
    Accepted(#""\\ \" \'""#, "\\ \" '"),
    Accepted(#"'\x41\x62\x7A'"#, "Abz"),
    Accepted(#"'\xC3\xA9'"#, "é"),
    Accepted(#""\65\066\0671""#, "ABC1"),
    Accepted(#""\0""#, "\u{0}"),
    Accepted(#""\255\1234""#, "\u{FFFD}{4"),
    Accepted("\"a\\\nb\"", "a\nb"),
    Accepted("\"café ✓\"", "café ✓"),
    // Lua 5.4's \u{…} and \z, so what flowscript prints escaped can be pasted back.
    Accepted(#""\u{48}\u{E9}\u{202E}\u{1F600}""#, "H\u{E9}\u{202E}\u{1F600}"),
    Accepted("'ok \\z   \n  done'", "ok done"),
    Accepted("[[abc]]", "abc"),
    Accepted("[[\nfirst line skipped\nkept]]", "first line skipped\nkept"),
    Accepted("[[no \\n escapes, 'quotes' and \"quotes\"]]", "no \\n escapes, 'quotes' and \"quotes\""),
    Accepted("[==[a]]b]=]c]==]", "a]]b]=]c"),
    Accepted("[=[]=]", ""),
    Accepted("{name = [[x]], note = \"y\"}", ["name": "x", "note": "y"]),
  ]

  @Test(arguments: strings)
  func parsesStrings(_ accepted: Accepted) throws {
    try Self.expectParses(accepted.text, as: accepted.value)
  }

  // MARK: - Numbers and constants

  static let numbers: [Accepted] = [
    Accepted("0", .int(0)),
    Accepted("42", .int(42)),
    Accepted("-7", .int(-7)),
    Accepted("- 7", .int(-7)),
    Accepted("-0", .int(0)),
    Accepted("3.5", .double(3.5)),
    Accepted("-0.25", .double(-0.25)),
    Accepted(".5", .double(0.5)),
    Accepted("5.", .double(5)),
    Accepted("2.0", .double(2)),
    Accepted("1e3", .double(1000)),
    Accepted("1E-2", .double(0.01)),
    Accepted("2.5e+2", .double(250)),
    Accepted("-1.5e2", .double(-150)),
    Accepted("0x1F", .int(31)),
    Accepted("0XfF", .int(255)),
    Accepted("-0x10", .int(-16)),
    Accepted("0x7fffffffffffffff", .int(Int.max)),
    Accepted("0xffffffffffffffff", .int(-1)),
    Accepted("9223372036854775807", .int(Int.max)),
    Accepted("-9223372036854775807", .int(-Int.max)),
    Accepted("9223372036854775808", .double(9_223_372_036_854_775_808)),
    Accepted("nil", .null),
    Accepted("true", .bool(true)),
    Accepted("false", .bool(false)),
    Accepted("{count = 1e3, id = 0x10, ratio = .25}", ["count": .double(1000), "id": .int(16), "ratio": .double(0.25)]),
  ]

  @Test(arguments: numbers)
  func parsesNumbersAndConstants(_ accepted: Accepted) throws {
    try Self.expectParses(accepted.text, as: accepted.value)
  }

  @Test func integersAndFloatsKeepTheirKinds() throws {
    #expect(try LuaDataLiteral.parse("3").kindName == "integer")
    #expect(try LuaDataLiteral.parse("3.0").kindName == "number")
    #expect(try LuaDataLiteral.parse("3e0").kindName == "number")
    #expect(try LuaDataLiteral.parse("0x3").kindName == "integer")
  }

  // MARK: - Limits

  @Test func acceptsTablesNestedExactlyToTheLimit() throws {
    let depth = LuaDataLiteral.maximumDepth
    var expected = FlowValue.emptyObject
    for _ in 1..<depth { expected = [expected] }
    try Self.expectParses(String(repeating: "{", count: depth) + String(repeating: "}", count: depth), as: expected)
  }

  @Test func refusesTablesNestedDeeperThanTheLimit() throws {
    let depth = LuaDataLiteral.maximumDepth + 1
    try Self.expectRefused(
      Refused(
        String(repeating: "{", count: depth) + String(repeating: "}", count: depth), column: depth,
        "tables nest deeper than 32"))
    try Self.expectRefused(
      Refused(
        "{a = " + String(repeating: "{", count: 32) + String(repeating: "}", count: 33), column: 37,
        "tables nest deeper than 32"))
  }

  @Test func acceptsAPayloadOfExactlyTheMaximumLength() throws {
    let body = String(repeating: "a", count: LuaDataLiteral.maximumLength - 2)
    try Self.expectParses("'" + body + "'", as: .string(body))
  }

  @Test func refusesAPayloadOverTheMaximumLengthBeforeReadingIt() throws {
    #expect(LuaDataLiteral.maximumLength == 1 << 20)
    // One byte over, and the rest would not even parse: the length is checked first.
    let text = "{" + String(repeating: "x", count: LuaDataLiteral.maximumLength)
    try Self.expectRefused(Refused(text, column: 1, "the payload is longer than 1048576 bytes"))
    // The limit counts UTF-8 bytes, not characters.
    let wide = "'" + String(repeating: "é", count: LuaDataLiteral.maximumLength / 2) + "'"
    try Self.expectRefused(Refused(wide, column: 1, "the payload is longer than 1048576 bytes"))
  }

  // MARK: - Refusals: code

  static let code: [Refused] = [
    Refused("{id = os.exit()}", column: 7, "'os' \(notData)"),
    Refused("print(1)", column: 1, "'print' \(notData)"),
    Refused("{print(1)}", column: 2, "'print' \(notData)"),
    Refused("{id = x}", column: 7, "'x' \(notData)"),
    Refused("{x}", column: 2, "'x' \(notData)"),
    Refused("{id = inf}", column: 7, "'inf' \(notData)"),
    Refused("{id = nan}", column: 7, "'nan' \(notData)"),
    Refused("{id = math.huge}", column: 7, "'math' \(notData)"),
    Refused("{id = f(1)}", column: 7, "'f' \(notData)"),
    Refused("function() end", column: 1, "'function' \(notData)"),
    Refused("{f = function() end}", column: 6, "'function' \(notData)"),
    Refused("{function() end}", column: 2, "'function' \(notData)"),
    Refused("{id 3}", column: 2, "'id' \(notData)"),
    Refused("{\"a\"(1)}", column: 5, "calls are not allowed in payloads"),
    Refused("{id = 'x' (1)}", column: 11, "calls are not allowed in payloads"),
    Refused("{id = 1 + 2}", column: 9, "expected ',' or '}'"),
    Refused("{id = 2 * 3}", column: 9, "expected ',' or '}'"),
    Refused("{id = 'a' .. 'b'}", column: 11, "expected ',' or '}'"),
    Refused("{id = 'x':upper()}", column: 10, "expected ',' or '}'"),
    Refused("{id = 0/0}", column: 8, "expected ',' or '}'"),
    Refused("{id = #t}", column: 7, "unexpected '#': payloads are data only"),
    Refused("{id = ...}", column: 7, "'...' is not a number"),
    Refused("{id = - -3}", column: 7, "'-' is not a number"),
    Refused("{id = -x}", column: 7, "'-x' is not a number"),
    Refused("{id = not true}", column: 7, "'not' \(notData)"),
    Refused("{id = (1)}", column: 7, "unexpected '(': payloads are data only"),
  ]

  @Test(arguments: code)
  func refusesCode(_ refused: Refused) throws {
    try Self.expectRefused(refused)
  }

  // MARK: - Refusals: numbers

  static let badNumbers: [Refused] = [
    Refused("{id = -inf}", column: 7, "'-inf' is not a number"),
    Refused("{id = 1e999}", column: 7, "'1e999' is not a number"),
    Refused("{id = -1e999}", column: 7, "'-1e999' is not a number"),
    Refused("{id = 12abc}", column: 7, "'12abc' is not a number"),
    Refused("{id = 1_000}", column: 7, "'1_000' is not a number"),
    Refused("{id = 0x}", column: 7, "'0x' is not a number"),
    Refused("{id = 0xfg}", column: 7, "'0xfg' is not a number"),
    Refused("{id = 1..2}", column: 7, "'1..2' is not a number"),
    Refused("{id = 1.2.3}", column: 7, "'1.2.3' is not a number"),
    Refused("{id = 3e}", column: 7, "'3e' is not a number"),
    Refused("{id = .}", column: 7, "'.' is not a number"),
    Refused("{id = -}", column: 7, "'-' is not a number"),
    Refused("{id = 0x1p4}", column: 7, "'0x1p4' is not a number"),
    Refused("{id = 0x10000000000000000}", column: 7, "'0x10000000000000000' is not a number"),
  ]

  @Test(arguments: badNumbers)
  func refusesWhatIsNotANumber(_ refused: Refused) throws {
    try Self.expectRefused(refused)
  }

  // MARK: - Refusals: tables

  static let badTables: [Refused] = [
    Refused("{1, id = 2}", column: 5, "a table cannot mix positional values and named fields"),
    Refused("{id = 2, 1}", column: 10, "a table cannot mix positional values and named fields"),
    Refused("{{a = 1}, 'x', b = 2}", column: 16, "a table cannot mix positional values and named fields"),
    Refused("{a = 1, [1] = 2}", column: 9, "only string keys, or positions in order, are allowed as [keys]"),
    Refused("{[2] = \"a\"}", column: 2, "only string keys, or positions in order, are allowed as [keys]"),
    Refused("{'a', [3] = 'c'}", column: 7, "only string keys, or positions in order, are allowed as [keys]"),
    Refused("{[1] = 'a', [1] = 'b'}", column: 13, "only string keys, or positions in order, are allowed as [keys]"),
    Refused("{[true] = 1}", column: 2, "only string keys, or positions in order, are allowed as [keys]"),
    Refused("{[1.0] = 1}", column: 2, "only string keys, or positions in order, are allowed as [keys]"),
    Refused("{[{}] = 1}", column: 2, "only string keys, or positions in order, are allowed as [keys]"),
    Refused("{[1] = 'a', 'b'}", column: 13, "position 1 is set twice, by [1] and by this value"),
    Refused("{'a', [2] = 'b', 'c'}", column: 18, "position 2 is set twice, by [2] and by this value"),
    Refused("{[\"a\" = 1}", column: 7, "expected ']'"),
    Refused("{[\"a\"] 1}", column: 8, "expected '='"),
    Refused("{[x] = 1}", column: 3, "'x' \(notData)"),
    Refused("{id =}", column: 6, "unexpected '}': payloads are data only"),
    Refused("{,}", column: 2, "unexpected ',': payloads are data only"),
    Refused("{1,,2}", column: 4, "unexpected ',': payloads are data only"),
    Refused("{1 2}", column: 4, "expected ',' or '}'"),
    Refused("{a = 1 b = 2}", column: 8, "expected ',' or '}'"),
    Refused("{id = 1", column: 8, "expected ',' or '}'"),
    Refused("{", column: 2, "the table is not closed with '}'"),
    Refused("{id = {1, 2}", column: 13, "expected ',' or '}'"),
    Refused("{id = {1, 2,", column: 13, "the table is not closed with '}'"),
    Refused("{id = 1, -- }", column: 14, "the table is not closed with '}'"),
    Refused("{id = [}", column: 7, "'[' starts no value here"),
  ]

  @Test(arguments: badTables)
  func refusesMalformedTables(_ refused: Refused) throws {
    try Self.expectRefused(refused)
  }

  // MARK: - Refusals: strings

  static let badStrings: [Refused] = [
    Refused("{name = \"abc}", column: 9, "the string is not closed"),
    Refused("'abc", column: 1, "the string is not closed"),
    Refused("{a = 'x', b = 'y}", column: 15, "the string is not closed"),
    Refused("{a = \"x\ny\"}", column: 6, "the string is not closed"),
    Refused("'mixed\"", column: 1, "the string is not closed"),
    Refused("'ends in a backslash\\", column: 1, "the string is not closed"),
    Refused(#"{a = "\q"}"#, column: 7, #"unknown escape '\q'"#),
    Refused(#"{a = "\u48"}"#, column: 7, #"\u needs '{' (\u{E9})"#),
    Refused(#"{a = "\u{}"}"#, column: 7, #"\u needs hexadecimal digits and '}'"#),
    Refused(#"{a = "\u{48"}"#, column: 7, #"\u needs hexadecimal digits and '}'"#),
    Refused(#"{a = "\u{D800}"}"#, column: 7, #"\u{D800} is not a Unicode scalar"#),
    Refused(#"{a = "\u{123456789}"}"#, column: 7, #"\u{…} is too long"#),
    Refused(#"'\x4'"#, column: 2, #"\x needs two hexadecimal digits"#),
    Refused(#"'\xZZ'"#, column: 2, #"\x needs two hexadecimal digits"#),
    Refused(#"'\x+4'"#, column: 2, #"\x needs two hexadecimal digits"#),
    Refused(#"'\x-0'"#, column: 2, #"\x needs two hexadecimal digits"#),
    Refused(#"'\x"#, column: 2, #"\x needs two hexadecimal digits"#),
    Refused(#"'ab\256'"#, column: 4, "decimal escape too large"),
    Refused(#"'\999'"#, column: 2, "decimal escape too large"),
    Refused("[[abc", column: 1, "the long string is not closed"),
    Refused("[==[abc]=]", column: 1, "the long string is not closed"),
    Refused("{x = [=[abc]]}", column: 6, "the long string is not closed"),
    Refused("{[=[x]]}", column: 2, "the long string is not closed"),
    Refused("[=x", column: 1, "'[' starts no value here"),
    Refused("{1, --[[ never closed }", column: 5, "the long comment is not closed"),
  ]

  @Test(arguments: badStrings)
  func refusesMalformedStrings(_ refused: Refused) throws {
    try Self.expectRefused(refused)
  }

  // MARK: - Refusals: the whole text

  static let badText: [Refused] = [
    Refused("", column: 1, "expected a value, found the end"),
    Refused("   ", column: 4, "expected a value, found the end"),
    Refused("-- only a comment", column: 18, "expected a value, found the end"),
    Refused("{id = 1} x", column: 10, "unexpected text after the value"),
    Refused("{id = 1}}", column: 9, "unexpected text after the value"),
    Refused("{} {}", column: 4, "unexpected text after the value"),
    Refused("1 2", column: 3, "unexpected text after the value"),
    Refused("{id = 1};", column: 9, "unexpected text after the value"),
    Refused("}", column: 1, "unexpected '}': payloads are data only"),
    Refused("@", column: 1, "unexpected '@': payloads are data only"),
  ]

  @Test(arguments: badText)
  func refusesWhatIsNotOneValue(_ refused: Refused) throws {
    try Self.expectRefused(refused)
  }

  @Test func columnsCountBytes() throws {
    // Names are ASCII in Lua; a non-ASCII byte is refused where it starts. Columns count UTF-8
    // bytes, so the `x` after the two-byte `é` is at column 8, not 7.
    let accented = try #require(throws: LuaDataLiteralError.self) { try LuaDataLiteral.parse("{é = 1}") }
    #expect(accented.column == 2)
    #expect(accented.message.hasPrefix("unexpected '"))
    #expect(accented.message.hasSuffix("': payloads are data only"))
    try Self.expectRefused(Refused("{'é', x}", column: 8, "'x' \(Self.notData)"))
  }

  // MARK: - Round trip

  /// `FlowValue.description` writes Lua: whatever it prints parses back to the same value.
  @Test func parsesWhatFlowValuePrints() throws {
    let values: [FlowValue] = [
      .emptyObject, [1, 2.5, "x", .null, true],
      ["id": 3, "name": "a \"quoted\"\n\tname\\", "x y": ["end": false], "nested": [[1], [2, [3]]]],
      ["control": "\u{1}2\u{1F}", "unicode": "café ✓", "neg": -4, "small": 1e-7, "big": 1e20],
      ["int": .int(Int.max), "min": .int(Int.min + 1), "tiny": .double(-0.5)],
    ]
    for value in values {
      try Self.expectParses(value.description, as: value)
    }
  }
}

extension LuaDataLiteralTests {
  @Test func aNilFieldSetsNothingAsInLua() throws {
    #expect(try LuaDataLiteral.parse("{id = nil, name = 'x'}") == .object(["name": "x"]))
    #expect(try LuaDataLiteral.parse("{[\"id\"] = nil}") == .emptyObject)
    #expect(try LuaDataLiteral.parse("{1, nil, 3}") == .array([1, .null, 3]))
  }
}
