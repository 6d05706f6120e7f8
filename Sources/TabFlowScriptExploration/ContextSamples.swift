import TabFlowLua
import TabFlowNavigation


/// The context keys the explorers (`check`, `diff`, `graph`, `map`) set, and to what: each key the
/// script declares (`context "tier" { "gold", "silver" }`) with its declared values, and each key
/// rules were seen to read (``ScriptedRules/watchReads()``) that no one declared, as a flag.
///
/// A flag (a key declared alone, with `{ true, false }`, or only read) is set when it is not
/// `true` and cleared when it is: an absent flag and a cleared one are one context to the lines
/// that set it, so exploring never doubles its states for the difference. Any other key is set to
/// each of its values but the one it has.
package struct ContextSamples: Equatable {
  /// One key and the lines that set it.
  package struct Key: Equatable {
    package let name: String
    /// Its values, in declaration order (`true`, `false` for a flag).
    package let values: [FlowValue]
    /// Whether the script declares it (else rules were only seen to read it).
    package let declared: Bool
    /// Whether it is a flag: its values are `true` and `false` (known once: the explorer asks
    /// in every state).
    package let isFlag: Bool

    package init(name: String, values: [FlowValue], declared: Bool) {
      self.name = name
      self.values = values
      self.declared = declared
      isFlag = values.count == 2 && Set(values) == [.bool(true), .bool(false)]
    }

    /// The value `context` has for the key, as the lines tell values apart: a flag's absence is
    /// `false`.
    package func current(in context: [String: FlowValue]) -> FlowValue? {
      let value = context[name]
      return isFlag && value != .bool(true) ? .bool(false) : value
    }
  }

  /// The keys, declared ones first (in declaration order), then the ones only read (sorted).
  package let keys: [Key]

  /// These keys.
  package init(keys: [Key]) {
    self.keys = keys
  }

  /// The declared keys of `declarations`, and the keys of `read` none declares, as flags.
  package init(declarations: ScriptDeclarations, read: Set<String>) {
    self.init(declarations: [declarations], read: read)
  }

  /// The keys each of `declarations` declares (merged: `diff` sends both scripts the same lines),
  /// and the keys of `read` none of them declares, as flags.
  package init(declarations: [ScriptDeclarations], read: Set<String>) {
    var declared = ContextSamples(keys: [])
    for each in declarations {
      declared = ContextSamples(
        merging: declared, ContextSamples(keys: each.contextKeys.map { Key(name: $0.key, values: $0.values, declared: true) }))
    }
    let names = Set(declared.names)
    // A key an `on_context` rule watches changes navigation when set, read or not.
    let read = read.union(declarations.flatMap(\.contextRules))
    keys = declared.keys + read.subtracting(names).sorted().map { Key(name: $0, values: [.bool(true), .bool(false)], declared: false) }
  }

  /// The samples of both scripts: each key once, its values the first script's followed by the
  /// second's it lacks (`diff` sends both scripts the same lines).
  package init(merging first: ContextSamples, _ second: ContextSamples) {
    var merged = first.keys
    for key in second.keys {
      if let index = merged.firstIndex(where: { $0.name == key.name }) {
        let known = merged[index]
        merged[index] = Key(
          name: known.name, values: known.values + key.values.filter { !known.values.contains($0) },
          declared: known.declared || key.declared)
      } else {
        merged.append(key)
      }
    }
    keys = merged
  }

  /// The key names.
  package var names: [String] { keys.map(\.name) }
  /// The keys rules read that the script does not declare.
  package var undeclared: [String] { keys.filter { !$0.declared }.map(\.name) }

  /// The values each key can be set to from `context`, as `(key index, value)`: a flag's other
  /// value, every other value of any other key.
  package func changes(from context: [String: FlowValue]) -> [(key: Int, value: FlowValue)] {
    var changes: [(key: Int, value: FlowValue)] = []
    for (index, key) in keys.enumerated() {
      let current = key.current(in: context)
      if key.isFlag {
        changes.append((index, current == .bool(true) ? .bool(false) : .bool(true)))
      } else {
        for value in key.values where value != current { changes.append((index, value)) }
      }
    }
    return changes
  }

  /// The line setting key number `key` to `value`.
  package func line(key: Int, value: FlowValue) -> String {
    "set \(FlowName.written(keys[key].name)) \(value)"
  }

  /// The context as the lines tell contexts apart: each key's ``Key/current(in:)`` value.
  package func signature(of context: [String: FlowValue]) -> [FlowValue?] {
    keys.map { $0.current(in: context) }
  }

  /// Runs `explore` with `samples`, and again, with the keys it saw rules read that `samples`
  /// lacks added (as flags, unless one of `declarations` declares them), while it sees new ones — a key read only
  /// behind another key's value is found on the next round — at most `rounds` times. `explore`
  /// returns its result and the keys it saw read.
  package static func exploring<Result>(
    from samples: ContextSamples, declarations: [ScriptDeclarations], rounds: Int = 4,
    _ explore: (ContextSamples) -> (result: Result, read: Set<String>)
  ) -> Result {
    var samples = samples
    var round = 1
    while true {
      let (result, read) = explore(samples)
      let next = ContextSamples(merging: samples, ContextSamples(declarations: declarations, read: read))
      if next == samples || round >= rounds { return result }
      samples = next
      round += 1
    }
  }
}
