import TabFlowLuaBinding

extension LuaVM.Limits {
  /// Small limits for tests: fast in debug builds.
  package static let test = LuaVM.Limits(memoryBytes: 4 << 20, instructionsPerCall: 200_000, hookStride: 100, deadline: nil)
}
