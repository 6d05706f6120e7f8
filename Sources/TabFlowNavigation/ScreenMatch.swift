/// Which routes ``NavigationCommand/goBackTo(_:)`` and ``NavigationCommand/popTo(_:)`` look for.
///
/// Two matches are equal when their labels are; the label also names the match in errors.
///
/// ```swift
/// try stack.apply(.goBackTo(.screen(.home)))
/// try stack.apply(.popTo(.where("any list") { if case .list = $0 { true } else { false } }))
/// ```
public struct ScreenMatch<Screen>: Sendable, Equatable, CustomStringConvertible {
  /// What the match looks for, as errors show it.
  public let label: String
  private let predicate: @Sendable (Screen) -> Bool

  /// A match by predicate, with a label for errors.
  public init(_ label: String, _ predicate: @escaping @Sendable (Screen) -> Bool) {
    self.label = label
    self.predicate = predicate
  }

  /// A match by predicate, with a label for errors.
  public static func `where`(_ label: String, _ predicate: @escaping @Sendable (Screen) -> Bool) -> Self {
    Self(label, predicate)
  }

  /// Whether `screen` is one this match looks for.
  public func matches(_ screen: Screen) -> Bool { predicate(screen) }

  /// Compares labels.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.label == rhs.label }

  /// The label.
  public var description: String { label }
}

extension ScreenMatch where Screen: Equatable & Sendable {
  /// Matches screens equal to `screen`.
  public static func screen(_ screen: Screen) -> Self {
    Self(String(describing: screen)) { $0 == screen }
  }
}
