/// Text written into XML or HTML that flowscript makes (a JUnit report, the map page).
enum MarkupText {
  /// `text` safe in XML and HTML: `&`, `<`, `>` and quotes as entities; in an attribute, line
  /// breaks and tabs as character references (kept, not normalised to spaces); a control
  /// character XML 1.0 cannot hold at all as `\u{1B}`.
  static func escaped(_ text: String, attribute: Bool = true) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\n": out += attribute ? "&#10;" : "\n"
      case "\r": out += "&#13;"
      case "\t": out += attribute ? "&#9;" : "\t"
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
