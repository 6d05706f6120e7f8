// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "TabFlow",
  // iOS 16 is TCA's floor. On iOS, Lua comes from the BundledLua trait (no iOS SDK has a system
  // Lua); the Lua-free products need neither trait. See the README's Platforms.
  platforms: [.macOS(.v15), .iOS(.v16)],
  products: [
    // Everything, TabFlow's own reducer runtime included: for apps without TCA (as before the split).
    .library(name: "TabFlow", targets: ["TabFlow"]),
    // The layers one by one. A TCA app imports these, never TabFlowRuntime (whose Reducer, Effect,
    // Store… are TCA's names). The first three need no Lua and build wherever SwiftPM does.
    .library(name: "TabFlowNavigation", targets: ["TabFlowNavigation"]),
    .library(name: "TabFlowCore", targets: ["TabFlowCore"]),
    .library(name: "TabFlowPresentation", targets: ["TabFlowPresentation"]),
    // Exploring a coordinator's states from an app's unit tests (Swift or Lua rules): no Lua, no runtime.
    .library(name: "TabFlowExploration", targets: ["TabFlowExploration"]),
    .library(name: "TabFlowLua", targets: ["TabFlowLua"]),
    // Exploring Lua rules as `flowscript check` does: its inputs (flowscript lines) and findings.
    .library(name: "TabFlowScriptExploration", targets: ["TabFlowScriptExploration"]),
    .library(name: "TabFlowDelivery", targets: ["TabFlowDelivery"]),
    .library(name: "TabFlowRuntime", targets: ["TabFlowRuntime"]),
    // The SwiftUI adapter; an empty module where SwiftUI does not exist (Linux).
    .library(name: "TabFlowUI", targets: ["TabFlowUI"]),
    // The TCA glue: the coordinator as a TCA reducer for an app's `body`. An empty module unless
    // the TCA trait is on (the TCAStandIn trait compiles it against TCAStandIn/, for tests only).
    .library(name: "TabFlowTCA", targets: ["TabFlowTCA"]),
    .executable(name: "flowscript", targets: ["flowscript"]),
    .executable(name: "tabflow-example", targets: ["tabflow-example"]),
  ],
  // Where Lua 5.4 comes from. Enable exactly one in an app (`traits: ["BundledLua"]` on the
  // package line, not `.defaults` beside it); with both on, the bundled Lua is used; with
  // neither, TabFlowLua and what imports it do not build (the Lua-free products do).
  traits: [
    .default(enabledTraits: ["SystemLua"]),
    .trait(
      name: "SystemLua",
      description: "Lua 5.4 from the system through pkg-config lua5.4 (Debian liblua5.4-dev, Homebrew lua): Linux and macOS."),
    .trait(
      name: "BundledLua",
      description: "Lua 5.4 compiled from source by the LuaSwift package: for iOS apps and macOS apps without Homebrew."),
    // TabFlowTCA's dependency. Exactly one of these two, or neither (TabFlowTCA is then empty).
    .trait(
      name: "TCA",
      description: "TabFlowTCA against The Composable Architecture (pointfreeco/swift-composable-architecture from 1.25.5)."),
    .trait(
      name: "TCAStandIn",
      description: "For TabFlow's own tests only: TabFlowTCA against TCAStandIn/, a stand-in of TCA's shapes that builds on Linux."),
  ],
  dependencies: [
    // Resolved and fetched only when the BundledLua trait is on (scripts/check-bundled-lua).
    .package(url: "https://github.com/tomsci/LuaSwift", from: "1.0.0"),
    // Resolved and fetched only when the TCA trait is on (never here: TCA does not build on Linux).
    .package(url: "https://github.com/pointfreeco/swift-composable-architecture", from: "1.25.5"),
    // Only when the TCAStandIn trait is on: a local package whose module is `ComposableArchitecture`.
    .package(path: "TCAStandIn"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    // Ed25519 and SHA-256 for signed rule packages (only its `Crypto` product).
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    // Documentation only (`swift package generate-documentation`); already required by swift-clocks.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // Lua 5.4 from the system (the SystemLua trait): Debian/Ubuntu `apt-get install liblua5.4-dev`,
    // macOS `brew install lua`. Not named CLua: LuaSwift's C target is, and target names are
    // unique across a package graph.
    .systemLibrary(
      name: "CLuaSystem",
      path: "Sources/CLua",
      pkgConfig: "lua5.4",
      providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
    ),
    // BSD libedit for the REPL's line editing: Debian/Ubuntu `apt-get install libedit-dev`, macOS ships it.
    .systemLibrary(
      name: "CLineEdit",
      path: "Sources/CLineEdit",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"]), .brew(["libedit"])]
    ),
    // The sandbox's C core (allocator, budget hook, message handler, trampoline, pattern matcher,
    // pure rules) and the Lua API TabFlow's Swift uses (CLuaAPI.h): plain C over whichever Lua
    // the trait chose — the system's (never on iOS: the platform condition and the trait must
    // both hold) or LuaSwift's; Fuzz/ and scripts/fuzz exercise it alone.
    .target(
      name: "CLuaSandbox",
      dependencies: [
        .target(name: "CLuaSystem", condition: .when(platforms: [.linux, .macOS], traits: ["SystemLua"])),
        .product(name: "Lua", package: "LuaSwift", condition: .when(traits: ["BundledLua"])),
      ],
      cSettings: [
        .define("TABFLOW_SYSTEM_LUA", .when(traits: ["SystemLua"])),
        .define("TABFLOW_BUNDLED_LUA", .when(traits: ["BundledLua"])),
      ]),

    // The layers, lowest first; each depends only on those above it here (a wrong-way import does
    // not compile). None of the first four links Lua.
    // Route, RouteStack, NavigationCommand, NavigationError: pure value types.
    .target(
      name: "TabFlowNavigation",
      dependencies: [.product(name: "IssueReporting", package: "xctest-dynamic-overlay")]),
    // The tab coordinator as a pure step, its state, batches, guards, deep links, persistence.
    .target(
      name: "TabFlowCore",
      dependencies: [
        "TabFlowNavigation",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // Layers of a stack, UI write-back, stepwise updates: fed by a state and a send function.
    .target(
      name: "TabFlowPresentation",
      dependencies: ["TabFlowCore", .product(name: "IssueReporting", package: "xctest-dynamic-overlay")]),
    // Breadth-first exploration of a coordinator's states through its pure step, for an app's
    // unit tests: generic over the rules (Swift or Lua), so it needs neither Lua nor a runtime.
    .target(
      name: "TabFlowExploration",
      dependencies: ["TabFlowCore", "TabFlowNavigation", .product(name: "Logging", package: "swift-log")]),
    // TabFlow's own TCA-shaped runtime (Reducer, Effect, Store, TestStore, forEachRoute): opt-in.
    .target(
      name: "TabFlowRuntime",
      dependencies: [
        "TabFlowCore",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ]),
    // The Lua binding the rules stand on: the sandboxed VM, its limits and errors, the value
    // bridge, Lua identity. It knows no rule, tab or screen (scripts/check-layers); FlowValue,
    // the one value type it converts, is TabFlowNavigation's.
    .target(name: "TabFlowLuaBinding", dependencies: ["TabFlowNavigation", "CLuaSandbox"]),
    // Lua rule scripts: the rule DSL, ScriptedRules, the memos, the views; over the binding and
    // the sandbox's rule-specific C (the command queue, freezing).
    .target(
      name: "TabFlowLua",
      dependencies: [
        "TabFlowCore", "TabFlowLuaBinding", "CLuaSandbox", .product(name: "Logging", package: "swift-log"),
      ],
      // RuleDSL.lua, embedded at build time as `EmbeddedLua.ruleDSL`.
      plugins: ["EmbedLua"]),
    // `flowscript check`'s exploration of Lua rules over TabFlowExploration's engine: the line
    // language (its inputs are flowscript lines, its reproductions `send` lines), the context
    // samples, how a step fails, and check's analyses. No runtime, no CLI.
    .target(
      name: "TabFlowScriptExploration",
      dependencies: ["TabFlowLua", "TabFlowExploration", "TabFlowCore", "TabFlowNavigation"]),
    // Signed rule packages: verification, release order, app-binary fit, last good, canary.
    .target(
      name: "TabFlowDelivery",
      dependencies: [
        "TabFlowLua",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // The umbrella most apps import: every layer re-exported, and the glue between the runtime
    // and the layers that do not know it (a presenter on a Store, the delivery coordinator as a
    // Reducer).
    .target(
      name: "TabFlow",
      dependencies: [
        "TabFlowNavigation", "TabFlowCore", "TabFlowPresentation", "TabFlowRuntime", "TabFlowLua",
        "TabFlowDelivery",
      ]),
    // Built only on Apple platforms: every file is inside `#if canImport(SwiftUI)`.
    .target(name: "TabFlowUI", dependencies: ["TabFlowPresentation"]),
    // The coordinator as a TCA reducer. Every file is inside `#if TCA || TCAStandIn`.
    .target(
      name: "TabFlowTCA",
      dependencies: [
        "TabFlowCore",
        .product(
          name: "ComposableArchitecture", package: "swift-composable-architecture", condition: .when(traits: ["TCA"])),
        .product(name: "ComposableArchitecture", package: "TCAStandIn", condition: .when(traits: ["TCAStandIn"])),
      ]),
    // Lua files embedded in the binary as Swift string constants, written at build time (the
    // .lua files are the only copies): the plugin, and the tool it runs on the host.
    .plugin(name: "EmbedLua", capability: .buildTool(), dependencies: ["embed-lua"]),
    .executableTarget(name: "embed-lua"),
    // flowscript's language, session, explorer and output, under a thin executable.
    .target(
      name: "FlowscriptKit",
      // The layers it uses, not the umbrella: it runs no store, so needs no runtime type (Store,
      // Reducer…); Presentation draws the phone (`RouteStack.layers`) of `map` and `tree`.
      dependencies: [
        "TabFlowNavigation", "TabFlowCore", "TabFlowPresentation", "TabFlowLua", "TabFlowDelivery",
        "TabFlowExploration", "TabFlowScriptExploration", "CLineEdit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      // scripts/demo.lua (the bundled demo) and docs/tabflow-meta.lua, embedded at build time.
      plugins: ["EmbedLua"]),
    .executableTarget(name: "flowscript", dependencies: ["FlowscriptKit"]),
    // The embedding example: typed screens and reducers, navigation from a Lua script.
    .target(
      name: "ShopExample", dependencies: ["TabFlow"], path: "Examples/ShopExample", resources: [.copy("shop.lua"), .copy("shop-confirm.lua")]),
    .executableTarget(name: "tabflow-example", dependencies: ["ShopExample", "TabFlow"], path: "Examples/ShopExampleApp"),
    // An app whose rules are Swift: typed screens and actions, a login guard, deep links.
    .target(name: "SwiftRulesShop", dependencies: ["TabFlowCore", "TabFlowNavigation"], path: "Examples/SwiftRulesShop"),
    .testTarget(
      name: "ShopExampleTests",
      dependencies: [
        "ShopExample",
        "TabFlow",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    // The integration the DocC article shows, compiled (with the TCAStandIn trait) against
    // TCAStandIn/ — TCA's names in TCA's shapes, since TCA does not build on Linux — beside
    // TabFlow's TCA-facing targets only: an ambiguous name fails the build.
    .testTarget(
      name: "TCAIntegrationTests",
      dependencies: [
        "TabFlowTCA", "TabFlowNavigation", "TabFlowCore", "TabFlowLua", "TabFlowPresentation", "TabFlowDelivery",
        "TabFlowExploration",
        .product(name: "ComposableArchitecture", package: "TCAStandIn", condition: .when(traits: ["TCAStandIn"])),
      ]),
    .executableTarget(name: "tabflow-bench", dependencies: ["TabFlow"], path: "Benchmarks/TabFlowBenchmarks"),
    // The tests: a target per layer, each depending only on its layer and those below (and
    // test libraries); TabFlowTests for the umbrella, its glue, and what needs several layers
    // (a store running Lua rules). scripts/test runs them all.
    // Helpers more than one test target uses, at the level of their lowest user: no TabFlow
    // module (seeded choices, workspaces, child processes, flowscript's paths).
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    // Small Lua limits for tests (`LuaVM.Limits.test`).
    .target(name: "LuaTestSupport", dependencies: ["TabFlowLuaBinding"], path: "Tests/LuaTestSupport"),
    // DeliveryFixture: the bundled and newer scripts, keys, packages, folders.
    .target(name: "DeliveryTestSupport", dependencies: ["TabFlowDelivery", "TestSupport"], path: "Tests/DeliveryTestSupport"),
    // The navigation specifications' screens, routes, generators and oracles (TestScreen,
    // NavigationGen, NavigationModel, StepsCase, EqualityCoverage), for the layers above too.
    .target(
      name: "NavigationTestSupport",
      dependencies: ["TabFlowNavigation", .product(name: "PropertyBased", package: "swift-property-based")],
      path: "Tests/NavigationTestSupport"),
    .testTarget(
      name: "TabFlowNavigationTests",
      dependencies: [
        "TabFlowNavigation", "NavigationTestSupport",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    // The Tabs specifications' screens and coordinators (TabTestScreen, TabFixtures,
    // TabBarFixtures, TabsSnapshot), for the layers above too.
    .target(
      name: "CoreTestSupport", dependencies: ["TabFlowCore", "TabFlowNavigation"], path: "Tests/CoreTestSupport"),
    // The exploration engine's tests, and the Swift-rules example explored.
    .testTarget(
      name: "TabFlowExplorationTests",
      dependencies: ["TabFlowExploration", "TabFlowCore", "TabFlowNavigation", "SwiftRulesShop"]),
    .testTarget(
      name: "TabFlowCoreTests",
      dependencies: [
        "TabFlowCore", "TabFlowNavigation", "CoreTestSupport", "NavigationTestSupport", "TestSupport",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]),
    // The presentation specifications' namespace and helpers (a checked stack, a recorder of
    // what an updater shows), for the glue tests above too.
    .target(
      name: "PresentationTestSupport",
      dependencies: ["TabFlowPresentation", "TabFlowNavigation"],
      path: "Tests/PresentationTestSupport"),
    .testTarget(
      name: "TabFlowPresentationTests",
      dependencies: [
        "TabFlowPresentation", "TabFlowCore", "TabFlowNavigation", "PresentationTestSupport", "CoreTestSupport",
        "NavigationTestSupport",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]),
    // The coordinator specifications' test app (screens, rules, screen reducer, deep links,
    // guards, test stores) and log capture, under the namespace protocol CoordinatorSpecification
    // (each test target declares its own `TabCoordinatorTests`), for the glue tests above too.
    .target(
      name: "RuntimeTestSupport",
      dependencies: [
        "TabFlowRuntime", "TabFlowCore", "TabFlowNavigation", "CoreTestSupport",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Tests/RuntimeTestSupport"),
    .testTarget(
      name: "TabFlowRuntimeTests",
      dependencies: [
        "TabFlowRuntime", "TabFlowCore", "TabFlowNavigation", "RuntimeTestSupport", "CoreTestSupport",
        "NavigationTestSupport", "TestSupport",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .testTarget(
      name: "TabFlowLuaBindingTests",
      dependencies: [
        "TabFlowLuaBinding", "TabFlowNavigation", "CLuaSandbox", "LuaTestSupport", "TestSupport",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]),
    .testTarget(
      name: "TabFlowLuaTests",
      dependencies: [
        "TabFlowLua", "TabFlowLuaBinding", "TabFlowCore", "TabFlowNavigation", "CLuaSandbox", "LuaTestSupport", "TestSupport",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]),
    .testTarget(
      name: "TabFlowDeliveryTests",
      dependencies: [
        "TabFlowDelivery", "TabFlowLua", "TabFlowCore", "TabFlowNavigation", "DeliveryTestSupport", "TestSupport",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]),
    .testTarget(
      name: "TabFlowTests",
      dependencies: [
        "TabFlow",
        "TabFlowExploration",
        "TabFlowLuaBinding",
        "CLuaSandbox",
        "TestSupport",
        "LuaTestSupport",
        "DeliveryTestSupport",
        "NavigationTestSupport",
        "CoreTestSupport",
        "PresentationTestSupport",
        "RuntimeTestSupport",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    // flowscript's library, run in process (Flowscript.run(arguments:stdin:environment:)).
    .testTarget(
      name: "FlowscriptKitTests",
      dependencies: [
        "FlowscriptKit", "TabFlowNavigation", "TabFlowCore", "TabFlowLua", "TabFlowLuaBinding", "TabFlowDelivery",
        "TabFlowExploration", "TabFlowScriptExploration", "CLuaSandbox", "TestSupport", "DeliveryTestSupport",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]),
    // The built flowscript binary, for what only a process shows: a working directory, a
    // terminal (script(1)), signals, --watch while the REPL waits, stdin written in steps,
    // COLUMNS. scripts/test passes the binary in FLOWSCRIPT_BIN. The libraries only to set up
    // files (a package, a saved state) the binary then reads.
    .testTarget(
      name: "FlowscriptEndToEndTests",
      dependencies: [
        "FlowscriptKit", "TabFlowNavigation", "TabFlowCore", "TabFlowLua", "TabFlowDelivery", "TabFlowScriptExploration", "TestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
