import Foundation
import ShopExample
import TabFlow

/// `tabflow-example [SCRIPT.lua]`: runs the example shop through a Store and prints each step.
@MainActor
func runExample() async throws {
  let arguments = CommandLine.arguments.dropFirst()
  let script = try arguments.first.map { try String(contentsOfFile: $0, encoding: .utf8) } ?? ShopApp.bundledScript
  let app = try ShopApp(script: script)
  let store = Store(initialState: try app.initialState()) { app }

  func show(_ step: String) {
    let stacks = store.state.tabs.map { tab in
      "\(tab.id): " + tab.stack.routes.map { app.rules.describe($0.screen).description }.joined(separator: " > ")
    }
    print("\(step)\n  " + stacks.joined(separator: "\n  ") + "\n  selected: \(store.state.selectedTab)")
  }

  func send(_ action: ShopAction, _ step: String) async {
    guard let id = store.state.selectedStack.ids.last else { return }
    await store.send(.router(.routeAction(id: id, action: action))).finish()
    show(step)
  }

  show("start")
  await send(.itemTapped(id: 3), "tap item 3")
  await send(.addTapped, "add one")
  await send(.buyTapped, "buy (not logged in: the script presents the login sheet)")
  await send(.submitTapped, "log in (an effect finishes a second later; the script dismisses the sheet)")
  await send(.buyTapped, "buy again (the script shows the order in the profile tab)")
  await store.send(.openURL("shop://item/9")).finish()
  show("open shop://item/9")
}

do {
  try await runExample()
} catch {
  FileHandle.standardError.write(Data("tabflow-example: \(error)\n".utf8))
  exit(2)
}
