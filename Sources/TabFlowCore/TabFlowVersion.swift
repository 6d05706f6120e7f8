/// The version of the TabFlow package.
package enum TabFlowVersion {
  /// The semantic version of this build of TabFlow and `flowscript`.
  package static let current = "0.1.0"
}
