import ArgumentParser

extension Flowscript {
  /// `flowscript diff OLD NEW [--explore N] [--json]`.
  struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "diff",
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

    @OptionGroup var bounds: ExplorationOptions<Diff>

    @Flag(help: "Print the report as JSON.")
    var json = false

    @OptionGroup var jobs: JobsOption<Diff>

    @OptionGroup var limits: LimitOptions<Diff>

    func run() throws {
      try bounds.check()
      let report = try BehaviourReview(old: old, new: new, publicKeys: publicKeys, budget: limits.budget, memory: limits.memory)
        .report(depth: bounds.explore, maxPairs: bounds.maxStates, jobs: jobs.workerCount())
      if json { Output.line(report.json()) } else { report.print() }
      if !report.isClean { throw CommandFailure.failed }
    }
  }
}

extension Flowscript.Diff: OptionWording {
  static var budgetHelp: String { "Instruction budget per action of both scripts, \(OptionDefaults.shown(OptionDefaults.budgetRange))." }
  static var memoryHelp: String { "Memory cap of each script's VM, in MiB, \(OptionDefaults.shown(OptionDefaults.memoryRange))." }
  static var maxStatesHelp: String { "Stop after this many distinct pairs of states (a cut comparison fails: incomplete)." }
  static var jobsHelp: String { "How many states of each script to explore at once (default: the processors, at most 8)." }
}
