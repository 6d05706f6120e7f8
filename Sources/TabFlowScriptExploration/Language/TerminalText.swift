extension Unicode.Scalar {
  /// Whether a terminal would obey this scalar rather than show it: a control character (C0,
  /// DEL, C1), a line or paragraph separator (U+2028, U+2029), or a bidirectional control
  /// (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) that reorders the text around it.
  package var isUnsafeOnTerminal: Bool {
    switch value {
    case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}

extension String {
  /// The text with the scalars a terminal would obey (``Unicode/Scalar/isUnsafeOnTerminal``)
  /// written as escapes — `\n`, `\r`, `\t`, `\u{1B}`, `\u{202E}` — so it prints as what it is.
  /// `keepingLineBreaks` keeps `\n` and `\t` as they are (for flowscript's own multi-line output);
  /// a line escapes them too.
  package func escapingControlCharacters(keepingLineBreaks: Bool) -> String {
    guard unicodeScalars.contains(where: \.isUnsafeOnTerminal) else { return self }
    var out = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      switch scalar {
      case "\n" where keepingLineBreaks, "\t" where keepingLineBreaks:
        out.append(scalar)
      case "\n": out.append(contentsOf: "\\n".unicodeScalars)
      case "\r": out.append(contentsOf: "\\r".unicodeScalars)
      case "\t": out.append(contentsOf: "\\t".unicodeScalars)
      case _ where scalar.isUnsafeOnTerminal:
        out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      default:
        out.append(scalar)
      }
    }
    return String(out)
  }
}
