import Foundation
import TabFlowNavigation

/// Which deep-link pattern recent URLs matched, and with what parameters: matching parses the
/// URL and percent-decodes it, and the same few URLs come back (a pending link is tried again
/// after every batch; `check --explore` opens each sample link from every state). Holds at most
/// ``capacity`` URLs, forgetting them all when full.
@usableFromInline
package final class URLMatchCache {
  /// The pattern a URL matched (its index) and the URL's parameters.
  @usableFromInline package typealias Match = (index: Int, parameters: [String: String])

  /// A URL's answer: what it matched, or `nil` (no pattern).
  struct Answer {
    let match: Match?
  }

  static let capacity = 256
  /// Held while the cache is read or written. The cache goes with every copy of its deep links,
  /// and a coordinator is a value that threads copy: an exploration's workers may all step one
  /// coordinator, whose links then answer URLs on several threads at once.
  private let lock = NSLock()
  // These three are read and written only under `lock`: no run-time exclusivity check on top.
  @exclusivity(unchecked) private var answers: [String: Answer] = [:]
  /// The URLs answered last, each in the slot a hash of its bits picks, with their answers: a
  /// URL given again is usually the very string given before (the same storage, or the same
  /// small string), found by its two words without hashing its bytes. Two strings with the same
  /// bits are the same string (the one kept keeps its storage alive); others are looked up in
  /// ``answers``.
  @exclusivity(unchecked) private var recentURLs = [String?](repeating: nil, count: recentCount)
  @exclusivity(unchecked) private var recentAnswers = [Answer?](repeating: nil, count: recentCount)
  /// How many slots ``recentURLs`` has (a power of two).
  static var recentCount: Int { 16 }

  /// The remembered answer for `url`, if any.
  private func answer(for url: String) -> Answer? {
    let slot = Self.slot(of: url)
    if let kept = recentURLs[slot], Self.bits(of: kept) == Self.bits(of: url), let answer = recentAnswers[slot] {
      return answer
    }
    guard let answer = answers[url] else { return nil }
    recentURLs[slot] = url
    recentAnswers[slot] = answer
    return answer
  }

  /// The two words a string is made of.
  @inline(__always)
  private static func bits(of url: String) -> (UInt64, UInt64) {
    unsafeBitCast(url, to: (UInt64, UInt64).self)
  }

  /// The slot of ``recentURLs`` the bits of `url` pick.
  @inline(__always)
  private static func slot(of url: String) -> Int {
    let (first, second) = bits(of: url)
    // SplitMix64's finalizer over the two words.
    return Int(truncatingIfNeeded: mixBits(first ^ (second &* 0x9E37_79B9_7F4A_7C15))) & (recentCount - 1)
  }

  @usableFromInline
  package init() {}

  /// The first of `patterns` matching `url`, with its parameters: the URL is parsed once, and a
  /// recent URL's answer is remembered (a pending link is tried again after every batch).
  @usableFromInline
  package func match(for url: String, among patterns: [DeepLinkPattern]) -> Match? {
    lock.lock()
    defer { lock.unlock() }
    if let known = answer(for: url) { return known.match }
    var found: Match?
    if let parsed = ParsedURL(url) {
      for (index, pattern) in patterns.enumerated() {
        if let parameters = pattern.match(parsed) {
          found = (index, parameters)
          break
        }
      }
    }
    remember(found, for: url)
    return found
  }

  /// Remembers the answer for `url`.
  private func remember(_ match: Match?, for url: String) {
    if answers.count >= Self.capacity {
      answers.removeAll(keepingCapacity: true)
      recentURLs = [String?](repeating: nil, count: Self.recentCount)
      recentAnswers = [Answer?](repeating: nil, count: Self.recentCount)
    }
    answers[url] = Answer(match: match)
  }
}
