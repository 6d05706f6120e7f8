/// What an exploration found, and how far it went.
///
/// ``text`` is the report as a person reads it; the same exploration writes the same text,
/// byte for byte.
public struct ExplorationReport<Screen, ScreenAction> {
  /// The verdict.
  public enum Outcome: Hashable, Sendable {
    /// No problem was found (notes may have been).
    case passed
    /// A problem was found.
    case failed
    /// No problem was found, but the exploration was cut at ``Exploration/maxStates``: never a pass.
    case incomplete
  }

  /// The verdict: failed with a problem, otherwise incomplete when cut at the state limit,
  /// otherwise passed.
  public var outcome: Outcome
  /// The findings: each analysis's in turn, in the order it found them.
  public var findings: [ExplorationFinding<Screen, ScreenAction>]
  /// How many distinct states were reached (the initial state included).
  public var states: Int
  /// How many inputs were tried.
  public var transitions: Int
  /// The depth asked for.
  public var depth: Int
  /// The greatest depth of a state reached.
  public var depthReached: Int
  /// How many levels were explored in full (every input of every state at that depth tried): the
  /// levels up to the first that reached no new state to explore on, or up to the depth; a level
  /// cut at ``maxStates`` does not count. `flowscript check` prints it as its depth reached.
  public var levelsExplored: Int
  /// Whether every reachable state was reached within the depth.
  public var exhaustive: Bool
  /// Whether the exploration was cut at the state limit.
  public var truncated: Bool
  /// The state limit.
  public var maxStates: Int

  @usableFromInline
  init(
    outcome: Outcome, findings: [ExplorationFinding<Screen, ScreenAction>], states: Int, transitions: Int, depth: Int,
    depthReached: Int, levelsExplored: Int, exhaustive: Bool, truncated: Bool, maxStates: Int
  ) {
    self.outcome = outcome
    self.findings = findings
    self.states = states
    self.transitions = transitions
    self.depth = depth
    self.depthReached = depthReached
    self.levelsExplored = levelsExplored
    self.exhaustive = exhaustive
    self.truncated = truncated
    self.maxStates = maxStates
  }

  /// The problems (findings that are not notes).
  public var problems: [ExplorationFinding<Screen, ScreenAction>] { findings.filter { !$0.isNote } }
  /// The notes.
  public var notes: [ExplorationFinding<Screen, ScreenAction>] { findings.filter(\.isNote) }

  /// The chance that two distinct states had the same 64-bit fingerprint, so that one of them —
  /// and what lies only beyond it — was not explored: at most n(n−1)/2 · 2⁻⁶⁴ for n states.
  public var collisionProbability: Double { FingerprintCollision.probability(states: states) }

  /// The report as text: what was explored, the fingerprints' collision bound, each finding with
  /// its reproduction (the inputs' labels), and the verdict.
  public var text: String {
    var lines: [String] = []
    let extent: String
    if truncated {
      extent = "incomplete: cut at \(maxStates) states"
    } else if exhaustive {
      extent = "exhaustive: every reachable state was reached"
    } else {
      extent = "bounded: states deeper than \(depth) inputs were not explored"
    }
    lines.append(
      "explored \(Self.counted(states, "state")) and \(Self.counted(transitions, "transition")) to depth "
        + "\(depthReached) of \(depth) (\(extent))")
    lines.append(FingerprintCollision.line(states: states))
    for finding in findings {
      lines.append("\(finding.isNote ? "note" : "problem"): \(finding.kind): \(finding.message)")
      if !finding.reproduction.inputs.isEmpty {
        lines.append("  reproduce: " + finding.reproduction.labels.joined(separator: "; "))
      }
    }
    switch outcome {
    case .passed: lines.append("passed (\(Self.counted(notes.count, "note")))")
    case .failed: lines.append("failed: \(Self.counted(problems.count, "problem"))")
    case .incomplete: lines.append("incomplete: no problem found, but not every state was explored")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `1 note`, `2 notes`.
  private static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
