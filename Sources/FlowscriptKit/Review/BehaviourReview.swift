import TabFlowDelivery

/// The two scripts (or packages) a review compares, loaded as the other commands load one: what
/// `diff`, `pack --previous` and `verify --previous` run.
struct BehaviourReview {
  let old: ScriptOptions
  let new: ScriptOptions
  /// Keys a package is verified with besides the files of `--public-key` (`pack`'s signing key's
  /// public half).
  let keys: [RulePublicKey]

  /// `old` and `new` (paths), each run under `budget` and `memory` (an app's limits by default);
  /// each that is a package is verified with the keys in the files `publicKeys` and with `keys`,
  /// and its reproduction lines name the files.
  init(
    old: String, new: String, publicKeys: [String], keys: [RulePublicKey] = [],
    budget: Int = OptionDefaults.budget, memory: Int = OptionDefaults.memory
  ) {
    let limits = LimitOptions<StandardWording>.given(budget: budget, memory: memory)
    func options(_ path: String) -> ScriptOptions {
      ScriptOptions.given(script: path, limits: limits, publicKeys: PackageFiles.looksLikePackage(path) ? publicKeys : [])
    }
    self.old = options(old)
    self.new = options(new)
    self.keys = keys
  }

  /// The session of `options`' script (``old`` or ``new``), a package verified with ``keys`` too.
  func session(_ options: ScriptOptions) throws -> FlowSession {
    try options.session(extraKeys: PackageFiles.looksLikePackage(options.script) ? keys : [])
  }

  /// Explores both `depth` lines deep and reports what differs.
  func report(depth: Int, maxPairs: Int = OptionDefaults.maxStates, jobs: Int = OptionDefaults.jobs) throws -> DiffReport {
    var diff = BehaviourDiff(old: try session(old), new: try session(new), depth: depth, maxPairs: maxPairs)
    diff.jobs = jobs
    let result = diff.run()
    return DiffReport(
      result, oldName: old.script, newName: new.script, oldSend: old.sendCommand, newSend: new.sendCommand)
  }
}
