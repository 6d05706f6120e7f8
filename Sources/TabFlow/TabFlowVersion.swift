/// The version of the TabFlow package.
public enum TabFlowVersion {
  /// The semantic version of this build of TabFlow and `flowscript`.
  public static let current = "0.1.0"
}
