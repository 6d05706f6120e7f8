/// Names in the line language: a bare word (`feed`, `itemTapped`, `home`) or, for a name a bare
/// word cannot hold — spaces, dots, colons, a leading digit — a double-quoted one (`"tab one"`,
/// `"1st"`, with `\"`, `\\`, `\n`, `\r` and `\t` escaped, and any other character a terminal would act
/// on written `\u{2028}`, as Lua writes it). Every name a script can declare can be written, and
/// what is written reads back.
package enum FlowName {
  /// Characters that end a bare name.
  package static let delimiters: Set<Character> = [" ", "\t", ".", ":", ">", "{", "\""]

  /// Reads a name at the start of `text`; returns it and the text after it, or `nil` when `text`
  /// does not start with one.
  package static func scan(_ text: Substring) -> (name: String, rest: Substring)? {
    guard let first = text.first else { return nil }
    if first == "\"" {
      var name = ""
      var escaping = false
      var index = text.index(after: text.startIndex)
      while index < text.endIndex {
        let character = text[index]
        if escaping {
          escaping = false
          if character == "u", let (scalar, end) = Self.scalarEscape(text[text.index(after: index)...]) {
            name.unicodeScalars.append(scalar)
            index = end
            continue
          }
          name.append(character == "n" ? "\n" : character == "t" ? "\t" : character == "r" ? "\r" : character)
        } else if character == "\\" {
          escaping = true
        } else if character == "\"" {
          return (name, text[text.index(after: index)...])
        } else {
          name.append(character)
        }
        index = text.index(after: index)
      }
      return nil
    }
    let name = text.prefix { !delimiters.contains($0) }
    guard !name.isEmpty else { return nil }
    return (String(name), text[name.endIndex...])
  }

  /// A name as the line language writes it: bare when it can be, quoted otherwise.
  package static func written(_ name: String) -> String {
    if !name.isEmpty, name.isIdentifier { return name }
    return quoted(name)
  }

  /// `text` in double quotes, with `"` and `\` escaped.
  package static func quoted(_ text: String) -> String {
    var out = "\""
    for character in text {
      switch character {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        for scalar in character.unicodeScalars {
          if scalar.isUnsafeOnTerminal {
            out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
          } else {
            out.unicodeScalars.append(scalar)
          }
        }
      }
    }
    return out + "\""
  }

  /// A `{hex}` escape's scalar at the start of `text` (after `\u`), and where the text after it
  /// starts; `nil` when `text` does not start with one.
  private static func scalarEscape(_ text: Substring) -> (Unicode.Scalar, Substring.Index)? {
    guard text.first == "{", let close = text.firstIndex(of: "}") else { return nil }
    let digits = text[text.index(after: text.startIndex)..<close]
    guard (1...8).contains(digits.count), let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
      return nil
    }
    return (scalar, text.index(after: close))
  }

  /// Reads one whole name (nothing after it but spaces), or `nil`.
  package static func whole(_ text: String) -> String? {
    guard let (name, rest) = scan(Substring(text.trimmingWhitespace())), rest.trimmingWhitespace().isEmpty else {
      return nil
    }
    return name
  }
}
