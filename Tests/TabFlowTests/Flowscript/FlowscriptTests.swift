import Testing

/// End-to-end tests of the `flowscript` binary (docs/ARCHITECTURE.md §7): each test runs the built executable
/// as a user would — arguments, lines piped to stdin — and reads its exit code, stdout and stderr.
///
/// `scripts/test` passes the binary in `FLOWSCRIPT_BIN`; without it the tests use
/// `<package root>/.build/debug/flowscript` (build it first: `swift build --build-tests`).
/// Select them with `swift test --skip-build --filter Flowscript`.
///
/// Serialized: every test starts processes, and running them one at a time keeps the suite well
/// inside its per-process time limit on a busy machine.
@Suite("Flowscript", .serialized)
enum FlowscriptTests {}
