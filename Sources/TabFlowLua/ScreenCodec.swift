/// How script screens (a name and a state) become a coordinator's screens and back: the identity
/// for dynamic screens, a ``ScreenCatalog`` for typed Swift screens.
@usableFromInline
package struct ScreenCodec<Screen>: Sendable {
  /// The screen for a script screen.
  @usableFromInline package let make: @Sendable (DynamicScreen) throws(ScriptError) -> Screen
  /// The script name and state of a screen.
  @usableFromInline package let describe: @Sendable (Screen) -> DynamicScreen
  /// The screen's name alone (what rules are looked up by): no payload is encoded.
  @usableFromInline package let name: @Sendable (Screen) -> String
  /// The names it can make; `nil` for any.
  @usableFromInline package let names: [String]?

  @inlinable
  init(
    make: @escaping @Sendable (DynamicScreen) throws(ScriptError) -> Screen,
    describe: @escaping @Sendable (Screen) -> DynamicScreen,
    name: @escaping @Sendable (Screen) -> String,
    names: [String]?
  ) {
    self.make = make
    self.describe = describe
    self.name = name
    self.names = names
  }

  /// Dynamic screens, as they are.
  static var dynamic: ScreenCodec<DynamicScreen> {
    ScreenCodec<DynamicScreen>(make: { screen throws(ScriptError) in screen }, describe: { $0 }, name: { $0.name }, names: nil)
  }

  /// Typed screens through a catalog (inlinable: its closures are specialized for the app's
  /// screen type where the rules are made).
  @inlinable
  static func catalog(_ catalog: ScreenCatalog<Screen>) -> ScreenCodec<Screen> {
    ScreenCodec(
      make: { screen throws(ScriptError) in try catalog.screen(named: screen.name, state: screen.state) },
      describe: { catalog.describe($0) ?? DynamicScreen(screenName(of: $0)) },
      name: { catalog.name(of: $0) ?? screenName(of: $0) },
      names: catalog.names)
  }
}
