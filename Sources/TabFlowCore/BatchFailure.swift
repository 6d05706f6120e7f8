import TabFlowNavigation

/// Why a batch was discarded. The state is exactly as it was before the batch.
public struct BatchFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Hashable, Sendable {
    /// The command at `index` (0-based) was invalid — or, with
    /// ``/TabFlowNavigation/NavigationError/staleConfirmation(guards:reason:)`` (index 0, command `confirm`), the
    /// batch's confirmation was (see ``isStaleConfirmation``).
    case invalidCommand(index: Int, command: String, error: NavigationError)
    /// A guard rejected the change.
    case rejected(guard: String, reason: String)
    /// No deep-link pattern matched the URL.
    case noDeepLinkMatch(url: String, patterns: [String])
    /// The rules failed before producing a batch (a script error, a budget exceeded …).
    case ruleFailed(RuleFailure)
    /// Guards redirected in a cycle (`cycle`: the trail ends where it started,
    /// `checkout → login → checkout`) or more than `TabCoordinatorState.maximumRedirects` times
    /// in a row; each entry is the top screen a batch would have shown. `guard` is the guard
    /// whose redirect closed the cycle or went one too far, and `site` where it was declared.
    case redirectLoop([String], cycle: Bool, guard: String, site: DeclarationSite?)
  }

  /// Where the batch came from.
  public let source: BatchSource
  /// What went wrong.
  public let reason: Reason
  /// Where in a script the batch was made (`shop.lua:12`), when a scripted rule or deep link made
  /// it: an invalid command or a rejection of its batch is reported there.
  public var location: String?
  /// Whether the guard that rejected the batch asked (``GuardVerdict/ask(_:)``): the host may show
  /// the reason as a question and re-send the batch confirmed. A rejection that does not ask is a
  /// block, which a confirmation cannot override. Always `false` for a failure that is not a
  /// rejection.
  public let asks: Bool

  /// A failure from a source for a reason; `asks` only for a rejection by a guard that asked.
  public init(source: BatchSource, reason: Reason, location: String? = nil, asks: Bool = false) {
    self.source = source
    self.reason = reason
    self.location = location
    if case .rejected = reason { self.asks = asks } else { self.asks = false }
  }

  /// Whether a confirmation was refused because the rejection it would override blocks
  /// (``/TabFlowNavigation/NavigationError/blockedConfirmation(guard:reason:)``).
  public var isBlockedConfirmation: Bool {
    if case .invalidCommand(_, _, .blockedConfirmation) = reason { return true }
    return false
  }

  /// The reason alone, e.g. `login required` or `cannot push 'x': …`; a redirect loop says which
  /// guard and where it was declared, as a rule error does: `shop.lua:20: guard 'auth': redirect
  /// cycle: checkout → login → checkout`.
  public var message: String {
    switch reason {
    case let .invalidCommand(_, _, error): return error.description
    case let .rejected(_, reason): return reason
    case let .noDeepLinkMatch(url, patterns):
      return "no deep link matches '\(url)'"
        + (patterns.isEmpty ? " (no patterns are declared)" : " (patterns: \(patterns.joined(separator: ", ")))")
    case let .ruleFailed(failure): return failure.message
    case let .redirectLoop(trail, cycle, name, site):
      let loop = cycle
        ? "redirect cycle: " + trail.joined(separator: " → ")
        : "more than \(trail.count - 1) redirects in a row: " + trail.joined(separator: " → ")
      return (site.map { "\($0): " } ?? "") + "\(Self.guardLabel(name)): " + loop
    }
  }

  /// Where, the source, where in the batch, and the reason: `shop.lua:12: rule feed.go:
  /// command 1 (pop) failed: …`, `tab tap home: rejected by guard 'auth': login required`,
  /// `url shop://orders: shop.lua:20: guard 'auth': redirect cycle: orders → login → orders`.
  public var description: String {
    let prefix = location.map { "\($0): " } ?? ""
    switch reason {
    case let .invalidCommand(_, _, error) where isStaleConfirmation || isBlockedConfirmation:
      // The confirmation failed, not a command of the batch.
      return "\(prefix)\(source): \(error)"
    case let .invalidCommand(index, command, error):
      return "\(prefix)\(source): command \(index + 1) (\(command)) failed: \(error)"
    case let .rejected(name, reason):
      return "\(prefix)\(source): rejected by \(Self.guardLabel(name)): \(reason)"
    case .noDeepLinkMatch, .redirectLoop(_, _, _, nil):
      return "\(prefix)\(source): \(message)"
    case .redirectLoop:
      // The message says where: the guard's declaration.
      return "\(source): \(message)"
    case .ruleFailed:
      return "\(source): \(message)"
    }
  }

  /// Whether a confirmation was refused because it no longer applies: the batch re-sent with
  /// confirmed guards is not the last one a guard rejected, or the state changed since
  /// (``/TabFlowNavigation/NavigationError/staleConfirmation(guards:reason:)``; see ``RejectedBatch``). The state is
  /// unchanged; the host forgets its question (the user can make the change again, and be asked
  /// again).
  public var isStaleConfirmation: Bool {
    if case .invalidCommand(_, _, .staleConfirmation) = reason { return true }
    return false
  }

  /// How a guard is named in messages: `guard 'auth'`, or `guard #2` for a script's unnamed guard.
  public static func guardLabel(_ name: String) -> String {
    NavigationError.guardLabel(name)
  }
}
