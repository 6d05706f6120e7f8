import TabFlowCore

/// What a finding is about: a name reports print, and whether it is a note (the exploration
/// still passes) or a problem (it fails).
public struct ExplorationFindingKind: Hashable, Sendable, CustomStringConvertible {
  /// The kind's name in reports, e.g. `trap`.
  public let name: String
  /// Whether findings of this kind are notes, not problems.
  public let isNote: Bool

  /// A kind with a name; `isNote` for notes (an analysis of an app's own can add kinds).
  public init(_ name: String, isNote: Bool = false) {
    self.name = name
    self.isNote = isNote
  }

  /// A batch the coordinator discarded for a rule error, an invalid command, a redirect loop, a
  /// deep link no pattern matches.
  public static let failedBatch = ExplorationFindingKind("failed batch")
  /// A guard rejected a batch: a note (guards are meant to reject).
  public static let guardRejection = ExplorationFindingKind("guard rejection", isNote: true)
  /// A reached state breaks an invariant.
  public static let invariantViolation = ExplorationFindingKind("invariant violated")
  /// A state from which no back or tab tap reaches a tab's root.
  public static let trap = ExplorationFindingKind("trap")
  /// A screen the app expects was never shown.
  public static let unreachedScreen = ExplorationFindingKind("unreached screen")

  /// The name.
  public var description: String { name }
}

/// The inputs that lead from the initial state to a finding, rebuilt by replaying the positions
/// the exploration recorded: the actions to send, and their labels.
public struct ExplorationReproduction<Screen, ScreenAction> {
  /// The inputs, first to last.
  public var inputs: [ExplorationInput<Screen, ScreenAction>]

  /// A reproduction of these inputs.
  public init(inputs: [ExplorationInput<Screen, ScreenAction>]) {
    self.inputs = inputs
  }

  /// The inputs' labels, e.g. `["tap cart", "cart: checkout"]`.
  public var labels: [String] { inputs.map(\.label) }
  /// The actions to send, in order, to the coordinator from the initial state.
  public var actions: [TabCoordinatorAction<Screen, ScreenAction>] { inputs.map(\.action) }
}

/// One thing an exploration found: its kind, what it says, and its shortest reproduction (the
/// fewest inputs, then the first found). A finding about no particular state (an unreached
/// screen) has an empty reproduction.
public struct ExplorationFinding<Screen, ScreenAction> {
  /// What the finding is about.
  public var kind: ExplorationFindingKind
  /// What it says, e.g. `the user is stuck on receipt: …`.
  public var message: String
  /// The inputs that lead to it.
  public var reproduction: ExplorationReproduction<Screen, ScreenAction>

  /// A finding.
  public init(kind: ExplorationFindingKind, message: String, reproduction: ExplorationReproduction<Screen, ScreenAction>) {
    self.kind = kind
    self.message = message
    self.reproduction = reproduction
  }

  /// Whether it is a note, not a problem.
  public var isNote: Bool { kind.isNote }
}
