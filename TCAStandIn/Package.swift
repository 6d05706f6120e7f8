// swift-tools-version:6.1
// A stand-in for The Composable Architecture, for TabFlow's tests only: a library product and a
// module named `ComposableArchitecture` that declare the part of TCA 1.25.5's public API TabFlow's
// TCA glue and its article use, in TCA's shapes (TCA itself does not build on Linux). TabFlow's
// manifest depends on it only under its test-only `TCAStandIn` trait, so that `import
// ComposableArchitecture` in Sources/TabFlowTCA compiles here; an app uses the `TCA` trait, which
// brings the real package instead. Never an app's dependency.
import PackageDescription

let package = Package(
  name: "TCAStandIn",
  platforms: [.macOS(.v15), .iOS(.v16)],
  products: [.library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"])],
  targets: [.target(name: "ComposableArchitecture")],
  swiftLanguageModes: [.v6]
)
