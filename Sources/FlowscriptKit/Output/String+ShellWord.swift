import TabFlowScriptExploration

extension String {
  /// The text as one shell word, as the commands flowscript prints write it (`flowscript send
  /// shop.lua`, `--state FILE`): itself when it needs no quoting, else single-quoted
  /// (``ScriptChecks/quoted(_:)``).
  var shellWord: String {
    let plain = !isEmpty && unicodeScalars.allSatisfy { scalar in
      scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+,:=@%".unicodeScalars.contains(scalar))
    }
    return plain ? self : ScriptChecks.quoted(self)
  }
}
