import TabFlowLuaBinding
import TabFlowNavigation

/// A declared screen as the decoder reads a queued push of it straight from the VM: the
/// declaration, and each declared state field by the identity of its name as the VM holds it
/// (see ``LuaStack/stringIdentity(at:)``) with the field's place in the declared defaults. A
/// payload's fields are then written over the defaults in place — no key is hashed, no key
/// string is made, and a push without state shares the defaults' storage. A class: looking one
/// up costs one retain, not a copy of the declaration.
final class DeclaredScreenTemplate: Sendable {
  /// Where a declared field's default sits in ``ScreenDeclaration/stateDefaults``.
  typealias Slot = Dictionary<String, FlowValue>.Index

  let declaration: ScreenDeclaration
  /// The declaration's name and state defaults, read without copying the declaration.
  let name: String
  let defaults: [String: FlowValue]
  /// The fields whose names the VM holds for as long as it lives (names longer than the VM's
  /// short strings have no stable identity and are not here: a payload setting one is read the
  /// general way).
  private let fields: [(identity: UInt, slot: Slot)]

  /// A template of `declaration`, with `fieldIdentities` the identities of its field names.
  init(declaration: ScreenDeclaration, fieldIdentities: [UInt: String]) {
    self.declaration = declaration
    name = declaration.name
    defaults = declaration.stateDefaults
    fields = fieldIdentities.compactMap { identity, name in
      declaration.stateDefaults.index(forKey: name).map { (identity, $0) }
    }
  }

  /// The place of the field whose name has this identity; `nil` for any other name.
  @inline(__always)
  func slot(ofFieldNamed identity: UInt) -> Slot? {
    // Screens declare a handful of fields: a scan beats hashing.
    for field in fields where field.identity == identity { return field.slot }
    return nil
  }

  /// The screen opened with the plain object of scalars at `index` of `stack` (see
  /// ``LuaStack/scalarMembers(at:)``) written over the defaults: `nil` when the value is not such
  /// a table, or sets a field not known here by its name's identity, or a value of another kind
  /// than the field's default (read it the general way, which says what is wrong).
  func screen(readingStateAt index: Int32, in stack: LuaStack) -> DynamicScreen? {
    var state = defaults
    let read = stack.forEachScalarMember(ofPlainTableAt: index) { value in
      guard let identity = stack.stringIdentity(at: -2), let slot = slot(ofFieldNamed: identity),
        ScreenDeclaration.compatible(value, with: state.values[slot])
      else { return false }
      state.values[slot] = value
      return true
    }
    return read ? DynamicScreen(name, state: state) : nil
  }
}
