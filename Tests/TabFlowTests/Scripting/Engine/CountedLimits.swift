import TabFlow

extension LuaVM.Limits {
  /// Limits that stop a call only by counting — instructions and bytes — with no time
  /// deadline, for tests that assert which limit stopped a call.
  ///
  /// With the default 1 s deadline, a test expecting "instruction budget … exceeded" races two
  /// limits: on a loaded machine the deadline can fire first and the test fails. The budget and
  /// the memory cap are counted, so without a deadline the same call always stops the same way.
  static func counted(
    instructions: Int = 10_000_000, memoryBytes: Int = 32 << 20, hookStride: Int = 1_000
  ) -> Self {
    LuaVM.Limits(memoryBytes: memoryBytes, instructionsPerCall: instructions, hookStride: hookStride, deadline: nil)
  }
}
