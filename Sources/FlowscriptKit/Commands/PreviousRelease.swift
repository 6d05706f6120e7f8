import ArgumentParser
import TabFlow

/// `--previous OLD.flowpkg` of `pack` and `verify`: the release apps have, whose behaviour the new
/// script is compared with (``BehaviourReview``) before it is signed or installed.
struct PreviousRelease: ParsableArguments {
  @Option(help: "The release apps have (a package or script): print what changes in behaviour from it.")
  var previous: String?

  @Option(name: .customLong("previous-depth"), help: "How many lines deep --previous explores.")
  var previousDepth: Int = 6

  /// A negative `--previous-depth` is a usage error before anything is packed or verified.
  func validate() throws {
    if let problem = ExplorationBounds.problem(explore: previousDepth, maxStates: 1, option: "--previous-depth") {
      throw ValidationError(problem)
    }
  }

  /// Prints the behavioural diff from the previous release to `script` (a path), when one was
  /// given; a package among them is verified with the keys in the files `publicKeys` and with
  /// `keys`. The diff informs: it fails nothing (a release may change behaviour on purpose).
  func review(against script: String, publicKeys: [String], keys: [RulePublicKey] = []) throws {
    guard let previous else { return }
    let report = try BehaviourReview(old: previous, new: script, publicKeys: publicKeys, keys: keys)
      .report(depth: previousDepth)
    Output.line("behaviour since \(previous):")
    report.print()
  }
}
