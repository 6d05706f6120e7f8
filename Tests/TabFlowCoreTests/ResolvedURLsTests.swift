@testable import TabFlowCore
import CoreTestSupport
import TabFlowNavigation
import Testing

extension TabsTests {
  /// A resolver's answers kept by the bits of each URL string (``ResolvedURLs``) are what asking
  /// anew answers: for a string given again (asked once), for a copy with storage of its own, for
  /// URLs that share a slot, and for a URL nothing matches.
  @Suite("Deep links: answers kept by URL")
  struct ResolvedURLsTests {
    typealias Resolution = ResolvedURLs<TabTestScreen>.Resolution

    /// Resolves like a deep-link table: a match naming the URL (its parameter `url`), or `nil`
    /// for URLs ending in `none`; counts the URLs it is asked.
    final class Resolver {
      var asked: [String] = []
      func resolve(_ url: String) -> Resolution? {
        asked.append(url)
        guard !url.hasSuffix("none") else { return nil }
        let match = DeepLinkMatch(url: url, pattern: "test://:path", parameters: ["url": url])
        return (match, { _, _ in [.push(.search(query: url))] })
      }
    }

    /// `text` with storage of its own (the same bytes).
    static func rebuilt(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }

    /// What `resolution` says about `url`: the parameter, and the screen its handler pushes.
    static func described(_ resolution: Resolution?, state: TabCoordinatorState<TabTestScreen>) throws -> String {
      guard let (match, handler) = resolution else { return "none" }
      return "\(match.url) \(match["url"] ?? "?") \(try handler(match, state))"
    }

    @Test
    func aURLGivenAgainIsAnsweredAsAskingAnewWouldBe() throws {
      let state = try TabFixtures.coordinator()
      let resolved = ResolvedURLs<TabTestScreen>()
      let resolver = Resolver()
      // More URLs than slots, so that some share one; long ones (their own storage) and small ones.
      let urls = (0..<40).map { "test://item/\($0)" } + (0..<40).map { "test://a-long-path-past-a-small-string/\($0)" }
        + ["test://none", "test://long-path-that-matches-none"]
      for round in 0..<3 {
        for url in urls {
          let given = round == 2 ? Self.rebuilt(url) : url
          // Asked twice in a row: the second time, at the latest, the answer is the one kept.
          for _ in 0..<2 {
            let answer = resolved.resolution(of: given) { resolver.resolve($0) }
            #expect(try Self.described(answer, state: state) == Self.described(Resolver().resolve(url), state: state))
          }
        }
      }
      #expect(resolver.asked.count <= 3 * urls.count)
    }

    @Test
    func theSameStringIsAskedOnce() throws {
      let resolved = ResolvedURLs<TabTestScreen>()
      let resolver = Resolver()
      let long = Self.rebuilt("test://a-long-path-past-a-small-string/7")
      for url in ["test://item/1", long, "test://none"] {
        let before = resolver.asked.count
        _ = resolved.resolution(of: url) { resolver.resolve($0) }
        _ = resolved.resolution(of: url) { resolver.resolve($0) }
        #expect(resolver.asked.count == before + 1, "\(url)")
      }
      _ = resolved.resolution(of: long) { resolver.resolve($0) }
      let kept = resolver.asked.count
      // A copy with storage of its own is asked anew (its bits differ), and answered the same.
      let copy = Self.rebuilt(long)
      let answer = resolved.resolution(of: copy) { resolver.resolve($0) }
      #expect(resolver.asked.count == kept + 1)
      #expect(answer?.match.url == long)
    }
  }
}
