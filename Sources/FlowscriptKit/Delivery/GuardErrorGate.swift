/// What `pack` and `verify` run before they accept a script, beyond loading it: its first moves
/// — every input `check` tries, ``depth`` lines deep from the initial state — so that a guard
/// that raises an error is refused before the script is signed or installed. An app counts such
/// a guard as a failure of the rules (its canary rolls the release back), and every change the
/// guard is asked about fails: a guard crashing on every tab tap freezes the tab bar.
enum GuardErrorGate {
  /// How many lines deep the first moves go (``OptionDefaults/guardGateDepth``).
  static let depth = OptionDefaults.guardGateDepth
  /// The most states the first moves visit (``OptionDefaults/guardGateMaxStates``).
  static let maxStates = OptionDefaults.guardGateMaxStates

  /// Why the script of `options` is refused — its first guard error, with the `flowscript send`
  /// lines that reproduce it — or `nil` when no guard raised one in the first moves.
  static func refusal(of options: ScriptOptions) throws -> String? {
    let session = try options.session()
    let explorer = StateExplorer(
      session: session, depth: depth, maxStates: maxStates, quiet: true, sendCommand: options.sendCommand)
    let report = explorer.run()
    guard let finding = report.findings.first(where: { $0.failureKind == .guardError }) else { return nil }
    let lines = finding.lines.map(\.shellWord).joined(separator: " ")
    return "a guard raises an error, which apps count as a failure of the rules: \(finding.message)"
      + " (reproduce: \(report.sendCommand) \(lines))"
  }
}
