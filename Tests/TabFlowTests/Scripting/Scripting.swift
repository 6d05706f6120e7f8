import Testing

/// The tests of Lua scripts running in an app (`swift test --filter Scripting`); the Lua binding's
/// own are in TabFlowLuaBindingTests.
@Suite enum Scripting {}
