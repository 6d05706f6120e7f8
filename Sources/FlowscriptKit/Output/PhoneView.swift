import TabFlowCore
import TabFlowLua
import TabFlowPresentation
import TabFlowScriptExploration


/// `show`: the current screen as a phone would show it — navigation bar with the back
/// affordance and title, the presented layer, the screen's state, and the tab bar with the
/// selected tab marked, hidden tabs left out, badges after their titles — then, on one line,
/// whether the system back gesture would go back now (`back gesture: refused by guard 'unsaved
/// draft': discard the draft? (it asks: …)`).
enum PhoneView {
  static let width = 40

  static func render(
    _ state: TabCoordinatorState<DynamicScreen>, declarations: ScriptDeclarations, backGesture: BackGesture? = nil
  ) -> [String] {
    // Drawn from the selected stack's presentation layers, as a UI would draw it: the top layer
    // on screen, the layer below it behind a presented one. Something presented over the tab bar
    // (the app layer) is drawn over the selected tab the same way.
    let overTabs = state.isAppLayerPresented
    let stack = overTabs ? state.storedAppLayer : state.selectedStack
    let layers = stack.layers
    guard let layer = layers.last else { return [] }
    let top = stack[layer.routeIndices.upperBound - 1]
    func title(_ screen: DynamicScreen) -> String { declarations.screen(named: screen.name)?.title ?? screen.name }

    var lines: [String] = []
    lines.append("┌" + String(repeating: "─", count: width - 2) + "┐")
    if layer.isPresented, layers.count > 1 {
      let sheet = layer.sheetConfiguration.map { " (" + $0.detents.map(\.description).joined(separator: ", ") + ")" } ?? ""
      // The app layer's first layer is over the selected tab (its stand-in root is not shown).
      let under = overTabs && layers.count == 2 ? state.selectedStack.top : stack[layers[layers.count - 2].routeIndices.upperBound - 1]
      let over = overTabs ? " over the tabs" : ""
      lines.append(row("▒ \(title(under.screen)) behind; \(layer.style)\(over)\(sheet) ▒"))
      lines.append("├" + String(repeating: "─", count: width - 2) + "┤")
    }
    let back =
      layer.path.isEmpty
      ? (layer.isPresented ? "✕" : "") : "‹ \(title(stack[layer.routeIndices.upperBound - 2].screen))"
    lines.append(row(pad(back, to: 14) + title(top.screen)))
    lines.append("├" + String(repeating: "─", count: width - 2) + "┤")
    lines.append(row(top.screen.name))
    for key in top.screen.state.keys.sorted() {
      lines.append(row("  \(key) = \(top.screen.state[key] ?? .null)"))
    }
    let actions = declarations.screen(named: top.screen.name)?.actionList ?? []
    if !actions.isEmpty {
      lines.append(row(""))
      for action in actions { lines.append(row("  [\(action)]")) }
    }
    lines.append(row(""))
    if !layer.isPresented || layer.style == .sheet {
      lines.append("├" + String(repeating: "─", count: width - 2) + "┤")
      let items = state.visibleTabIDs.map { tab -> String in
        let title = declarations.tabs.first { $0.id == tab.rawValue }?.title ?? tab.rawValue
        let name = title + (state.badge(of: tab).map { " (\($0))" } ?? "")
        return tab == state.selectedTab ? "[\(name)]" : " \(name) "
      }
      lines.append(row(items.joined(separator: " ")))
    }
    lines.append("└" + String(repeating: "─", count: width - 2) + "┘")
    if let backGesture { lines.append("back gesture: \(backGesture)".escapingControlCharacters(keepingLineBreaks: false)) }
    return lines
  }

  private static func row(_ text: String) -> String {
    "│ " + pad(text, to: width - 4) + " │"
  }

  /// `text` (escaped as a line, so a title's line break cannot break the box) clipped or padded
  /// to `length` characters.
  private static func pad(_ text: String, to length: Int) -> String {
    let text = text.escapingControlCharacters(keepingLineBreaks: false)
    let clipped = text.count > length ? String(text.prefix(length - 1)) + "…" : text
    return clipped + String(repeating: " ", count: max(0, length - clipped.count))
  }
}
