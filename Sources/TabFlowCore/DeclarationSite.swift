/// Where a guard was declared: a script's chunk and line (`shop.lua:20`), or a Swift file and
/// line (`MyApp/Guards.swift:12`). Errors a guard causes without a line of their own — a redirect
/// cycle, too many redirects, an invalid redirect command — are reported there.
public struct DeclarationSite: Hashable, Sendable, CustomStringConvertible {
  /// The chunk name or Swift file ID.
  public let file: String
  /// The line, 1-based.
  public let line: Int

  /// A site in `file` at `line`.
  public init(file: String, line: Int) {
    self.file = file
    self.line = line
  }

  /// `file:line`.
  public var description: String { "\(file):\(line)" }
}
