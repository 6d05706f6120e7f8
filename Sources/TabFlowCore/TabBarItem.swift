/// What a tab declares for the tab bar beside its stack: a role, the sidebar section it is listed
/// in, an image name (an SF Symbol, e.g. `magnifyingglass`) and whether the user may hide it in
/// the sidebar's customization (false unless declared).
///
/// ```swift
/// TabDefinition("search", root: .query,
///               item: TabBarItem(role: .search, section: "Browse", image: "magnifyingglass", hideable: true))
/// ```
///
/// A declaration, not state: it comes from the app or the rule script, is not saved with the
/// navigation, and a reload replaces it.
public struct TabBarItem: Hashable, Sendable {
  /// The tab's role, or `nil` for an ordinary tab.
  public var role: TabRole?
  /// The sidebar section (`TabSection`) the tab is listed in, or `nil` for none.
  public var section: String?
  /// The tab's image name, or `nil`.
  public var image: String?
  /// Whether the user may hide the tab (`TabViewCustomization`).
  public var hideable: Bool

  /// A tab-bar item; by default an ordinary tab, in no section, without an image, not hideable.
  public init(role: TabRole? = nil, section: String? = nil, image: String? = nil, hideable: Bool = false) {
    self.role = role
    self.section = section
    self.image = image
    self.hideable = hideable
  }
}
