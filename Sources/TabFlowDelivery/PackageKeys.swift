import Foundation

/// The top-level keys of a package's JSON object, read from its bytes. A JSON reader resolves a
/// key that appears twice to one of its values without a word, so two `"script"` keys would let
/// the bytes a person reads differ from the bytes that run; a package names each field once.
enum PackageKeys {
  /// The first top-level key that appears a second time (escapes decoded, so `"scr\u0069pt"` is
  /// `script`), or `nil`. Only called on bytes a JSON reader has accepted as an object.
  static func firstDuplicateTopLevelKey(in data: Data) -> String? {
    let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    var seen = Set<String>()
    var depth = 0
    var expectingKey = false
    var index = data.startIndex
    while index < data.endIndex {
      let byte = data[index]
      switch byte {
      case quote:
        let start = index
        index += 1
        while index < data.endIndex, data[index] != quote {
          if data[index] == backslash { index += 1 }
          index += 1
        }
        if depth == 1, expectingKey, index < data.endIndex {
          let token = data[start...index]
          if let key = (try? JSONSerialization.jsonObject(with: Data(token), options: .fragmentsAllowed)) as? String,
            !seen.insert(key).inserted
          {
            return key
          }
          expectingKey = false
        }
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        expectingKey = byte == UInt8(ascii: "{") && depth == 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
      case UInt8(ascii: ","):
        if depth == 1 { expectingKey = true }
      default:
        break
      }
      index += 1
    }
    return nil
  }
}
