import Foundation
import TabFlowCore
import TabFlowExploration
import TabFlowLua

/// What kind of failure a line ran into.
public enum FailureKind: Hashable, Sendable, CaseIterable {
  /// The line itself was wrong: an unknown name, no such screen in the stack, back at the root.
  case input
  /// A rule, deep link or guard raised an error (including budget or memory exhaustion).
  case ruleError
  /// A rule or deep link produced a command that is invalid for the stack.
  case invalidCommand
  /// A guard rejected the change and blocks it: the user cannot confirm it.
  case guardRejection
  /// A guard rejected the change and asks (`{ ask = true }`): the user may confirm it.
  case guardQuestion
  /// A guard blocks a change with a reason that reads as a question (it ends in `?`) but does not
  /// ask, so no user can confirm it (a note of `check`).
  case blockReadsAsQuestion
  /// A Lua guard raised an error (including budget or memory exhaustion): a failure of the
  /// rules, as an app counts it, never a rejection.
  case guardError
  /// Guards redirected in a cycle or too many times in a row.
  case redirectLoop
  /// An input the explorer could not write as a line (reported by `check`, never by a line).
  case unexplorable
  /// A deep link a guard deferred that no reachable context change lets open (reported by `check`).
  case linkNeverOpens
  /// A screen whose link, opened, does not show it again (reported by `check`).
  case linkRoundTrip
  /// A link whose path parameter is a list or table field, which no URL can carry (reported by
  /// `check` before it explores).
  case linkParameter
  /// A rule that reads a payload field its action's declared sample does not have: no line can
  /// send it (reported by `check`).
  case payloadField
  /// A state from which no back or tab tap leads to a tab's root (reported by `check`).
  case trap
  /// A declared action no rule handles (reported by `check` before it explores).
  case unhandledAction
  /// A state in which one of the script's invariants does not hold (reported by `check`).
  case invariant

  /// Whether `check` reports this kind as a note rather than a problem: a guard's verdict is the
  /// rules working as written.
  public var isNote: Bool {
    switch self {
    case .guardRejection, .guardQuestion, .blockReadsAsQuestion: return true
    default: return false
    }
  }

  /// The kind of a batch the coordinator discarded: a rule's error, an invalid command a rule or
  /// deep link made, a guard's rejection (a question when it asks), a redirect loop; any other
  /// failure is the input's own (``input``).
  public init(_ failure: BatchFailure) {
    switch (failure.reason, failure.source) {
    case (.ruleFailed, _): self = .ruleError
    case (.rejected, _): self = failure.asks ? .guardQuestion : .guardRejection
    case (.redirectLoop, _): self = .redirectLoop
    case (.invalidCommand, .rule), (.invalidCommand, .deepLink), (.invalidCommand, .screenAction): self = .invalidCommand
    default: self = .input
    }
  }

  /// What `flowscript check` prints before a finding of this kind (`rule error`, `trap`,
  /// `guard rejection (note)`…).
  public var label: String {
    switch self {
    case .ruleError: "rule error"
    case .invalidCommand: "invalid command"
    case .guardRejection: "guard rejection (note)"
    case .guardQuestion: "guard question (note)"
    case .blockReadsAsQuestion: "guard blocks with a question (note)"
    case .guardError: "guard error"
    case .redirectLoop: "redirect loop"
    case .input: "error"
    case .unexplorable: "not explored"
    case .linkNeverOpens: "deferred link never opens"
    case .linkRoundTrip: "link does not round-trip"
    case .linkParameter: "link cannot be written"
    case .payloadField: "payload field not in the sample"
    case .trap: "trap"
    case .unhandledAction: "unhandled action"
    case .invariant: "invariant violated"
    }
  }

  /// The kind of an exploration's findings of this kind: named by ``label``, a note when
  /// ``isNote``.
  public var findingKind: ExplorationFindingKind { ExplorationFindingKind(label, isNote: isNote) }
}
