import TabFlowLuaBinding

extension ScriptedRules {
  /// Where the running action stands for an answer remembered outside the script (an explorer's
  /// refused retries of a pending link): its shared budget's instructions left (see
  /// `LuaVM.budgetMark()`), and how many `print`s and guard errors there were so far. Calls made
  /// between two marks used the difference in instructions; a change in `events` means they
  /// printed or a guard raised an error, which a recalled answer would not repeat.
  package var callMark: (instructions: Int, events: Int) {
    let vm = script.vm
    return (Int(clamping: vm.budgetMark()), vm.printCount + guardErrorCount)
  }

  /// Charges the instructions of calls not made because their answer is known: `false` when the
  /// running budget cannot pay for them, and the calls must run to fail where they fail.
  package func chargeRecalledCalls(_ instructions: Int) -> Bool {
    script.vm.chargeRecalledCall(instructions)
  }
}
