import TabFlow

extension MapData.Mark {
  /// The marks `map --against OLD` puts on an exploration of the new script: each transition
  /// whose outcome `diff` found to differ from the old script's, with what each side did. A
  /// difference is placed by following its lines through the exploration (both explore the same
  /// inputs breadth first, so the lines lead to the state it was found in); one that the
  /// exploration cannot follow — an input only the old script has, a context value only it
  /// declares — has no transition on the page and is left out.
  static func marks(of differences: [BehaviourDiff.Difference], on exploration: MapExploration) -> [MapData.Mark] {
    var marks: [MapData.Mark] = []
    var placed = Set<[Int]>()
    differences: for difference in differences {
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
      marks.append(MapData.Mark(state: state, input: input, text: "was: \(old); now: \(new)"))
    }
    return marks
  }
}
