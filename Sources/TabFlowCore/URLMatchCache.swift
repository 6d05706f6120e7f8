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
  private var answers: [String: Answer] = [:]

  /// The remembered answer for `url`, if any.
  private func answer(for url: String) -> Answer? { answers[url] }

  @usableFromInline
  package init() {}

  /// The first of `patterns` matching `url`, with its parameters: the URL is parsed once, and a
  /// recent URL's answer is remembered (a pending link is tried again after every batch).
  @usableFromInline
  package func match(for url: String, among patterns: [DeepLinkPattern]) -> Match? {
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
    if answers.count >= Self.capacity { answers.removeAll(keepingCapacity: true) }
    answers[url] = Answer(match: match)
  }
}
