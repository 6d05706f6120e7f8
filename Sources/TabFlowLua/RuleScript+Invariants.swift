import TabFlowLuaBinding

extension RuleScript {
  /// Why invariant number `index` (0-based) does not hold in the state `views` reads (its
  /// reason, or a plain sentence when it gave none); `nil` when it holds. Its error (a Lua error,
  /// an exhausted budget) is thrown, located at the invariant's declaration.
  @usableFromInline
  package func invariantProblem(_ index: Int, views: ViewReader) throws(ScriptError) -> String? {
    let name = declarations.invariants[index]
    let line = line(ofInvariant: index)
    return try withoutActuallyEscaping(views) { views throws(ScriptError) in
      try withViews(views, rule: "invariant '\(name)'", line: line) {
        try vm.call(callInvariantFunction, resultCount: 2) { stack in
          try stack.push(index + 1)
        } results: { stack, first -> String? in
          guard !stack.isTruthy(at: first) else { return nil }
          return stack.string(at: first + 1) ?? "it returned false or nil"
        }
      }
    }
  }
}
