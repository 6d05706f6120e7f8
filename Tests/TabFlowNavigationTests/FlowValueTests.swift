import Foundation
@testable import TabFlowNavigation
import Testing

/// `FlowValue`: the JSON-like value of payloads, screen state and context. Numbers compare as Lua
/// numbers, printing is Lua-like with sorted keys, and `contains` is the subset match of
/// `expect top item {id=3}`.
@Suite struct FlowValueTests {
  // MARK: - Kinds and access

  @Test func namesEachKindTheWayAScriptAuthorWould() {
    let kinds: [(FlowValue, String)] = [
      (.null, "nil"), (.bool(false), "boolean"), (.int(1), "integer"), (.double(1.5), "number"),
      (.string(""), "string"), (.array([]), "array"), (.emptyObject, "table"),
    ]
    for (value, name) in kinds {
      #expect(value.kindName == name, "\(value)")
    }
  }

  @Test func readsMembersOfObjectsOnly() {
    let item: FlowValue = ["id": 3, "tags": ["a"]]
    #expect(item.objectValue == ["id": 3, "tags": ["a"]])
    #expect(item["id"] == 3)
    #expect(item["missing"] == nil)
    #expect(FlowValue.array([1]).objectValue == nil)
    #expect(FlowValue.array([1])["id"] == nil)
    #expect(FlowValue.string("id")["id"] == nil)
    #expect(FlowValue.null.objectValue == nil)
    #expect(FlowValue.emptyObject.objectValue == [:])
  }

  @Test func literalsBuildTheMatchingCases() {
    let null: FlowValue = .null
    let bool: FlowValue = true
    let int: FlowValue = 3
    let double: FlowValue = 2.5
    let string: FlowValue = "x"
    let array: FlowValue = [1, "a"]
    let object: FlowValue = ["k": .null]
    #expect(null.kindName == "nil")
    #expect(bool.kindName == "boolean")
    #expect(int.kindName == "integer")
    #expect(double.kindName == "number")
    #expect(string.kindName == "string")
    #expect(array.kindName == "array")
    #expect(object.kindName == "table")
    #expect(object.objectValue?["k"] == .null)
    let repeated = FlowValue(dictionaryLiteral: ("a", 1), ("b", 2), ("a", 3))
    #expect(repeated == ["a": 3, "b": 2])
  }

  // MARK: - Equality and hashing

  @Test func integersAndNumbersCompareByValueAsInLua() {
    #expect(FlowValue.int(2) == .double(2.0))
    #expect(FlowValue.double(2.0) == .int(2))
    #expect(FlowValue.int(0) == .double(-0.0))
    #expect(FlowValue.int(-7) == .double(-7))
    #expect(FlowValue.int(1 << 53) == .double(9_007_199_254_740_992))
    #expect(FlowValue.int(2) != .double(2.5))
    #expect(FlowValue.int(2) != .double(2.000_000_1))
    #expect(FlowValue.int(Int.max) != .double(1e300))
    #expect(FlowValue.int(0) != .double(.nan))
    #expect(FlowValue.double(.infinity) == .double(.infinity))
    #expect(FlowValue.double(.nan) != .double(.nan))
  }

  @Test func otherKindsNeverEqualEachOther() {
    let values: [FlowValue] = [.null, false, true, 0, 1, "", "1", "true", [], .emptyObject, [0], ["0": 0]]
    for (i, lhs) in values.enumerated() {
      for (j, rhs) in values.enumerated() {
        #expect((lhs == rhs) == (i == j), "\(lhs) vs \(rhs)")
      }
    }
  }

  @Test func containersCompareTheirMembersAsNumbers() {
    #expect(FlowValue.array([1, 2]) == .array([.double(1), .double(2)]))
    #expect(FlowValue.array([1, 2]) != .array([2, 1]))
    #expect(FlowValue.array([1]) != .array([1, 1]))
    #expect(FlowValue.object(["id": .int(3)]) == .object(["id": .double(3)]))
    #expect(FlowValue.object(["id": 3]) != .object(["id": 3, "qty": 1]))
    #expect(FlowValue.object(["a": ["b": [1]]]) == .object(["a": ["b": [.double(1)]]]))
  }

