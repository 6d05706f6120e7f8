import Foundation
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua

/// Scripts, keys and folders the delivery tests share.
package enum DeliveryFixture {
  package typealias Rules = ScriptedRules<DynamicScreen, DynamicAction>
  package typealias Delivery = RuleDelivery<DynamicScreen, DynamicAction>
  package typealias State = TabCoordinatorState<DynamicScreen>

  /// The bundled script: one tab, `feed.open` pushes an item, `feed.boom` too.
  package static let bundled = """
    app "T"
    tab "home" { root = "feed" }
    screen "feed" { actions = { "open", "boom" } }
    screen "item" { state = { id = 0 } }
    on("feed.open", function(nav) nav:push("item", { id = 1 }) end)
    on("feed.boom", function(nav) nav:push("item", { id = 2 }) end)
    """

  /// A newer flow: a profile tab, items get a `qty`, and `feed.boom` raises an error.
  package static let newer = """
    app "T"
    tab "home" { root = "feed" }
    tab "profile" { root = "account" }
    screen "feed" { actions = { "open", "boom" } }
    screen "item" { state = { id = 0, qty = 1 } }
    screen "account" {}
    on("feed.open", function(nav) nav:push("item", { id = 1 }) end)
    on("feed.boom", function(nav) error("boom") end)
    """

  /// The team's key and a second, rotated-in key.
  package static let key = RuleSigningKey()
  package static let otherKey = RuleSigningKey()

  /// The runtime the test app declares.
  package static let runtime = "1.0"

  package static func package(
    _ script: String = newer, name: String = "t", release: Int, runtime: String = runtime, key: RuleSigningKey = key
  ) throws -> RulePackage {
    try RulePackage(script: script, name: name, release: release, runtime: runtime, signedWith: key)
  }

  package static func bytes(
    _ script: String = newer, name: String = "t", release: Int, runtime: String = runtime, key: RuleSigningKey = key
  ) throws -> Data {
    try package(script, name: name, release: release, runtime: runtime, key: key).encoded()
  }

  /// A new empty folder under the temporary directory.
  package static func folder() -> String {
    let path = NSTemporaryDirectory() + "tabflow-delivery-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  package static func delivery(
    folder: String? = nil, canary: RuleCanary? = nil, keys: [RulePublicKey] = [key.publicKey],
    bundledRelease: Int = 0, floor: RuleFloor? = nil
  ) throws -> Delivery {
    try Delivery(
      bundledScript: bundled, name: "t.lua", bundledRelease: bundledRelease, runtime: runtime, pinnedKeys: keys,
      folder: folder, canary: canary, floor: floor)
  }

  /// The package files in `folder`, sorted.
  package static func files(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  /// The JSON object of a package, to edit.
  package static func object(_ data: Data) throws -> [String: Any] {
    try (JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
  }

  package static func data(_ object: [String: Any]) throws -> Data {
    try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
  }
}
