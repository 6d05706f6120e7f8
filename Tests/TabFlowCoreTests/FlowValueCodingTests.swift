import Foundation
@testable import TabFlowCore
@testable import TabFlowNavigation
import Testing

/// `FlowValueEncoder` / `FlowValueDecoder`: Codable straight to and from FlowValue, as JSON would
/// have it, with field paths in every error.
@Suite struct FlowValueCodingTests {
  enum Kind: String, Codable, Equatable { case gift, plain }

  struct Options: Codable, Equatable {
    var gift: Bool
    var note: String?
  }

  struct Order: Codable, Equatable {
    var id: Int
    var total: Double
    var items: [String]
    var options: Options
    var kind: Kind
    var small: UInt8
    var link: URL
    var blob: Data
    var tags: [String: Int]
    var nested: [[Int]]
  }

  static let order = Order(
    id: 7, total: 12.5, items: ["mug", "cup"], options: Options(gift: true, note: nil), kind: .gift, small: 200,
    link: URL(string: "shop://item/3?x=1")!, blob: Data([1, 2, 3]), tags: ["a": 1], nested: [[1], [2, 3]])

  @Test func aValueRoundTripsAndMatchesItsJSONForm() throws {
    let encoded = try FlowValueEncoder.encode(Self.order)
    #expect(try FlowValueDecoder.decode(Order.self, from: encoded) == Self.order)
    let viaJSON = try JSONDecoder().decode(FlowValue.self, from: try JSONEncoder().encode(Self.order))
    #expect(encoded == viaJSON)
    #expect(try FlowValueDecoder.decode(Order.self, from: viaJSON) == Self.order)
  }

  @Test func errorsNameTheFieldPath() throws {
    let value = try FlowValueEncoder.encode(Self.order)
    func failure(_ edit: (inout [String: FlowValue]) -> Void) -> String {
      guard case var .object(members) = value else { return "" }
      edit(&members)
      do {
        _ = try FlowValueDecoder.decode(Order.self, from: .object(members))
        return "decoded"
      } catch {
        return NavigationDocument.describe(error)
      }
    }
    #expect(failure { $0["id"] = 1.5 } == "id: expected an integer, found 1.5")
    #expect(failure { $0["small"] = 300 } == "small: 300 does not fit UInt8")
    #expect(failure { $0["items"] = ["mug", 3] } == "items[1]: expected String")
    #expect(failure { $0["options"] = ["note": "x"] } == "options.gift: missing")
    #expect(failure { $0["options"] = ["gift": .null] } == "options.gift: expected Bool, found null")
    #expect(failure { $0["kind"] = "boxed" }.hasPrefix("kind: "))
    #expect(failure { $0["nested"] = [[1], ["x"]] } == "nested[1][0]: expected Int")
    #expect(failure { $0["link"] = 3 } == "link: expected String")
    #expect(failure { _ in } == "decoded")
    #expect(throws: DecodingError.self) { try FlowValueDecoder.decode(Order.self, from: .array([])) }
  }

  @Test func numbersConvertOnlyWhenExact() throws {
    #expect(try FlowValueDecoder.decode(Int.self, from: .double(3)) == 3)
    #expect(try FlowValueDecoder.decode(Double.self, from: .int(3)) == 3)
    #expect(throws: DecodingError.self) { try FlowValueDecoder.decode(Int.self, from: .double(.infinity)) }
    #expect(throws: DecodingError.self) { try FlowValueDecoder.decode(Int8.self, from: .int(128)) }
    #expect(throws: EncodingError.self) { try FlowValueEncoder.encode(UInt64.max) }
    #expect(try FlowValueDecoder.decode(Int?.self, from: .null) == nil)
  }
}
