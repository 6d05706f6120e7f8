/// The lines a script prints while it loads, before anything can receive them: held (the first
/// ``limit`` lines and ``byteLimit`` bytes; the number of the others is kept), and given first to
/// every print handler the script gets (``RuleScript/usePrintHandler(_:)``) — the default logger
/// a coordinator sets and the one a tool sets after it both see them.
final class LoadPrints {
  /// The most lines held: a script printing in a loop at load must not fill the memory.
  static let limit = 1_000
  /// The most bytes of text held, in all (each line's UTF-8 and its line break): a script
  /// printing long lines at load must not fill the memory or the handlers' output either (1,000
  /// lines of 50 KB were 50 MB written, and held).
  static let byteLimit = 64 * 1024
  /// What ends the line cut at ``byteLimit``.
  static let cutMarker = " … (cut: what a script prints while loading is kept up to 64 KiB)"

  private(set) var held: [ScriptPrint] = []
  private(set) var dropped = 0
  /// The bytes held (see ``byteLimit``).
  private(set) var bytes = 0

  /// Holds a line, or counts it past ``limit`` or ``byteLimit``; the line that crosses
  /// ``byteLimit`` is held cut there (on a character boundary), ending with ``cutMarker``.
  func hold(_ line: ScriptPrint) {
    guard held.count < Self.limit, bytes < Self.byteLimit else {
      dropped += 1
      return
    }
    let size = line.message.utf8.count + 1
    if bytes + size <= Self.byteLimit {
      held.append(line)
      bytes += size
      return
    }
    var cut = line
    cut.message = Self.prefix(of: line.message, bytes: Self.byteLimit - bytes - 1) + Self.cutMarker
    held.append(cut)
    bytes = Self.byteLimit
  }

  /// The longest prefix of `text` whose UTF-8 takes at most `bytes` bytes, cut between scalars.
  static func prefix(of text: String, bytes: Int) -> String {
    var used = 0
    var end = text.unicodeScalars.startIndex
    for index in text.unicodeScalars.indices {
      let width = UTF8.width(text.unicodeScalars[index])
      guard used + width <= bytes else { break }
      used += width
      end = text.unicodeScalars.index(after: index)
    }
    return String(text.unicodeScalars[..<end])
  }

  /// Gives `handler` the held lines (and a line saying how many more there were).
  func deliver(to handler: (ScriptPrint) -> Void) {
    for line in held { handler(line) }
    if dropped > 0 {
      handler(ScriptPrint(message: "(\(dropped) more lines printed while loading were not kept)", source: nil, file: nil, line: nil))
    }
  }
}
