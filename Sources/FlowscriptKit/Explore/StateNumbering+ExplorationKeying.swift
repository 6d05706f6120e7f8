import TabFlowExploration
import TabFlowLua

/// `check`'s numbering as the library engine's keys: states told apart by what `state` prints,
/// route identities aside, each key fingerprinted by ``StateKey/fingerprint``.
extension StateNumbering: ExplorationKeying {
  typealias Screen = DynamicScreen

  func fingerprint(of key: StateKey) -> UInt64 { key.fingerprint }
}
