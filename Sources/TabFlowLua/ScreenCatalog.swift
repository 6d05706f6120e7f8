import TabFlowLuaBinding
import TabFlowCore
import TabFlowNavigation

/// Maps the screen names a script uses to an app's typed Swift screens, with `Codable` payloads
/// carried as Lua tables.
///
/// ```swift
/// var catalog = ScreenCatalog<Screen>()
/// catalog.register("feed", .feed)
/// catalog.register("item", ItemState.self, embed: Screen.item) { if case let .item(s) = $0 { s } else { nil } }
/// ```
/// A payload that does not decode is an error naming the screen and the field.
public struct ScreenCatalog<Screen>: Sendable {
  @usableFromInline
  package struct Entry: Sendable {
    @usableFromInline package let name: String
    @usableFromInline package let make: @Sendable ([String: FlowValue]) throws(ScriptError) -> Screen
    @usableFromInline package let state: @Sendable (Screen) -> [String: FlowValue]?
    /// Whether a screen is this entry's, without encoding its payload.
    @usableFromInline package let matches: @Sendable (Screen) -> Bool

    @inlinable
    init(
      name: String, make: @escaping @Sendable ([String: FlowValue]) throws(ScriptError) -> Screen,
      state: @escaping @Sendable (Screen) -> [String: FlowValue]?, matches: @escaping @Sendable (Screen) -> Bool
    ) {
      self.name = name
      self.make = make
      self.state = state
      self.matches = matches
    }
  }

  @usableFromInline package var entries: [Entry] = []

  /// An empty catalog.
  public init() {}

  /// The registered names, in registration order.
  public var names: [String] { entries.map(\.name) }

  /// Registers a screen whose state is a `Codable` payload: `embed` builds the screen from it,
  /// `extract` returns it (or `nil` when a screen is another case).
  @inlinable
  public mutating func register<Payload: Codable & Sendable>(
    _ name: String,
    _ payload: Payload.Type,
    embed: @escaping @Sendable (Payload) -> Screen,
    extract: @escaping @Sendable (Screen) -> Payload?
  ) {
    entries.append(Entry(
      name: name,
      make: { state throws(ScriptError) in embed(try Self.decode(Payload.self, from: state, screen: name)) },
      state: { screen in extract(screen).map(Self.encode) },
      matches: { screen in extract(screen) != nil }))
  }

  /// Registers a screen without state (an enum case without payload).
  @inlinable
  public mutating func register(_ name: String, _ screen: Screen) where Screen: Equatable & Sendable {
    entries.append(Entry(
      name: name,
      make: { state throws(ScriptError) in
        guard state.isEmpty else {
          throw ScriptError(.payload, "screen '\(name)' has no state, but the payload sets '\(state.keys.sorted().first ?? "")'")
        }
        return screen
      },
      state: { $0 == screen ? [:] : nil },
      matches: { $0 == screen }))
  }

  /// The typed screen for a script name and state.
  @inlinable
  func screen(named name: String, state: [String: FlowValue]) throws(ScriptError) -> Screen {
    guard let entry = entries.first(where: { $0.name == name }) else { throw unknownScreen(name) }
    return try entry.make(state)
  }

  /// The error for a name no entry has.
  @usableFromInline
  package func unknownScreen(_ name: String) -> ScriptError {
    ScriptError(.unknownName, "the screen catalog has no screen '\(name)'" + Suggestions.hint(for: name, in: names))
  }

  /// The script name and state of a typed screen, or `nil` when no entry claims it.
  /// The name `screen` is registered under, without encoding its payload; `nil` when none.
  @inlinable
  func name(of screen: Screen) -> String? {
    entries.first { $0.matches(screen) }?.name
  }

  @inlinable
  func describe(_ screen: Screen) -> DynamicScreen? {
    for entry in entries {
      if let state = entry.state(screen) { return DynamicScreen(entry.name, state: state) }
    }
    return nil
  }

  @usableFromInline
  package static func decode<Payload: Decodable>(
    _ type: Payload.Type, from state: [String: FlowValue], screen: String
  ) throws(ScriptError) -> Payload {
    do {
      return try FlowValueDecoder.decode(Payload.self, from: .object(state))
    } catch {
      throw ScriptError(.payload, "the payload of screen '\(screen)' does not decode: \(NavigationDocument.describe(error))")
    }
  }

  @usableFromInline
  package static func encode<Payload: Encodable>(_ payload: Payload) -> [String: FlowValue] {
    guard case let .object(members)? = try? FlowValueEncoder.encode(payload) else { return [:] }
    return members
  }
}
