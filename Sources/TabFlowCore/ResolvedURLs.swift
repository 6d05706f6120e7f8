import TabFlowNavigation

/// What a deep-link resolver answered for the URLs it was given last, so that a URL given again
/// is answered without matching it, building its match or taking ``URLMatchCache``'s lock:
/// `check --explore` opens the same few sample links from every state it reaches, and retries a
/// pending link after every batch.
///
/// Each URL is kept in the slot a hash of its bits picks. A URL given again is usually the very
/// string given before (the same storage, or the same small string): two strings with the same
/// bits are the same string (the one kept keeps its storage alive). A string with other bits is
/// resolved anew and takes the slot. Holds the answers of one set of links, which never change
/// (its owner drops it with them), and is used on its owner's one thread (a Lua script's):
/// not locked.
@usableFromInline
package final class ResolvedURLs<Screen> {
  /// A URL's match and the handler of the pattern it matched.
  @usableFromInline package typealias Resolution = (match: DeepLinkMatch, handler: DeepLinks<Screen>.Handler)

  /// A kept URL and what it resolved to (`nil`: no pattern matched).
  @usableFromInline
  struct Entry {
    @usableFromInline let url: String
    @usableFromInline let resolution: Resolution?

    @inlinable
    init(url: String, resolution: Resolution?) {
      self.url = url
      self.resolution = resolution
    }
  }

  // Used on one thread (see above): no run-time exclusivity checks.
  @exclusivity(unchecked) @usableFromInline var entries: [Entry?]

  /// How many slots there are (a power of two).
  @inlinable
  static var slotCount: Int { 16 }

  /// Keeps no answer yet.
  @inlinable
  package init() {
    entries = Array(repeating: nil, count: Self.slotCount)
  }

  /// What `resolve` answers for `url`: its answer for a string with the same bits, kept, or
  /// asked now (and kept).
  @inlinable
  package func resolution(of url: String, _ resolve: (String) -> Resolution?) -> Resolution? {
    // The string's two words read as values: ``bitsHash(_:size:)`` and ``sameBits(_:_:size:)``
    // need their addresses, and taking the addresses of `url` and of the kept one copied both
    // strings out (30 M more on `check`'s frozen demo, measured).
    let (first, second) = unsafeBitCast(url, to: (UInt64, UInt64).self)
    let slot = Int(truncatingIfNeeded: mixBits(first ^ mixBits(second))) & (Self.slotCount - 1)
    if let kept = entries[slot], unsafeBitCast(kept.url, to: (UInt64, UInt64).self) == (first, second) {
      return kept.resolution
    }
    let resolution = resolve(url)
    entries[slot] = Entry(url: url, resolution: resolution)
    return resolution
  }
}
