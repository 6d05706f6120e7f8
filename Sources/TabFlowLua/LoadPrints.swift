/// The lines a script prints while it loads, before anything can receive them: held (the first
/// ``limit``; the number of the others is kept), and given first to every print handler the
/// script gets (``RuleScript/usePrintHandler(_:)``) — the default logger a coordinator sets and
/// the one a tool sets after it both see them.
final class LoadPrints {
  /// The most lines held: a script printing in a loop at load must not fill the memory.
  static let limit = 1_000

  private(set) var held: [ScriptPrint] = []
  private(set) var dropped = 0

  /// Holds a line, or counts it past ``limit``.
  func hold(_ line: ScriptPrint) {
    if held.count < Self.limit { held.append(line) } else { dropped += 1 }
  }

  /// Gives `handler` the held lines (and a line saying how many more there were).
  func deliver(to handler: (ScriptPrint) -> Void) {
    for line in held { handler(line) }
    if dropped > 0 {
      handler(ScriptPrint(message: "(\(dropped) more lines printed while loading were not kept)", source: nil, file: nil, line: nil))
    }
  }
}
