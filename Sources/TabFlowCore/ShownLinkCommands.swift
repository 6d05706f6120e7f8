import TabFlowNavigation

/// The commands a link (``DeepLinks/link(_:tab:screen:parameters:)``) made last to show a screen,
/// as the tab's root and above it, so that showing the same screen again does not make them
/// again: `check --explore` opens each sample link from every state it reaches.
///
/// The commands are a pure function of the screen, the link's tab and whether the screen shows
/// as the root (``DeepLinks/show(_:in:of:)``), so they are kept by those: the screen by its bits
/// — a copy of the screen they were made for holds the same bits, and the commands made for it
/// hold a copy of it, which is what making them again would hold — and whether it is the root,
/// read anew each time. Holds the last screen only.
@usableFromInline
package final class ShownLinkCommands<Screen> {
  // Used one link at a time, where the coordinator runs: no run-time exclusivity checks.
  /// The screen shown last (none, or one), which keeps what its bits refer to alive.
  @exclusivity(unchecked) @usableFromInline var screens: [Screen] = []
  /// Its commands above the root (`[0]`) and as the root (`[1]`), once made.
  @exclusivity(unchecked) @usableFromInline var commands: [[NavigationCommand<Screen>]?] = [nil, nil]

  /// Keeps no commands yet.
  @usableFromInline
  package init() {}

  /// The commands `make` makes to show `screen` (as the root when `isRoot`): the ones it made for
  /// a screen with the same bits, or made now.
  @inlinable
  package func commands(
    showing screen: Screen, isRoot: Bool, _ make: () -> [NavigationCommand<Screen>]
  ) -> [NavigationCommand<Screen>] {
    let variant = isRoot ? 1 : 0
    let same = screens.withUnsafeBytes { kept in
      withUnsafeBytes(of: screen) { given in Self.sameBits(kept, given) }
    }
    if same, let known = commands[variant] { return known }
    if !same {
      screens = [screen]
      commands = [nil, nil]
    }
    let made = make()
    commands[variant] = made
    return made
  }

  /// Whether `kept` (a kept screen's bytes, or none) begins with the bytes of `given` (a
  /// screen's): a screen's bits are all a copy of it holds, so a copy has the same ones.
  @inlinable
  static func sameBits(_ kept: UnsafeRawBufferPointer, _ given: UnsafeRawBufferPointer) -> Bool {
    guard kept.count >= given.count, let lhs = kept.baseAddress, let rhs = given.baseAddress else { return false }
    return TabFlowCore.sameBits(lhs, rhs, size: given.count)
  }
}
