import ArgumentParser
import TabFlowLua

/// `--budget` and `--memory`: the limits every script a command runs is held to, checked the same
/// way everywhere (a usage error, exit 2, naming the option when out of range).
struct LimitOptions<Wording: OptionWording>: ParsableArguments {
  @Option(help: ArgumentHelp(Wording.budgetHelp))
  var budget: Int = OptionDefaults.budget

  @Option(help: ArgumentHelp(Wording.memoryHelp))
  var memory: Int = OptionDefaults.memory

  /// The VM limits: an app's defaults, with the budget and memory cap given.
  var limits: LuaVM.Limits {
    LuaVM.Limits(memoryBytes: memory << 20, instructionsPerCall: budget)
  }

  func validate() throws {
    guard OptionDefaults.budgetRange.contains(budget) else {
      throw ValidationError(
        "--budget must be between \(OptionDefaults.budgetRange.lowerBound) and \(OptionDefaults.budgetRange.upperBound) instructions, got \(budget)")
    }
    guard OptionDefaults.memoryRange.contains(memory) else {
      throw ValidationError(
        "--memory must be between \(OptionDefaults.memoryRange.lowerBound) and \(OptionDefaults.memoryRange.upperBound) MiB, got \(memory)")
    }
  }

  /// ` --budget N --memory M` for a reproduction, each only when it is not the default.
  var reproductionArguments: [String] {
    (budget != OptionDefaults.budget ? ["--budget", String(budget)] : [])
      + (memory != OptionDefaults.memory ? ["--memory", String(memory)] : [])
  }
}

extension LimitOptions {
  /// Limits given in code (a review's two sides), every property set as parsing sets it. Not an
  /// initialiser: assigned in one, the properties stay unparsed (ArgumentParser's definition
  /// state), and reading one stops flowscript.
  static func given(budget: Int, memory: Int) -> Self {
    var limits = Self()
    limits.budget = budget
    limits.memory = memory
    return limits
  }

  /// The default limits, for a script a command runs under them (``OptionDefaults``).
  static var defaults: Self { given(budget: OptionDefaults.budget, memory: OptionDefaults.memory) }
}
