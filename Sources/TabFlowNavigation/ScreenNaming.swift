/// A screen that tells messages and tools what to call it.
///
/// Without it, TabFlow names an enum screen after its case (`.item(…)` → `item`), and any other
/// screen after its type.
public protocol ScreenNaming {
  /// The name used for this screen in errors, logs and tools, e.g. `item`.
  var screenName: String { get }
}

/// The name of a screen as errors and logs show it. Inlinable, so that code specialized for a
/// screen type that is ``ScreenNaming`` reads the name directly: the run-time cast to the
/// protocol looks up the conformance, which costs thousands of instructions per call.
@inlinable
package func screenName<Screen>(of screen: Screen) -> String {
  // Asked of the type, and read where the screen is: the screen cast to the protocol was copied
  // into an existential (its references retained, then released) on every call.
  if let naming = Screen.self as? any ScreenNaming.Type {
    return withUnsafePointer(to: screen) { naming.screenName(at: UnsafeRawPointer($0)) }
  }
  // A screen whose type says nothing statically (an existential, a class whose subclass names).
  if let named = screen as? any ScreenNaming { return named.screenName }
  let mirror = Mirror(reflecting: screen)
  if mirror.displayStyle == .enum {
    if let label = mirror.children.first?.label { return label }
    return String(describing: screen)
  }
  return String(describing: type(of: screen))
}

extension ScreenNaming {
  /// The ``screenName`` of the screen of this type at `screen`, read in place.
  @inlinable
  static func screenName(at screen: UnsafeRawPointer) -> String {
    screen.assumingMemoryBound(to: Self.self).pointee.screenName
  }
}
