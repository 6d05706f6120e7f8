@testable import FlowscriptKit
import Testing

/// Tests of the `flowscript` command run in this process (`Flowscript.run(arguments:stdin:environment:)`)
/// as a user would run the binary — arguments, lines on stdin — reading its exit code, stdout and
/// stderr. What only a process shows (a working directory, a terminal, signals, `--watch` while
/// the REPL waits) is tested on the binary, in FlowscriptEndToEndTests.
/// Select them with `swift test --skip-build --filter FlowscriptKitTests`.
///
/// Serialized, though each run has its own streams and could run beside others: each test
/// computes on a thread of its own, and a hundred at once on a two-core machine would starve the
/// tests that wait on a test clock with a wall-clock limit.
@Suite("Flowscript", .serialized)
enum FlowscriptTests {}
