import Testing

/// End-to-end tests of the `flowscript` binary (docs/ARCHITECTURE.md §7): what only a process
/// shows — a working directory, a terminal (`script`), signals, `--watch` while the REPL waits,
/// stdin written in steps, `COLUMNS` — each test running the built executable and reading its
/// exit code, stdout and stderr. The rest of the command is tested in process (FlowscriptKitTests).
///
/// `scripts/test` passes the binary in `FLOWSCRIPT_BIN`; without it the tests use
/// `<package root>/.build/debug/flowscript` (build it first: `swift build --build-tests`).
/// Select them with `swift test --skip-build --filter FlowscriptEndToEndTests`.
///
/// Serialized: every test starts processes, and running them one at a time keeps the suite well
/// inside its per-process time limit on a busy machine.
@Suite("Flowscript", .serialized)
enum FlowscriptTests {}