  @Test func equalValuesHashAlike() {
    let pairs: [(FlowValue, FlowValue)] = [
      (.int(2), .double(2)), (.int(0), .double(-0.0)), (.int(-5), .double(-5)),
      ([1, 2], [.double(1), .double(2)]), (["id": 3], ["id": .double(3)]),
      (["a": [["b": 1]]], ["a": [["b": .double(1)]]]),
    ]
    for (lhs, rhs) in pairs {
      #expect(lhs == rhs)
      #expect(lhs.hashValue == rhs.hashValue, "\(lhs) vs \(rhs)")
    }
    #expect(Set<FlowValue>([.int(2), .double(2), .double(2.5), "2"]).count == 3)
    let byValue: [FlowValue: String] = [.int(3): "three", .double(0.5): "half"]
    #expect(byValue[.double(3)] == "three")
    #expect(byValue[.double(0.5)] == "half")
    #expect(byValue[.string("3")] == nil)
  }

  // MARK: - contains (the subset match of `expect top item {...}`)

  @Test func containsMatchesTheMembersItNames() {
    let state: FlowValue = ["id": 3, "qty": 1, "options": ["size": "L", "gift": true], "tags": ["a", "b"]]
    #expect(state.contains(.emptyObject))
    #expect(state.contains(["id": 3]))
    #expect(state.contains(["id": .double(3)]))
    #expect(state.contains(["id": 3, "qty": 1]))
    #expect(state.contains(["options": ["size": "L"]]))
    #expect(state.contains(["options": .emptyObject]))
    #expect(state.contains(["tags": ["a", "b"]]))
    #expect(state.contains(state))
  }

  @Test func containsFailsOnAnyMissingOrDifferentMember() {
    let state: FlowValue = ["id": 3, "options": ["size": "L"], "tags": ["a", "b"], "note": .null]
    #expect(!state.contains(["id": 4]))
    #expect(!state.contains(["id": "3"]))
    #expect(!state.contains(["missing": 1]))
    #expect(!state.contains(["missing": .null]))
    #expect(state.contains(["note": .null]))
    #expect(!state.contains(["options": ["size": "M"]]))
    #expect(!state.contains(["options": ["size": "L", "gift": true]]))
    // Arrays are not subsets: they must be equal.
    #expect(!state.contains(["tags": ["a"]]))
    #expect(!state.contains(["tags": ["b", "a"]]))
    #expect(!state.contains(["id": 3, "extra": 0]))
  }

  @Test func containsOnOtherValuesIsEquality() {
    #expect(FlowValue.int(3).contains(.double(3)))
    #expect(!FlowValue.int(3).contains(.int(4)))
    #expect(FlowValue.array([1, 2]).contains([1, 2]))
    #expect(!FlowValue.array([1, 2]).contains([1]))
    #expect(!FlowValue.emptyObject.contains(.null))
    #expect(!FlowValue.emptyObject.contains([]))
    #expect(!FlowValue.null.contains(.emptyObject))
    #expect(FlowValue.null.contains(.null))
    #expect(!FlowValue.string("abc").contains("b"))
  }

  // MARK: - description

  @Test func printsScalarsAsLua() {
    #expect(FlowValue.null.description == "nil")
    #expect(FlowValue.bool(true).description == "true")
    #expect(FlowValue.bool(false).description == "false")
    #expect(FlowValue.int(-42).description == "-42")
    #expect(FlowValue.double(2.5).description == "2.5")
    #expect(FlowValue.double(2).description == "2.0")
    #expect(FlowValue.double(1e20).description == "1e+20")
    #expect(FlowValue.string("x").description == "\"x\"")
  }

  @Test func escapesStringsSoTheyReadBack() {
    #expect(FlowValue.string("say \"hi\"").description == #""say \"hi\"""#)
    #expect(FlowValue.string("a\\b").description == #""a\\b""#)
    #expect(FlowValue.string("1\n2\t3\r").description == #""1\n2\t3\r""#)
    #expect(FlowValue.string("\u{1}2").description == #""\0012""#)
    #expect(FlowValue.string("\u{0}\u{1F}").description == #""\000\031""#)
    #expect(FlowValue.string("it's café ✓").description == "\"it's café ✓\"")
  }

  @Test func printsTablesWithSortedKeys() {
    let value: FlowValue = ["zeta": 1, "alpha": ["b": true, "a": .null], "mid": [3, "x", [1.5]]]
    #expect(value.description == #"{alpha={a=nil, b=true}, mid={3, "x", {1.5}}, zeta=1}"#)
    #expect(FlowValue.emptyObject.description == "{}")
    #expect(FlowValue.array([]).description == "{}")
    #expect(FlowValue.array([.emptyObject]).description == "{{}}")
  }

