/// The findings of one kind an analysis collects: the first occurrence of each message (the one
/// with the shortest reproduction, as the engine explores breadth first), in the order found,
/// with the state and input position its reproduction is rebuilt from.
struct FindingsByMessage {
  private var seen = Set<String>()
  private(set) var entries: [(message: String, index: Int, position: Int?)] = []

  /// Keeps `message`, met at state `index` (then the input at `position`, if any), unless met before.
  mutating func note(_ message: String, at index: Int, then position: Int? = nil) {
    if seen.insert(message).inserted { entries.append((message, index, position)) }
  }

  /// The findings, each with its reproduction.
  func findings<Screen, ScreenAction>(
    _ kind: ExplorationFindingKind, _ end: ExplorationEnd<Screen, ScreenAction>
  ) -> [ExplorationFinding<Screen, ScreenAction>] {
    entries.map { entry in
      let reproduction = entry.position.map { end.reproduction(to: entry.index, then: $0) } ?? end.reproduction(to: entry.index)
      return ExplorationFinding(kind: kind, message: entry.message, reproduction: reproduction)
    }
  }
}
