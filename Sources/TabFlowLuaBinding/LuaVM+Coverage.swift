import CLuaSandbox

/// The memory line coverage counts into: the covered chunk's source name (as Lua stores it) and,
/// indexed by line number, the hits and the `CLUA_LINE_*` flags. The C hook writes to it while
/// coverage is on; the VM keeps it until the state is closed.
final class LineCoverageBuffers {
  let source: UnsafeMutablePointer<CChar>
  let hits: UnsafeMutablePointer<UInt32>
  let flags: UnsafeMutablePointer<UInt8>
  let count: Int

  init(source name: String, count: Int) {
    let bytes = Array(name.utf8CString)
    source = .allocate(capacity: bytes.count)
    source.initialize(from: bytes, count: bytes.count)
    self.count = count
    hits = .allocate(capacity: count)
    hits.initialize(repeating: 0, count: count)
    flags = .allocate(capacity: count)
    flags.initialize(repeating: 0, count: count)
  }

  deinit {
    source.deallocate()
    hits.deallocate()
    flags.deallocate()
  }
}

extension LuaVM {
  /// Starts counting which lines of the chunk loaded as `chunk` (the name given to
  /// ``load(_:name:globals:)``) run, for lines 1...`lineCount`; restarts from zero if it was on.
  /// A line hook that charges nothing: answers are unchanged and line events cost no budget, only
  /// time while it is on (turning it on restarts the count hook's period, so a budget error may
  /// come up to one period earlier or later). Lines that ran before are not seen (a script's top level runs when it
  /// loads). Does nothing during a call.
  package func startLineCoverage(chunk: String, lineCount: Int) {
    guard context.pointee.callDepth == 0 else { return }
    let source = chunk.hasPrefix("=") || chunk.hasPrefix("@") ? chunk : "=" + chunk
    let buffers = LineCoverageBuffers(source: source, count: max(1, lineCount) + 1)
    clua_line_coverage(state, context, buffers.source, buffers.hits, buffers.flags, Int32(clamping: buffers.count))
    lineCoverageBuffers = buffers  // after the hook moved to the new buffers
  }

  /// Stops counting lines (what was counted stays readable through ``lineCoverage()``).
  package func stopLineCoverage() {
    guard context.pointee.callDepth == 0, lineCoverageBuffers != nil else { return }
    clua_line_coverage(state, context, nil, nil, nil, 0)
  }

  /// What line coverage counted: how many times each line that ran was entered, and the executable
  /// lines (those holding code) of every function that ran — lines of `executable` missing from
  /// `hits` never ran. Empty when coverage was never started.
  package func lineCoverage() -> (hits: [Int: Int], executable: Set<Int>) {
    guard let buffers = lineCoverageBuffers else { return ([:], []) }
    var hits: [Int: Int] = [:]
    var executable: Set<Int> = []
    for line in 1..<buffers.count {
      if buffers.hits[line] > 0 { hits[line] = Int(buffers.hits[line]) }
      if buffers.flags[line] & UInt8(CLUA_LINE_EXECUTABLE) != 0 || buffers.hits[line] > 0 { executable.insert(line) }
    }
    return (hits, executable)
  }

  /// The lines holding code of every function `text` defines (compiled, never run), its top level
  /// left out: what line coverage counts as lines that can run, so a function that never ran
  /// counts its lines as missed. `nil` when the text does not compile or its binary form cannot be
  /// read; a script the VM loaded compiles. Does nothing during a call.
  package func functionLines(ofChunk text: String) -> Set<Int>? {
    guard context.pointee.callDepth == 0 else { return nil }
    var size = 0
    var text = text
    let dump = text.withUTF8 { utf8 in
      utf8.withMemoryRebound(to: CChar.self) { clua_compiled_dump(state, $0.baseAddress, $0.count, &size) }
    }
    guard let dump else { return nil }
    defer { clua_free_dump(dump) }
    return try? LuaChunkLines(dump: Array(UnsafeBufferPointer(start: dump, count: size))).functionLines
  }
}
