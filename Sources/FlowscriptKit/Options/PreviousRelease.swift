import ArgumentParser
import TabFlowDelivery

/// `--previous OLD.flowpkg` of `pack` and `verify`: the release apps have, whose behaviour the new
/// script is compared with (``BehaviourReview``) before it is signed or installed.
struct PreviousRelease: ParsableArguments {
  @Option(help: "The release apps have (a package or script): print what changes in behaviour from it.")
  var previous: String?

  @Option(name: .customLong("previous-depth"), help: "How many lines deep --previous explores.")
  var previousDepth: Int = OptionDefaults.depth

  /// A negative `--previous-depth` is a usage error before anything is packed or verified.
  func validate() throws {
    if let problem = ExplorationBounds.problem(explore: previousDepth, maxStates: 1, option: "--previous-depth") {
      throw ValidationError(problem)
    }
  }

  /// Refuses a package (`name`, `release`, `runtime`) that cannot follow the previous release
  /// apps have, when `--previous` names a package: its release must be above the previous one's,
  /// for the same name and runtime — apps would refuse it, or take two different packages as one
  /// release. The previous package is verified with the keys in the files `publicKeys` and with
  /// `keys`; one that does not verify is a usage error. A script given as `--previous` has no
  /// release to compare.
  func checkSuccession(
    name: String, release: Int, runtime: String, publicKeys: [String], keys: [RulePublicKey] = [], refusing what: String
  ) throws {
    guard let previous, PackageFiles.looksLikePackage(previous) else { return }
    let old = try PackageFiles.verifiedPackage(previous, keys: try PackageFiles.publicKeys(publicKeys) + keys)
    var problems: [String] = []
    if release <= old.release {
      problems.append("release \(release) is not above release \(old.release) of --previous \(previous) (apps take only a newer release)")
    }
    if name != old.name { problems.append("the name '\(name)' is not '\(old.name)', the name of --previous \(previous)") }
    if runtime != old.runtime {
      problems.append("the runtime '\(runtime)' is not '\(old.runtime)', the runtime of --previous \(previous)")
    }
    guard problems.isEmpty else { throw CommandFailure(code: 1, message: "\(what): " + problems.joined(separator: "; ")) }
  }

  /// The behavioural diff from the previous release to `script` (a path), when one was given;
  /// a package among them is verified with the keys in the files `publicKeys` and with `keys`.
  /// Both are loaded and explored here, so a bad `--previous` fails before anything is printed.
  func review(against script: String, publicKeys: [String], keys: [RulePublicKey] = []) throws -> DiffReport? {
    guard let previous else { return nil }
    return try BehaviourReview(old: previous, new: script, publicKeys: publicKeys, keys: keys).report(depth: previousDepth)
  }

  /// Prints a report ``review(against:publicKeys:keys:)`` made. The diff informs: it fails
  /// nothing (a release may change behaviour on purpose).
  func print(_ report: DiffReport?) {
    guard let previous, let report else { return }
    Output.line("behaviour since \(previous):")
    report.print()
  }
}
