import TabFlowNavigation
import Testing

/// A screen's name (`screenName(of:)`): a ``ScreenNaming`` screen's own, read in place when its
/// type names (a struct holding references, a class), through the value when only the value
/// does (an existential, a subclass of a class that does not); an enum's case otherwise.
@Suite("Screen names")
struct ScreenNamingTests {
  struct Named: ScreenNaming {
    let title: String
    let tags: [String]
    var screenName: String { "named " + title + tags.joined() }
  }

  class Base {}
  final class NamedSubclass: Base, ScreenNaming {
    let title: String
    init(title: String) { self.title = title }
    var screenName: String { "subclass " + title }
  }

  final class NamedClass: ScreenNaming {
    let title: String
    init(title: String) { self.title = title }
    var screenName: String { "class " + title }
  }

  enum Plain { case feed, item(id: Int) }

  /// The name, asked where `Screen` is a type parameter.
  static func name<Screen>(_ screen: Screen) -> String { screenName(of: screen) }

  @Test
  func aNamingScreenIsNamedAsItSays() {
    let title = String(repeating: "long title past a small string ", count: 2)
    #expect(screenName(of: Named(title: title, tags: ["a", "b"])) == "named " + title + "ab")
    #expect(Self.name(Named(title: "x", tags: [])) == "named x")
    #expect(Self.name(NamedClass(title: title)) == "class " + title)
    #expect(Self.name(NamedSubclass(title: "y") as Base) == "subclass y")
    #expect(Self.name(Named(title: "z", tags: ["1"]) as any ScreenNaming) == "named z1")
    #expect(Self.name(Named(title: "w", tags: []) as Any) == "named w")
    #expect(Self.name(Plain.item(id: 3)) == "item")
    #expect(Self.name(Plain.feed) == "feed")
  }
}
