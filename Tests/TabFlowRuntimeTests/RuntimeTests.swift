import Testing

/// The runtime layer's tests: `swift test --filter Runtime`.
@Suite enum RuntimeTests {}
