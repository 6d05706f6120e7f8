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

  /// The names of the `:parameter` segments, in order.
  public var parameterNames: [String] {
    segments.compactMap { segment in
      if case let .parameter(name) = segment { return name }
      return nil
    }
  }

  /// The parameters when `url` matches, or `nil`.
  public func match(_ url: String) -> [String: String]? {
    ParsedURL(url).flatMap(match)
  }

  /// The parameters when the parsed URL matches, or `nil`.
  func match(_ parsed: ParsedURL) -> [String: String]? {
    guard parsed.scheme == scheme, parsed.segments.count == segments.count else { return nil }
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

  /// The URL this pattern gives for `parameters`: each `:name` segment filled in, the other
  /// parameters as query items in name order, everything percent-encoded; `nil` when a path
  /// parameter is missing or empty. Matching the URL gives `parameters` back.
  ///
  /// ```swift
  /// try DeepLinkPattern("shop://item/:id").url(with: ["id": "3", "qty": "2"])   // "shop://item/3?qty=2"
  /// ```
  public func url(with parameters: [String: String]) -> String? {
    var rest = parameters
    var path: [String] = []
    for segment in segments {
      switch segment {
      case let .literal(literal):
        path.append(Self.encoded(literal))
      case let .parameter(name):
        guard let value = rest.removeValue(forKey: name), !value.isEmpty else { return nil }
        path.append(Self.encoded(value))
      }
    }
    let query = rest.keys.sorted().map { "\(Self.encoded($0))=\(Self.encoded(rest[$0] ?? ""))" }
    return "\(scheme)://" + path.joined(separator: "/") + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
  }

  /// `text` with every byte but the unreserved characters of RFC 3986 percent-encoded.
  private static func encoded(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        result.append(Character(Unicode.Scalar(byte)))
      default:
        result += String(format: "%%%02X", byte)
      }
    }
    return result
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
