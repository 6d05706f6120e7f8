import ArgumentParser
import TabFlow

extension Flowscript {
  /// `flowscript diff OLD NEW [--explore N] [--json]`.
  struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Compare what two versions of a flow do: every input sequence whose outcome differs.",
      discussion: """
        Explores both scripts in lockstep from the same initial state, over the same inputs (both \
        scripts' tab taps, back, the top screens' declared actions with their samples, deep links \
        and the context keys both declare or were seen to read), to DEPTH lines. Reports each input \
        whose outcome differs — the stacks, selected tab, payloads or context after it, the events \
        it emitted, a rejection or error on one side only — grouped by cause (what decided the \
        first transition that differs: a tab's leave or reselect policy, a link, the back \
        behaviour, the guards that ruled, the rule) into changes, the most affected first, each \
        with its shortest reproduction, what differs (the field, another tab's stack, the guard, \
        the event) and the flowscript send lines for both sides; and both scripts' \
        invariant violations. A rule error or a guard raising an error counts by kind (its message names each script's \
        lines); a guard's error is never a rejection. \
        Packages (.flowpkg) are verified with --public-key.
        Exit 0: no difference to the depth. Exit 1: a difference, the new script breaks an \
        invariant, or the comparison stopped at --max-states ("incomplete: stopped at N states": \
        what lies beyond was not compared). Exit 2: usage or script error.
        Example: flowscript diff shop-v6.lua shop.lua --explore 6
        """)

    @Argument(help: "The released script (or package).")
    var old: String

    @Argument(help: "The changed script (or package).")
    var new: String

    @Option(name: .customLong("public-key"), help: "Verify a package given as OLD or NEW against this public key (KEY.pub); repeat for several.")
    var publicKeys: [String] = []

    @Option(help: "How many lines deep to explore.")
    var explore: Int = ExplorationBounds.defaultDepth

    @Option(help: "Stop after this many distinct pairs of states (a cut comparison fails: incomplete).")
    var maxStates: Int = ExplorationBounds.defaultMaxStates

    @Flag(help: "Print the report as JSON.")
    var json = false

    @Option(help: "How many states of each script to explore at once (default: the processors, at most 8).")
    var jobs: Int?

    @Option(help: "Instruction budget per action of both scripts, \(ScriptOptions.budgetRange.lowerBound)...\(ScriptOptions.budgetRange.upperBound).")
    var budget: Int = ScriptOptions.defaultBudget

    @Option(help: "Memory cap of each script's VM, in MiB, \(ScriptOptions.memoryRange.lowerBound)...\(ScriptOptions.memoryRange.upperBound).")
    var memory: Int = ScriptOptions.defaultMemory

    func validate() throws {
      try ScriptOptions.check(budget: budget, memory: memory)
    }

    func run() throws {
      try ExplorationBounds.check(explore: explore, maxStates: maxStates)
      let report = try BehaviourReview(old: old, new: new, publicKeys: publicKeys, budget: budget, memory: memory)
        .report(depth: explore, maxPairs: maxStates, jobs: jobs)
      if json { Output.line(report.json()) } else { report.print() }
      if !report.isClean { throw CommandFailure.failed }
    }
  }
}

/// The two scripts (or packages) a review compares, loaded as the other commands load one: what
/// `diff`, `pack --previous` and `verify --previous` run.
struct BehaviourReview {
  let old: ScriptOptions
  let new: ScriptOptions
  /// Keys a package is verified with besides the files of `--public-key` (`pack`'s signing key's
  /// public half).
  let keys: [RulePublicKey]

  /// `old` and `new` (paths), each run under `budget` and `memory` (``ScriptOptions``); each
  /// that is a package is verified with the keys in the files `publicKeys` and with `keys`, and
  /// its reproduction lines name the files.
  init(
    old: String, new: String, publicKeys: [String], keys: [RulePublicKey] = [],
    budget: Int = ScriptOptions.defaultBudget, memory: Int = ScriptOptions.defaultMemory
  ) {
    func options(_ path: String) -> ScriptOptions {
      ScriptOptions(
        script: path, budget: budget, memory: memory, publicKeys: PackageFiles.looksLikePackage(path) ? publicKeys : [])
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
  func report(depth: Int, maxPairs: Int = ExplorationBounds.defaultMaxStates, jobs: Int? = nil) throws -> DiffReport {
    var diff = BehaviourDiff(old: try session(old), new: try session(new), depth: depth, maxPairs: maxPairs)
    if let jobs { diff.jobs = ExplorationWorkers.count(requested: jobs) }
    let result = diff.run()
    return DiffReport(
      result, oldName: old.script, newName: new.script, oldSend: old.sendCommand, newSend: new.sendCommand)
  }
}
