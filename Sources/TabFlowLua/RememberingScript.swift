import TabFlowCore
import TabFlowLuaBinding
import TabFlowNavigation

/// A ``RuleScript`` with its answers remembered by what the calls read (see ``CallMemo``): a
/// call made again in a state that looks the same to it — the same arguments, the same values of
/// the views it read — answers as it did without running. Script calls are pure (see
/// docs/LUA-RULES.md), so this changes nothing but the time, and the budget a recalled answer is
/// charged.
///
/// In front of the script, with the same calls: ``ScriptedRules`` makes its calls through one
/// (its guards, deep links, invariants; its rules too when asked, as `flowscript check` asks)
/// or, when answers are not remembered, through the script itself. Every remembered call takes
/// one path, ``remembering(in:_:text:views:once:_:)``.
@usableFromInline
package final class RememberingScript {
  /// The script whose calls run when no answer is known.
  @usableFromInline package let script: RuleScript
  private let ruleAnswers = CallMemo<[NavigationCommand<DynamicScreen>], RuleCall>()
  private let deepLinkAnswers = CallMemo<[NavigationCommand<DynamicScreen>], String>()
  /// What all the guards of a batch answered together (the first refusal, or none), by what
  /// they read.
  private let guardAnswers = CallMemo<(index: Int, refusal: RuleScript.GuardRefusal)?, BatchSource>()
  /// What the invariants answered (a reason, or `nil` when one held), by what they read.
  private let invariantAnswers = CallMemo<String?, String>()

  /// Remembers the answers of `script`'s calls, starting with none.
  @usableFromInline
  package init(_ script: RuleScript) {
    self.script = script
  }

  /// What a rule is called with besides the views it reads: the tab, the payload when it takes
  /// one, and the screen and the action when it is a wildcard (any other rule's key names them).
  struct RuleCall: LuaIdentifiable {
    let tab: String
    let payload: FlowValue?
    let screen: String?
    let action: String?

    func isLuaIdentical(to other: RuleCall) -> Bool {
      tab.isLuaIdentical(to: other.tab) && payload.isLuaIdentical(to: other.payload)
        && screen.isLuaIdentical(to: other.screen) && action.isLuaIdentical(to: other.action)
    }

    var luaIdentityDigest: UInt64 {
      var digest = tab.luaIdentityDigest
      digest = LuaDigest.mix(digest ^ payload.luaIdentityDigest)
      digest = LuaDigest.mix(digest ^ screen.luaIdentityDigest)
      return LuaDigest.mix(digest ^ action.luaIdentityDigest)
    }
  }

  /// ``RuleScript/call(_:screen:action:tab:payload:views:)``, remembered.
  @usableFromInline
  package func call(
    _ rule: RuleScript.Rule, screen: String, action: String, tab: String, payload: FlowValue, views: ViewReader
  ) throws(ScriptError) -> [NavigationCommand<DynamicScreen>] {
    let arguments = RuleCall(
      tab: tab, payload: rule.takesPayload ? payload : nil,
      screen: rule.isWildcard ? screen : nil, action: rule.isWildcard ? action : nil)
    return try remembering(in: ruleAnswers, rule.index, text: arguments, views: views) { views throws(ScriptError) in
      try script.call(rule, screen: screen, action: action, tab: tab, payload: payload, views: views)
    }
  }

  /// ``RuleScript/callDeepLink(_:url:parameters:views:)``, remembered by the URL (the parameters
  /// come from it).
  @usableFromInline
  package func callDeepLink(
    _ index: Int, url: String, parameters: [String: String], views: ViewReader
  ) throws(ScriptError) -> [NavigationCommand<DynamicScreen>] {
    try remembering(in: deepLinkAnswers, index, text: url, views: views) { views throws(ScriptError) in
      try script.callDeepLink(index, url: url, parameters: parameters, views: views)
    }
  }

  /// The guards' answer together remembered by the source and what they read — each view
  /// once, however many guards read it — so a batch that looks the same to all of them walks
  /// one memo: `.some` of what ``RuleScript/firstRefusal(source:skipping:views:failingGuard:)``
  /// answers for `source` with no confirmed guards (the first refusal, or `nil` when none
  /// refused) when that answer is remembered for views that, read through `views`, read now as
  /// they read then, and the running budget pays for it. `nil` when it is not known or not paid
  /// for: the guards are then run, by ``firstRefusal(source:skipping:views:failingGuard:)``.
  @usableFromInline
  package func recalledRefusal(
    source: BatchSource, views: ViewReader
  ) -> (index: Int, refusal: RuleScript.GuardRefusal)?? {
    guard let known = guardAnswers.recall(0, text: source, views: views), script.vm.chargeRecalledCall(known.cost)
    else { return nil }
    return .some(known.answer)
  }

  /// ``RuleScript/firstRefusal(source:skipping:views:failingGuard:)``, run — asked when
  /// ``recalledRefusal(source:views:)`` found no answer — and, with no confirmed guards,
  /// remembered for ``recalledRefusal(source:views:)``. With confirmed guards the guards run and
  /// nothing is remembered (a confirmation is rare: the user answered a question).
  @usableFromInline
  package func firstRefusal(
    source: BatchSource, skipping confirmed: Set<String>, views: ViewReader, failingGuard: inout Int
  ) throws(ScriptError) -> (index: Int, refusal: RuleScript.GuardRefusal)? {
    guard confirmed.isEmpty else {
      return try script.firstRefusal(source: source, skipping: confirmed, views: views, failingGuard: &failingGuard)
    }
    return try running(in: guardAnswers, 0, text: source, views: views, once: true) { views throws(ScriptError) in
      try script.firstRefusal(source: source, skipping: [], views: views, failingGuard: &failingGuard)
    }
  }

  /// ``RuleScript/invariantProblem(_:views:)``, remembered (an invariant's whole input is the
  /// state it reads); a remembered `nav.stack` read is found by its key from `stackKeys`
  /// (``CallMemo/recall(_:text:views:keys:noting:)``), not by making the view: the checker asks
  /// every new state. `selectedStackOnly` is cleared unless the answer came from reading nothing
  /// but the selected tab's `nav.stack` (and the call, if it ran, did not print): such an answer
  /// is the invariant's in every state whose selected routes a script cannot tell from these.
  @usableFromInline
  package func invariantProblem(
    _ index: Int, views: ViewReader, stackKeys: (ViewRead) throws(ScriptError) -> StackViewKey?,
    selectedStackOnly: inout Bool
  ) throws(ScriptError) -> String? {
    var onlySelected = selectedStackOnly
    defer { selectedStackOnly = onlySelected }
    // Every side of an invariant's views reads the one state it is asked about (its `nav` is
    // a guard's `change.after`).
    func note(_ read: ViewRead) {
      if read.tab != nil || read.field != .stack { onlySelected = false }
    }
    if let known = invariantAnswers.recall(index, text: "", views: views, keys: stackKeys, noting: note),
      script.vm.chargeRecalledCall(known.cost)
    {
      return known.answer
    }
    let prints = script.vm.printCount
    defer { if script.vm.printCount != prints { onlySelected = false } }
    return try running(in: invariantAnswers, index, text: "", views: views, noting: note) { views throws(ScriptError) in
      try script.invariantProblem(index, views: views)
    }
  }

  /// The answer of `call`, its views read through `views`: recalled from `memo` — its reads
  /// read again through the same `views` — when a call of function `index` for `text` read the
  /// same views the same, and charged to the running budget; otherwise, or when that budget
  /// cannot pay for it (the call then runs, to fail where it fails), the call runs and its answer
  /// is remembered by the views it read (each once when `once`: several calls together) — unless
  /// it printed, the one thing a call does besides answering, which a recalled answer would not
  /// do again. A call that fails is not remembered.
  private func remembering<Answer, Text>(
    in memo: CallMemo<Answer, Text>, _ index: Int, text: Text, views: ViewReader, once: Bool = false,
    _ call: (ViewReader) throws(ScriptError) -> Answer
  ) throws(ScriptError) -> Answer {
    if let known = memo.recall(index, text: text, views: views), script.vm.chargeRecalledCall(known.cost) {
      return known.answer
    }
    return try running(in: memo, index, text: text, views: views, once: once, call)
  }

  /// The answer of `call`, run, its views read through `views`, remembered in `memo` as
  /// ``remembering(in:_:text:views:once:_:)`` remembers it; each view it read is passed to
  /// `noting`, once it answered.
  @inline(__always)
  private func running<Answer, Text>(
    in memo: CallMemo<Answer, Text>, _ index: Int, text: Text, views: ViewReader, once: Bool = false,
    noting: (ViewRead) -> Void = { _ in }, _ call: (ViewReader) throws(ScriptError) -> Answer
  ) throws(ScriptError) -> Answer {
    let vm = script.vm
    // The recording keeps the reader for the call only: made escaping here, once, and only when
    // the call runs.
    return try withoutActuallyEscaping(views) { views throws(ScriptError) in
      let recording = ViewRecording(views, once: once)
      let mark = vm.budgetMark()
      let prints = vm.printCount
      let answer = try call(recording.answer)
      for (read, _) in recording.reads { noting(read) }
      if vm.printCount == prints {
        memo.remember(
          CallMemo.Outcome(answer: answer, cost: vm.instructionsUsed(since: mark)), index, text: text,
          reads: recording.reads)
      }
      return answer
    }
  }
}
