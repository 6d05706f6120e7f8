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
  if let named = screen as? any ScreenNaming { return named.screenName }
  let mirror = Mirror(reflecting: screen)
  if mirror.displayStyle == .enum {
    if let label = mirror.children.first?.label { return label }
    return String(describing: screen)
  }
  return String(describing: type(of: screen))
}
