@testable import TabFlowCore
import CoreTestSupport
import TabFlowNavigation
import TestSupport
import Testing

extension TabsTests {
  /// What a link's handler answers when a URL is opened again — its match found by the URL's
  /// bits (``URLMatchCache``), its commands kept by the screen's bits (``ShownLinkCommands``) —
  /// is what showing the screen anew answers, from any state: checked over seeded walks that open
  /// the same URL strings, rebuilt copies of them and URLs matching nothing, as roots and not.
  @Suite("Links: commands and matches found again")
  struct LinkCommandsRecallTests {
    static let urls = [
      "shop://item/3", "shop://item/4", "shop://search?q=", "shop://search?q=shoes",
      "shop://search?q=a%20long%20query%20past%20a%20small%20string", "shop://nothing", "shop://item/x",
    ]

    /// `text` with storage of its own (the same bytes).
    static func rebuilt(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }

    /// The screen a URL makes, made anew, and the tab it shows in.
    static func expected(_ url: String) -> (screen: TabTestScreen, tab: TabID)? {
      if let id = url.split(separator: "/").last.flatMap({ Int($0) }), url.hasPrefix("shop://item/") {
        return (.item(id: id), "home")
      }
      guard url.hasPrefix("shop://search?q=") else { return nil }
      let query = String(url.dropFirst("shop://search?q=".count)).removingPercentEncodingForTest
      return (.search(query: query), "search")
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aLinkOpenedAgainAnswersWhatShowingItAnewAnswers(seed: UInt64) throws {
      let links = try LinkTests.links()
      var choices = SeededChoices(seed: seed)
      var state = try TabFixtures.deepCoordinator()
      for _ in 0..<400 {
        let picked = choices.pick(Self.urls)
        let url = choices.next(2) == 0 ? picked : Self.rebuilt(picked)
        let resolved = links.resolve(url)
        guard let made = Self.expected(url) else {
          // No pattern, or parameters that make no screen: refused each time.
          if let (match, handler) = resolved { #expect(throws: (any Error).self) { try handler(match, state) } }
          continue
        }
        let (match, handler) = try #require(resolved, "\(url)")
        #expect(match.url == url)
        let commands = try handler(match, state)
        #expect(commands == DeepLinks.show(made.screen, in: made.tab, of: state), "\(url)")
        // Somewhere else next: a tab tapped, or the link opened.
        switch choices.next(3) {
        case 0: _ = try? state.tapTab(choices.pick(["home", "search", "profile"] as [TabID]))
        case 1: _ = try? state.open(url: url, deepLinks: links)
        default: break
        }
      }
    }
  }
}

extension String {
  /// The text with its `%XX` escapes decoded (what a URL's query item reads as).
  fileprivate var removingPercentEncodingForTest: String {
    var bytes: [UInt8] = []
    var utf8 = Array(self.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%"), utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
