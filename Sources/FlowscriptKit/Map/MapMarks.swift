extension MapData.Mark {
  /// The marks `map --against OLD` puts on an exploration of the new script: each transition
  /// whose outcome `diff` found to differ from the old script's, with what each side did and the
  /// position of its change in `report`'s ``DiffReport/changes``. A difference is placed by
  /// following its lines through the exploration (both explore the same inputs breadth first,
  /// so the lines lead to the state it was found in); one that the exploration cannot follow — an
  /// input only the old script has, a context value only it declares — has no transition on the
  /// page and is left out.
  static func marks(of report: DiffReport, on exploration: MapExploration) -> [MapData.Mark] {
    var marks: [MapData.Mark] = []
    var placed = Set<[Int]>()
    // One shape text per group of the report: what the page says of each transition.
    var texts: [String: String] = [:]
    differences: for (offset, difference) in report.result.differences.enumerated() {
      var state = 0
      for line in difference.lines {
        let node = exploration.nodes[state]
        guard let position = node.inputs.firstIndex(of: line), case let .state(next) = node.outcomes[position] else {
          continue differences
        }
        state = next
      }
      guard let input = exploration.nodes[state].inputs.firstIndex(of: difference.input),
        placed.insert([state, input]).inserted
      else { continue }
      let old = DiffReport.shape(difference.old, from: difference.before.old)
      let new = DiffReport.shape(difference.new, from: difference.before.new)
      var text: String
      if old == new {
        // The outcomes read the same: the mark says what differs (only these marks pay for it).
        text = "was: \(old); now: the same, but " + DiffReport.differs(difference).joined(separator: "; ")
      } else {
        let key = old + "\u{1}" + new
        text = texts[key] ?? "was: \(old); now: \(new)"
        texts[key] = text
      }
      marks.append(MapData.Mark(state: state, input: input, text: text, change: report.changeOfDifference[offset]))
    }
    return marks
  }
}

extension MapData.Against {
  /// What `map --against OLD` shows of `report`: OLD's name, each change with its cause, the
  /// sequences it affects and its shortest difference, and the total.
  init(_ report: DiffReport, old: String) {
    self.old = old
    sequences = report.result.differences.count
    initialDifference = report.result.initialDifference
    changes = report.changes.map { change in
      let first = change.first
      return MapData.Against.Change(
        cause: change.cause.text, count: change.count, lines: first.lines, input: first.input, screen: first.screen,
        old: change.groups[0].old, new: change.groups[0].new, differs: DiffReport.differs(first))
    }
  }
}
