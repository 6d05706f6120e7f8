import ArgumentParser

/// How a command words the help of the shared options, where its meaning is its own (what a cut
/// at `--max-states` does: check and diff fail, graph and map draw what they found). A command
/// that declares nothing takes the default wording. The option itself — its name, default
/// (``OptionDefaults``) and checks — is the group's, the same for every command.
protocol OptionWording {
  /// The help of `--budget`.
  static var budgetHelp: String { get }
  /// The help of `--memory`.
  static var memoryHelp: String { get }
  /// The help of `--explore`.
  static var exploreHelp: String { get }
  /// The help of `--max-states`.
  static var maxStatesHelp: String { get }
  /// The help of `--jobs`.
  static var jobsHelp: String { get }
}

extension OptionWording {
  static var budgetHelp: String {
    "Instruction budget per action (its rule, guards and deep-link handler), \(OptionDefaults.shown(OptionDefaults.budgetRange))."
  }
  static var memoryHelp: String { "Memory cap of the script's VM, in MiB, \(OptionDefaults.shown(OptionDefaults.memoryRange))." }
  static var exploreHelp: String { "How many lines deep to explore." }
  static var maxStatesHelp: String { "Stop after this many distinct states." }
  static var jobsHelp: String { "How many states to explore at once (default: the processors, at most 8)." }
}

/// The default wording, for the commands that word no option their own way.
enum StandardWording: OptionWording {}
