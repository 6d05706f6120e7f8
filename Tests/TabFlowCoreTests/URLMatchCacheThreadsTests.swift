@testable import TabFlowCore
import Foundation
import Testing

/// One ``URLMatchCache`` answered from several threads at once: a coordinator is a value, its
/// deep links' copies share one cache, and an exploration's workers may all step one coordinator.
/// Each thread matches its own URLs — more than the cache holds, so it forgets them all while the
/// others read, and more than its recent slots, so they are overwritten — and every answer must
/// be the URL's own: its pattern and its parameters, never another URL's.
@Suite("Deep links: one URL cache, several threads")
struct URLMatchCacheThreadsTests {
  static let patterns: [DeepLinkPattern] = {
    var made: [DeepLinkPattern] = []
    for text in ["shop://item/:id", "shop://orders/:highlight", "shop://home"] {
      if let pattern = try? DeepLinkPattern(text) { made.append(pattern) }
    }
    return made
  }()

  /// The URL a thread matches at `step`, and the match it must get: thread `thread`'s URLs are
  /// its own (its number is in every one of them), cycling through 300 of them.
  static func url(thread: Int, step: Int) -> (url: String, match: URLMatchCache.Match?) {
    let number = thread * 1_000 + step % 300
    switch step % 3 {
    case 0: return ("shop://item/\(number)", (0, ["id": "\(number)"]))
    case 1: return ("shop://orders/\(number)", (1, ["highlight": "\(number)"]))
    default: return ("shop://nowhere/\(number)", nil)
    }
  }

  /// The answers a thread got that were not its URLs' own, as text.
  final class Mismatches: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [String] = []

    func note(_ text: String) {
      lock.lock()
      defer { lock.unlock() }
      if found.count < 10 { found.append(text) }
    }

    var all: [String] {
      lock.lock()
      defer { lock.unlock() }
      return found
    }
  }

  /// The one cache the threads share: what it guards against is that they do.
  final class SharedCache: @unchecked Sendable {
    let cache = URLMatchCache()
  }

  @Test func everyThreadGetsItsOwnURLsMatches() {
    #expect(Self.patterns.count == 3)
    let shared = SharedCache()
    let mismatches = Mismatches()
    let threads = 4
    let steps = 6_000
    let done = DispatchGroup()
    for thread in 0..<threads {
      done.enter()
      let worker = Thread {
        defer { done.leave() }
        for step in 0..<steps {
          let (url, expected) = Self.url(thread: thread, step: step)
          // Half the time a string with storage of its own, as a URL rebuilt by an input would be.
          let given = step % 2 == 0 ? url : String(decoding: Array(url.utf8), as: UTF8.self)
          let found = shared.cache.match(for: given, among: Self.patterns)
          if found?.index != expected?.index || found?.parameters != expected?.parameters {
            mismatches.note("\(url): \(String(describing: found))")
          }
        }
      }
      worker.start()
    }
    done.wait()
    #expect(mismatches.all.isEmpty, "\(mismatches.all)")
  }
}
