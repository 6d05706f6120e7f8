import TabFlowCore
import TabFlowLua

/// The route an action line addresses: the topmost route showing the line's screen, read where
/// the state holds its routes (the explorer asks once per action line). `flowscript send` and
/// ``ScriptAlphabet`` find it the same way.
package enum LineRoute {
  /// The topmost route of the app layer showing `screen`; never its root, which stands for the
  /// tab bar and is no screen a line can name.
  package static func inAppLayer(showing screen: String, in state: inout TabCoordinatorState<DynamicScreen>) -> RouteID? {
    var index = state.storedAppLayer.storedRoutes.count - 1
    while index > 0 {
      if state.storedAppLayer.storedRoutes[index].screen.name == screen { return state.storedAppLayer.storedIDs[index] }
      index -= 1
    }
    return nil
  }

  /// The topmost route showing `screen` in `tab` (the selected tab when `nil`), covered or not.
  package static func inTab(
    showing screen: String, tab: TabID?, in state: inout TabCoordinatorState<DynamicScreen>
  ) -> RouteID? {
    guard let position = state.position(ofTab: tab ?? state.storedSelectedTab) else { return nil }
    // Each route's screen read where the stack holds it (`lastIndex(where:)` copies each route out).
    var index = state.storedTabs[position].stack.storedRoutes.count - 1
    while index >= 0 {
      if state.storedTabs[position].stack.storedRoutes[index].screen.name == screen {
        return state.storedTabs[position].stack.storedIDs[index]
      }
      index -= 1
    }
    return nil
  }
}
