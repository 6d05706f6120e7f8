/// Why saved navigation state could not be written or read. Loading never falls back to an
/// empty state silently: every problem is one of these, saying which.
public enum PersistenceError: Error, Hashable, Sendable, CustomStringConvertible {
  /// There is no file at the path.
  case missing(path: String)
  /// The file exists but could not be read or written.
  case io(path: String, reason: String)
  /// The data is not valid saved navigation state: not JSON, a missing field, an invalid stack …
  case corrupt(reason: String)
  /// The data is JSON but not a TabFlow navigation document.
  case unknownFormat(found: String?)
  /// The document was written by a version of TabFlow this one does not read.
  case unsupportedVersion(found: Int, supported: Int)

  /// What went wrong and where.
  public var description: String {
    switch self {
    case let .missing(path): return "no saved navigation state at \(path)"
    case let .io(path, reason): return "cannot access \(path): \(reason)"
    case let .corrupt(reason): return "saved navigation state is corrupt: \(reason)"
    case let .unknownFormat(found):
      return "not a TabFlow navigation document (format is \(found.map { "'\($0)'" } ?? "missing"), "
        + "expected '\(NavigationDocument.format)')"
    case let .unsupportedVersion(found, supported):
      return "saved navigation state has version \(found); this TabFlow reads version \(supported)"
    }
  }
}
