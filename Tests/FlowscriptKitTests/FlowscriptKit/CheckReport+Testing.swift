@testable import FlowscriptKit

extension CheckReport {
  /// The screens the report says no explored state shows: `unreached` (a problem, the
  /// exploration complete) or `not reached within depth N (note)`, as named in their messages.
  var unreachedScreens: [String] {
    findings.filter { $0.kind.name == "unreached" || $0.kind.name.hasPrefix("not reached") }.compactMap { finding in
      finding.message.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false).dropFirst().first.map(String.init)
    }
  }

  /// How many unreached screens are problems (the exploration was complete).
  var unreachedProblems: Int { findings.filter { $0.kind.name == "unreached" }.count }
}
