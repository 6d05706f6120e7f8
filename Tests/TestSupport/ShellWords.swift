/// Splits a command line the way a POSIX shell does for the quoting `check` uses: words
/// separated by spaces, `'…'` literal, `\x` an escaped character.
package enum ShellWords {
  package static func split(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quoted = false
    var escaped = false
    for character in line {
      if escaped {
        word.append(character)
        escaped = false
      } else if quoted {
        if character == "'" { quoted = false } else { word.append(character) }
      } else if character == "'" {
        quoted = true
        inWord = true
      } else if character == "\\" {
        escaped = true
        inWord = true
      } else if character == " " {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else {
        word.append(character)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }
}
