import TabFlow

/// A small flow whose only rule, `*.go`, runs the Lua body under test: any screen can send `go`,
/// so a test builds a stack with host commands, then sends `go` from its top.
///
/// The body starts on line 10 of `lab.lua`, so an error raised by its first line is `lab.lua:10:`.
enum LabScript {
  static let name = "lab.lua"
  static let bodyLine = 10

  static func go(_ body: String) -> String {
    """
    app "Lab"
    tab "home" { root = "feed" }
    tab "profile" { root = "account", reselect = "none" }
    screen "feed" { actions = { "go" } }
    screen "item" { state = { id = 0, qty = 1 }, actions = { "go" } }
    screen "login" { actions = { "go" } }
    screen "account" { actions = { "go" } }
    screen "orders" { state = { highlight = 0 }, actions = { "go" } }
    on("*.go", function(nav, p)
    \(body)
    end)
    """
  }

  static let feed = DynamicScreen("feed")
  static let account = DynamicScreen("account")
  static let login = DynamicScreen("login")

  static func item(_ id: Int, qty: Int = 1) -> DynamicScreen {
    DynamicScreen("item", state: ["id": .int(id), "qty": .int(qty)])
  }

  static func orders(_ highlight: Int = 0) -> DynamicScreen {
    DynamicScreen("orders", state: ["highlight": .int(highlight)])
  }
}

extension ScriptedFlow {
  /// A lab flow whose `go` rule runs `body`.
  @MainActor
  convenience init(lab body: String, limits: LuaVM.Limits = LuaVM.Limits()) throws {
    try self.init(LabScript.go(body), name: LabScript.name, limits: limits)
  }
}
