extension LuaVM {
  /// The resource limits of one VM. The defaults suit a bundle of rule scripts; tests use much smaller ones.
  public struct Limits: Sendable, Hashable {
    /// The most bytes the state may hold while Lua code runs; `0` means no limit. The limit is
    /// suspended while a Swift function called from Lua runs (results that put the state over the
    /// limit make Lua fail with a memory error right after the function returns).
    public var memoryBytes: Int
    /// The longest string Lua code may create; `0` means no limit (strings passed in from Swift
    /// are not limited). Some single instructions cost time in proportion to the length of their
    /// string operands (`==` and `<` on long strings, string-to-number coercion in bitwise
    /// operators) without the budget seeing it; this limit bounds that cost, and with it how far a
    /// call can run past its ``deadline``.
    public var maxStringBytes: Int
    /// The instruction budget of one host call: loading a script, or every call inside one shared
    /// budget (one action of the rules: its rule, every guard and a deep link's handler share
    /// it). Library functions that work in
    /// C are charged too: every pattern-matching step,
    /// one instruction per 64 bytes allocated, and the size of the input of functions such as
    /// `table.sort` or `utf8.len`.
    public var instructionsPerCall: Int
    /// How many instructions run between two checks of the budget and the deadline. Smaller is more
    /// precise and slower.
    public var hookStride: Int
    /// An optional limit per host call on the calling thread's CPU time, checked with the budget
    /// (every ``hookStride`` instructions and every 1,024 pattern-matching steps; the clock starts
    /// at the first check, so a call that ends sooner never reads it). CPU time, not wall time: a
    /// loaded machine that keeps the thread waiting never makes a quick call time out. The budget
    /// bounds the work of a call; the deadline is the safety net for work the budget cannot see
    /// (see ``maxStringBytes``).
    public var deadline: Duration?
    /// How deep a value read from Lua into a ``/TabFlowNavigation/FlowValue`` (or pushed from one) may nest.
    public var maxValueDepth: Int
    /// How many values (scalars and tables) one value read from Lua may contain in total.
    public var maxValueCount: Int
    /// The seed of `math.random` in the engine's VMs. Rule scripts have no `math.random` at all
    /// (randomness belongs to the host); the seed keeps other uses of the engine reproducible.
    public var randomSeed: Int

    /// Limits with the given values; the defaults are 32 MiB, strings up to 1 MiB, 10,000,000
    /// instructions per call (tens of milliseconds), a check every 1,000 instructions, a 1 second
    /// deadline, values nested up to 64 levels and up to 100,000 elements.
    public init(
      memoryBytes: Int = 32 << 20,
      maxStringBytes: Int = 1 << 20,
      instructionsPerCall: Int = 10_000_000,
      hookStride: Int = 1_000,
      deadline: Duration? = .seconds(1),
      maxValueDepth: Int = 64,
      maxValueCount: Int = 100_000,
      randomSeed: Int = 0x7AB_F10
    ) {
      self.memoryBytes = memoryBytes
      self.maxStringBytes = maxStringBytes
      self.instructionsPerCall = instructionsPerCall
      self.hookStride = hookStride
      self.deadline = deadline
      self.maxValueDepth = maxValueDepth
      self.maxValueCount = maxValueCount
      self.randomSeed = randomSeed
    }

    /// The deadline in nanoseconds (at least 1), or 0 for none.
    var deadlineNanoseconds: Int64 {
      guard let deadline else { return 0 }
      let (seconds, attoseconds) = deadline.components
      let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
      if overflow || seconds < 0 { return seconds < 0 ? 1 : Int64.max }
      let (total, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
      return overflow2 ? Int64.max : max(1, total)
    }
  }
}
