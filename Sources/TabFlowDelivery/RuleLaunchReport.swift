/// What ``RuleDelivery`` chose at launch, and why: the newest package in the folder that
/// verified, or the bundled script with every package it passed over and the check each failed.
public struct RuleLaunchReport: Hashable, Sendable, CustomStringConvertible {
  /// A package file that was not used, and why.
  public struct Skipped: Hashable, Sendable {
    /// The file's path.
    public let path: String
    /// The check it failed (a tampered file fails `signature` or `sha256`).
    public let error: RulePackageError
  }

  /// The release running: the bundled script's release when no package is taken.
  public let release: Int
  /// The package file it came from; `nil` for the bundled script.
  public let path: String?
  /// The packages passed over: those that failed a check of their own (shape, signature,
  /// runtime, rejected or older release) in file order, then those whose script did not fit,
  /// newest first.
  public let skipped: [Skipped]
  /// Why a copy of the floor in the package folder could not be read, if one could not: every
  /// release it might list was refused (fail closed) until a newer one is installed.
  public let floorProblem: String?
  /// Whether the host's kill switch was on, so the bundled rules run whatever the folder holds.
  public let killSwitch: Bool

  /// A report: what runs, from which file, what was passed over and why.
  init(release: Int, path: String?, skipped: [Skipped], floorProblem: String? = nil, killSwitch: Bool = false) {
    self.release = release
    self.path = path
    self.skipped = skipped
    self.floorProblem = floorProblem
    self.killSwitch = killSwitch
  }

  /// Whether the bundled script runs.
  public var usesBundledScript: Bool { path == nil }

  /// `release 7 (…/shop-7.flowpkg)` or `bundled rules`, then each skipped file and why.
  public var description: String {
    var text = path.map { "release \(release) (\($0))" } ?? (release == 0 ? "bundled rules" : "bundled rules (release \(release))")
    if killSwitch { text += "; the kill switch is on: no package runs until the host lifts it" }
    if let floorProblem { text += "; the floor could not be read (\(floorProblem)): older releases refused" }
    for skipped in skipped {
      text += "; skipped \(skipped.path): \(skipped.error)"
    }
    return text
  }
}
