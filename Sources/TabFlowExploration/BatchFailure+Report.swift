import TabFlowCore

extension BatchFailure {
  /// The failure as a report shows it: its description with a screen action's source named by
  /// its tab, not its route ID (`action in cart: command 1 (push) failed: …`), so the same
  /// failure met from two states is one finding, and a report does not depend on route IDs.
  var reportText: String {
    guard case let .screenAction(tab, _) = source else { return description }
    return description.replacing(source.description, with: "action in \(tab)", maxReplacements: 1)
  }
}
