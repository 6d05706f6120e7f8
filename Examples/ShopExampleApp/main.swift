import Foundation
import ShopExample
import TabFlow

/// `tabflow-example [SCRIPT.lua]`: runs the example shop through a Store and prints each step,
/// then takes release 2 of the flow as a signed rule package while it runs, and finally launches
/// as an app update whose bundle carries release 3: the downloaded release 2 is ignored.
@MainActor
func runExample() async throws {
  let arguments = CommandLine.arguments.dropFirst()
  let script = try arguments.first.map { try String(contentsOfFile: $0, encoding: .utf8) } ?? ShopApp.bundledScript
  // The team's key: made once with `flowscript keygen`, its public half pinned in the app. Made
  // here so the example runs on its own.
  let teamKey = RuleSigningKey()
  // Packages are kept here between launches (an app's Application Support folder).
  let folder = NSTemporaryDirectory() + "tabflow-example-\(UUID().uuidString)"
  defer { try? FileManager.default.removeItem(atPath: folder) }
  let app = try ShopApp(script: script, bundledRelease: 1, pinnedKeys: [teamKey.publicKey], packageFolder: folder)
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

  // Release 2 of the flow arrives as bytes the app fetched (`flowscript pack shop-confirm.lua
  // --key KEY --release 2 --runtime 1.0`); installing keeps the navigation.
  let release2 = try RulePackage(
    script: ShopApp.confirmingScript, name: "shop", release: 2, runtime: ShopApp.runtime, signedWith: teamKey)
  await store.send(.adoptReloaded(try app.install(release2.encoded(), keeping: store.state))).finish()
  show("install rule package release 2 (navigation kept)")
  await send(.buyTapped, "buy (release 2 asks for confirmation in a sheet)")
  await send(.confirmTapped, "confirm (the order shows in the profile tab)")

  // A package changed on the way: refused, release 2 keeps running.
  var tampered = release2.encoded()
  if let range = tampered.range(of: Data("confirmTapped".utf8)) {
    tampered.replaceSubrange(range, with: Data("confirmTappet".utf8))
  }
  do {
    _ = try app.install(tampered, keeping: store.state)
  } catch {
    print("rejected a tampered package: \(error)\n  still running release \(app.delivery.installedRelease)")
  }

  // An app update ships release 3 of the flow in its bundle. At its first launch the downloaded
  // release 2, still in the folder, is older than the bundle: ignored, and the report says why.
  let updated = try ShopApp(
    script: ShopApp.confirmingScript, bundledRelease: 3, pinnedKeys: [teamKey.publicKey], packageFolder: folder)
  print("app update with bundled release 3 launches: \(updated.delivery.launchReport)")
  print("  running release \(updated.delivery.installedRelease)")
}

do {
  try await runExample()
} catch {
  FileHandle.standardError.write(Data("tabflow-example: \(error)\n".utf8))
  exit(2)
}
