/// An error from the Lua sandbox.
///
/// Messages that come from Lua start with `chunkname:line:` whenever Lua knows the position
/// (a chunk loaded as `"rules.lua"` reports `rules.lua:12: ...`).
@usableFromInline
package enum LuaError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The source does not compile, e.g. `rules.lua:3: unexpected symbol near '='`.
  case syntax(String)
  /// A Lua error at run time: its message and the stack traceback (`stack traceback:` and one
  /// line per frame; empty when Lua produced none).
  case runtime(message: String, traceback: String)
  /// The call ran out of its instruction budget or past its deadline. No `pcall` in the script can
  /// catch this: once exhausted, the budget stays exhausted until the host's next call.
  case budgetExceeded(String)
  /// The call needed more memory than the VM's limit allows.
  case memory(String)
  /// The error handler itself failed (Lua's `LUA_ERRERR`).
  case errorInErrorHandling(String)
  /// A value cannot cross the bridge between Lua and ``/TabFlowNavigation/FlowValue``: a function, userdata or thread,
  /// a table with mixed or unsupported keys, a cycle, or a value nested too deep or too large. The
  /// message names the path of the offending value, e.g. `result 1.actions[2]`.
  case invalidValue(String)
  /// The API was used in a way the VM does not support: a re-entrant call from a Swift callback, a
  /// reference made by another VM, a missing global.
  case misuse(String)

  /// The message, without the traceback.
  package var message: String {
    switch self {
    case let .syntax(message), let .runtime(message, _), let .budgetExceeded(message), let .memory(message),
      let .errorInErrorHandling(message), let .invalidValue(message), let .misuse(message):
      return message
    }
  }

  /// A short name of the kind of error: `syntax error`, `runtime error`, `budget exceeded`,
  /// `out of memory`, `error in error handling`, `invalid value`, `misuse`.
  package var kindName: String {
    switch self {
    case .syntax: return "syntax error"
    case .runtime: return "runtime error"
    case .budgetExceeded: return "budget exceeded"
    case .memory: return "out of memory"
    case .errorInErrorHandling: return "error in error handling"
    case .invalidValue: return "invalid value"
    case .misuse: return "misuse"
    }
  }

  /// The kind, the message and, for runtime errors, the traceback.
  @usableFromInline package var description: String {
    if case let .runtime(message, traceback) = self, !traceback.isEmpty {
      return "\(kindName): \(message)\n\(traceback)"
    }
    return "\(kindName): \(message)"
  }
}
