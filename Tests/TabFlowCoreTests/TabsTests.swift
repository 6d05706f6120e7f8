import Testing

/// The specification of the Tabs layer (docs/ARCHITECTURE.md §4–§5). Every suite in this folder nests here,
/// so `swift test --filter Tabs` runs exactly them.
@Suite("Tabs")
enum TabsTests {}
