/// A line a rule script printed with `print`, with what printed it and where:
/// `print feed.itemTapped (shop.lua:12): hello`.
///
/// Apps receive them through ``ScriptedRules/printHandler`` (by default the coordinator's logger,
/// at debug level: see ``ScriptedRules/logPrints(to:level:)``); `flowscript` shows them.
public struct ScriptPrint: Sendable, Hashable, CustomStringConvertible {
  /// The printed text: the arguments converted with `tostring`, separated by tabs.
  public var message: String
  /// What printed it: a rule's key (`feed.itemTapped`), `guard 'name'`, `deep link 'pattern'`;
  /// `nil` while the script loads.
  public var source: String?
  /// The script's chunk name (`shop.lua`), when the line that printed is known.
  public var file: String?
  /// The line that called `print`, when known.
  public var line: Int?

  /// A printed line from its parts.
  public init(message: String, source: String?, file: String?, line: Int?) {
    self.message = message
    self.source = source
    self.file = file
    self.line = line
  }

  /// From what the rule DSL passes: the position `error` names (`shop.lua:12: `) and what is
  /// running (`rule 'feed.itemTapped'`).
  init(message: String, position: String?, running: String?) {
    var file: String?
    var line: Int?
    if let position {
      let trimmed = position.hasSuffix(": ") ? position.dropLast(2) : Substring(position)
      if let colon = trimmed.lastIndex(of: ":"), let number = Int(trimmed[trimmed.index(after: colon)...]) {
        file = String(trimmed[..<colon])
        line = number
      }
    }
    var source = running
    if let running, running.hasPrefix("rule '"), running.hasSuffix("'"), running.count > 7 {
      source = String(running.dropFirst(6).dropLast())
    }
    self.init(message: message, source: source, file: file, line: line)
  }

  /// `print feed.itemTapped (shop.lua:12): hello`.
  public var description: String {
    var head = "print"
    if let source { head += " " + source }
    if let file {
      head += " (" + file + (line.map { ":\($0)" } ?? "") + ")"
    }
    return head + ": " + message
  }
}

/// Where a rule script's `print` lines go (``RuleScript`` sets it; the rule host's `print`
/// reads it on every line): `nil` drops them.
final class ScriptPrintRoute {
  var handler: ((ScriptPrint) -> Void)?
}