  @Test func bracketsKeysThatAreNotLuaNames() {
    let value: FlowValue = [
      "x y": 1, "end": 2, "nil": 3, "1st": 4, "_ok9": 5, "": 6, "quo\"te": 7, "é": 8, "Function": 9,
    ]
    #expect(
      value.description
        == #"{[""]=6, ["1st"]=4, Function=9, _ok9=5, ["end"]=2, ["nil"]=3, ["quo\"te"]=7, ["x y"]=1, ["é"]=8}"#)
  }

  @Test func printsTheSameForEqualObjectsBuiltInAnyOrder() {
    var forwards: [String: FlowValue] = [:]
    var backwards: [String: FlowValue] = [:]
    let keys = (0..<50).map { "k\($0)" }
    for key in keys { forwards[key] = .string(key) }
    for key in keys.reversed() { backwards[key] = .string(key) }
    #expect(FlowValue.object(forwards).description == FlowValue.object(backwards).description)
  }

  // MARK: - Codable

  private static func json(_ value: FlowValue) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  private static func decode(_ json: String) throws -> FlowValue {
    try JSONDecoder().decode(FlowValue.self, from: Data(json.utf8))
  }

  @Test func encodesAsPlainJSON() throws {
    let value: FlowValue = ["id": 3, "name": "a\"b", "tags": ["x", .null, true], "ratio": 0.5, "empty": .emptyObject]
    #expect(try Self.json(value) == #"{"empty":{},"id":3,"name":"a\"b","ratio":0.5,"tags":["x",null,true]}"#)
    #expect(try Self.json(.array([])) == "[]")
    #expect(try Self.json(.null) == "null")
  }

  @Test func decodesEachJSONKindToItsCase() throws {
    let value = try Self.decode(#"{"a":[1,2.5,"x",null,true,false,{},[]],"b":-3,"c":1e3}"#)
    guard case let .object(members) = value, case let .array(items)? = members["a"], items.count == 8 else {
      Issue.record("unexpected shape: \(value)")
      return
    }
    #expect(items.map(\.kindName) == ["integer", "number", "string", "nil", "boolean", "boolean", "table", "array"])
    #expect(items[4] == true)
    #expect(items[5] == false)
    #expect(members["b"] == .int(-3))
    #expect(members["c"] == .double(1000))
  }

  @Test func jsonNumbersOneAndZeroAreNotBooleans() throws {
    let value = try Self.decode("[0, 1, true]")
    guard case let .array(items) = value else {
      Issue.record("expected an array, got \(value)")
      return
    }
    #expect(items.map(\.kindName) == ["integer", "integer", "boolean"])
  }

  @Test func integersBeyondIntDecodeAsNumbers() throws {
    let value = try Self.decode("[9223372036854775807, 9223372036854775808, -9223372036854775808]")
    guard case let .array(items) = value, items.count == 3 else {
      Issue.record("unexpected \(value)")
      return
    }
    #expect(items[0] == .int(Int.max))
    #expect(items[0].kindName == "integer")
    #expect(items[1].kindName == "number")
    #expect(items[1] == .double(9_223_372_036_854_775_808))
    #expect(items[2] == .int(Int.min))
  }

  @Test func roundTripsThroughJSONToAnEqualValue() throws {
    let values: [FlowValue] = [
      .null, true, 0, -1, .int(Int.max), .int(Int.min), 0.25, -1e-9, 1e300, .double(2), "", "ü\n\"",
      [], .emptyObject, [[], [.emptyObject], ["a": [1, 2.5]]],
      ["id": 3, "state": ["qty": 1, "price": 9.99, "flags": [true, false], "note": .null]],
    ]
    for value in values {
      let data = try JSONEncoder().encode(value)
      let decoded = try JSONDecoder().decode(FlowValue.self, from: data)
      #expect(decoded == value, "\(value)")
      #expect(decoded.hashValue == value.hashValue, "\(value)")
    }
  }

  @Test func nonFiniteNumbersDoNotEncode() {
    #expect(throws: EncodingError.self) { try JSONEncoder().encode(FlowValue.double(.infinity)) }
    #expect(throws: EncodingError.self) { try JSONEncoder().encode(FlowValue.array([.double(.nan)])) }
  }

  @Test func decodesInsideOtherTypes() throws {
    struct Envelope: Codable, Equatable {
      var payload: FlowValue
      var extra: FlowValue?
    }
    let envelope = try JSONDecoder().decode(Envelope.self, from: Data(#"{"payload":{"id":3}}"#.utf8))
    #expect(envelope == Envelope(payload: ["id": 3], extra: nil))
    let explicitNull = try JSONDecoder().decode(Envelope.self, from: Data(#"{"payload":null,"extra":null}"#.utf8))
    #expect(explicitNull.payload == .null)
  }
}
