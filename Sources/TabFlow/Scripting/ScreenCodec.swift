/// How script screens (a name and a state) become a coordinator's screens and back: the identity
/// for dynamic screens, a ``ScreenCatalog`` for typed Swift screens.
@usableFromInline
struct ScreenCodec<Screen>: Sendable {
  /// The screen for a script screen.
  @usableFromInline let make: @Sendable (DynamicScreen) throws(ScriptError) -> Screen
  /// The script name and state of a screen.
  @usableFromInline let describe: @Sendable (Screen) -> DynamicScreen
  /// The names it can make; `nil` for any.
  let names: [String]?

  /// Dynamic screens, as they are.
  static var dynamic: ScreenCodec<DynamicScreen> {
    ScreenCodec<DynamicScreen>(make: { screen throws(ScriptError) in screen }, describe: { $0 }, names: nil)
  }

  /// Typed screens through a catalog.
  static func catalog(_ catalog: ScreenCatalog<Screen>) -> ScreenCodec<Screen> {
    ScreenCodec(
      make: { screen throws(ScriptError) in try catalog.screen(named: screen.name, state: screen.state) },
      describe: { catalog.describe($0) ?? DynamicScreen(screenName(of: $0)) },
      names: catalog.names)
  }
}
