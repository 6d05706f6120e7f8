import Testing

@testable import TabFlow
@testable import TabFlowLua

/// A metatable set up while the script loads keeps its metamethods in rules — read-only, as every
/// table the script made at load is: the class idiom (`Item.__index = Item`), `__call`, `__add`,
/// `__eq`, `__lt`, `__le`, `__concat`, `__len`, `__close` and `__tostring` work on the objects a
/// rule makes with it and on those the script made at load.
@MainActor
@Suite struct FrozenMetatableTests {
  static let script = """
    tab "home" { root = "feed" }
    screen "feed" { actions = { "go", "write", "index", "swap", "callable" } }
    local Item = {}
    Item.__index = Item
    function Item:label() return "item " .. self.id end
    Item.__tostring = function(self) return "Item#" .. self.id end
    Item.__eq = function(a, b) return a.id == b.id end
    Item.__lt = function(a, b) return a.id < b.id end
    Item.__le = function(a, b) return a.id <= b.id end
    Item.__add = function(a, b) return setmetatable({ id = a.id + b.id }, Item) end
    Item.__concat = function(a, b) return tostring(a) .. "+" .. tostring(b) end
    Item.__len = function(self) return self.id end
    Item.__call = function(self, x) return self.id * x end
    Item.__close = function() end
    local loaded = setmetatable({ id = 5 }, Item)
    local Point = setmetatable({}, { __call = function(class, x) return setmetatable({ x = x }, class) end })
    Point.__index = Point
    function Point:get() return self.x end
    local Shout = setmetatable({}, { __index = function(_, key) return key .. "!" end })
    on("feed.go", function(nav)
      local a, b = setmetatable({ id = 3 }, Item), setmetatable({ id = 4 }, Item)
      do local closing <close> = a end
      do local closing <close> = loaded end
      nav:emit("seen", {
        label = a:label(), loadedLabel = loaded:label(), text = tostring(a), loadedText = tostring(loaded),
        equal = a == setmetatable({ id = 3 }, Item), less = a < b, lessOrEqual = b <= loaded, sum = (a + b).id,
        loadedSum = (loaded + a).id, joined = a .. b, loadedJoined = loaded .. a, length = #b, loadedLength = #loaded,
        called = a(10), loadedCalled = loaded(10), class = getmetatable(a) == Item, point = Point(7):get(),
        shout = Shout.hey,
      })
    end)
    on("feed.write", function(nav) getmetatable(setmetatable({}, Item)).label = nil end)
    on("feed.index", function(nav) Item.__index = nil end)
    on("feed.swap", function(nav)
      local a = setmetatable({ id = 3 }, Item)
      setmetatable(a, nil)
      nav:emit("swapped", { plain = getmetatable(a) == nil, label = a.label == nil })
    end)
    """

  @Test func loadTimeMetatablesKeepTheirMetamethodsInRules() throws {
    let flow = try ScriptedFlow(Self.script)
    try flow.send("go")
    #expect(flow.failures.map(\.message) == [])
    #expect(flow.events.map(\.payload) == [[
      "label": "item 3", "loadedLabel": "item 5", "text": "Item#3", "loadedText": "Item#5", "equal": true,
      "less": true, "lessOrEqual": true, "sum": 7, "loadedSum": 8, "joined": "Item#3+Item#4",
      "loadedJoined": "Item#5+Item#3", "length": 4, "loadedLength": 5, "called": 30, "loadedCalled": 50,
      "class": true, "point": 7, "shout": "hey!",
    ]])
  }

  @Test(arguments: [
    ("write", "shop.lua:32: attempt to assign 'Item.label' inside rule 'feed.write'"),
    ("index", "shop.lua:33: attempt to assign 'Item.__index' inside rule 'feed.index'"),
  ])
  func aLoadTimeMetatableStaysReadOnly(action: String, message: String) throws {
    let flow = try ScriptedFlow(Self.script)
    let error = try #require(throws: ScriptError.self) { try flow.batch(action) }
    #expect(error.message.hasPrefix(message), "\(error.message)")
    try flow.send("go")
    #expect(flow.failures.isEmpty && flow.events.count == 1)
  }

  @Test func anObjectsLoadTimeMetatableCanBeTakenAway() throws {
    let flow = try ScriptedFlow(Self.script)
    try flow.send("swap")
    #expect(flow.events.map(\.payload) == [["plain": true, "label": true]])
  }
}
