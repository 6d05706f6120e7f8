import Foundation

/// A URL pattern such as `shop://item/:id`: a scheme, then `/`-separated segments that are
/// either literal or `:name` parameters. The host counts as the first segment. Query items of
/// the URL become parameters too (path parameters win over query items of the same name).
///
/// ```swift
/// let pattern = try DeepLinkPattern("shop://item/:id")
/// pattern.match("shop://item/3?ref=home")   // ["id": "3", "ref": "home"]
/// pattern.match("shop://cart")              // nil
/// ```
public struct DeepLinkPattern: Hashable, Sendable, CustomStringConvertible {
  enum Segment: Hashable, Sendable {
    case literal(String)
    case parameter(String)
  }

  /// The pattern as written.
  public let text: String
  let scheme: String
  let segments: [Segment]

  /// Parses a pattern; throws a message when it has no `scheme://`, an empty or repeated
  /// parameter name.
  public init(_ text: String) throws(DeepLinkError) {
    guard let parsed = ParsedURL(text), !parsed.scheme.isEmpty else {
      throw .invalidPattern(text, reason: "expected scheme://segments, e.g. shop://item/:id")
    }
    var names = Set<String>()
    var segments: [Segment] = []
    for segment in parsed.segments {
      if segment.hasPrefix(":") {
        let name = String(segment.dropFirst())
        guard !name.isEmpty else { throw .invalidPattern(text, reason: "a parameter needs a name after ':'") }
        guard names.insert(name).inserted else {
          throw .invalidPattern(text, reason: "the parameter ':\(name)' appears twice")
        }
        segments.append(.parameter(name))
      } else {
        segments.append(.literal(segment))
      }
    }
    self.text = text
    self.scheme = parsed.scheme
    self.segments = segments
  }

  /// The parameters when `url` matches, or `nil`.
  public func match(_ url: String) -> [String: String]? {
    guard let parsed = ParsedURL(url), parsed.scheme == scheme, parsed.segments.count == segments.count else {
      return nil
    }
    var parameters = parsed.query
    for (segment, value) in zip(segments, parsed.segments) {
      switch segment {
      case let .literal(literal):
        guard literal == value else { return nil }
      case let .parameter(name):
        parameters[name] = value
      }
    }
    return parameters
  }

  /// The pattern as written.
  public var description: String { text }
}

/// Why a deep-link pattern or URL was refused.
public enum DeepLinkError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The pattern is malformed.
  case invalidPattern(String, reason: String)

  /// The pattern and what is wrong with it.
  public var description: String {
    switch self {
    case let .invalidPattern(pattern, reason): return "invalid deep-link pattern '\(pattern)': \(reason)"
    }
  }
}

/// A URL split into scheme, percent-decoded path segments (host first) and query items.
struct ParsedURL {
  var scheme: String
  var segments: [String]
  var query: [String: String]

  init?(_ text: String) {
    guard let separator = text.range(of: "://") else { return nil }
    scheme = String(text[..<separator.lowerBound]).lowercased()
    var rest = Substring(text[separator.upperBound...])
    if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
    var queryText: Substring = ""
    if let mark = rest.firstIndex(of: "?") {
      queryText = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    var segments: [String] = []
    for part in rest.split(separator: "/", omittingEmptySubsequences: true) {
      guard let decoded = String(part).removingPercentEncoding else { return nil }
      segments.append(decoded)
    }
    self.segments = segments
    var query: [String: String] = [:]
    for item in queryText.split(separator: "&", omittingEmptySubsequences: true) {
      let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = String(pair[0]).removingPercentEncoding, !name.isEmpty else { continue }
      let value = pair.count > 1 ? String(pair[1]).replacingOccurrences(of: "+", with: " ") : ""
      query[name] = value.removingPercentEncoding ?? value
    }
    self.query = query
  }
}
