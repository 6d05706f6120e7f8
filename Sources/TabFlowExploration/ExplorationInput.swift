import TabFlowCore
import TabFlowNavigation

/// One input an exploration tries from a state: a coordinator action, and the label reports and
/// reproductions name it by (`tap cart`, `back`, `catalog: itemTapped 1`).
///
/// Inputs are values: the engine steps the coordinator with ``action``; the label is only read
/// when a report is written. Screen actions address a route by its ID, so an exploration asks for
/// its inputs state by state (``Exploration/inputs``); see ``ExplorationAlphabet`` for the usual ones.
public struct ExplorationInput<Screen, ScreenAction> {
  /// The action sent to the coordinator.
  public var action: TabCoordinatorAction<Screen, ScreenAction>
  /// How reports and reproductions name the input. It should not name route IDs: a reproduction
  /// is rebuilt by replay, where routes may get other IDs.
  public var label: String
  /// Whether the engine sends the action (`true` unless made so). An input that is not explorable
  /// — one the inputs' source could not express, which an analysis reports — is not sent: it
  /// counts no transition, changes nothing (its outcome is ``TriedInput/Outcome/unchanged``, with
  /// no delegates), and a replay skips it; the analyses are told of it as of any other.
  public var isExplorable: Bool

  /// An input: an action and its label.
  public init(_ label: String, _ action: TabCoordinatorAction<Screen, ScreenAction>) {
    self.label = label
    self.action = action
    isExplorable = true
  }

  /// An input that is sent, or — `isExplorable` false — one that is only told to the analyses
  /// (`action` is then never sent: any action does).
  public init(_ label: String, _ action: TabCoordinatorAction<Screen, ScreenAction>, isExplorable: Bool) {
    self.label = label
    self.action = action
    self.isExplorable = isExplorable
  }

  /// Whether the input is the user's own move between states: back, or a tab tap.
  var isUserMove: Bool {
    switch action {
    case .back, .tabTapped: return true
    default: return false
    }
  }
}

extension ExplorationInput: Sendable where Screen: Sendable, ScreenAction: Sendable {}
