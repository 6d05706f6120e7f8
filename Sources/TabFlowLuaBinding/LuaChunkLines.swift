/// The lines holding code of every function a Lua 5.4 chunk defines, read from the chunk's binary
/// form (what `lua_dump` writes, unstripped): the lines `debug.getinfo(f, "L").activelines`
/// would list for each of them, whether or not the function was ever created or called.
///
/// Line coverage needs them: a line hook sees only functions that run, so a rule that never ran
/// would otherwise count no line at all. The public C API cannot walk a chunk's nested
/// prototypes, but the binary chunk holds every one with its line information.
///
/// The format is Lua 5.4's (`ldump.c`): a header, then the main function, each function holding
/// its code, constants, upvalues, nested functions and debug information, sizes written as
/// 7-bit groups, most significant first, the last one marked by its high bit.
struct LuaChunkLines {
  /// The lines of the functions the chunk defines, its main function (the top level) left out.
  private(set) var functionLines: Set<Int> = []

  /// Why a binary chunk could not be read.
  struct Malformed: Error {
    let reason: String
  }

  private let bytes: [UInt8]
  private var offset = 0

  /// Reads `bytes`, a binary chunk `lua_dump` wrote; throws when it is not one this reader knows.
  init(dump bytes: [UInt8]) throws(Malformed) {
    self.bytes = bytes
    try readHeader()
    _ = try byte()  // the main closure's upvalue count
    try readFunction(isMain: true, depth: 0)
  }

  private static let signature: [UInt8] = [0x1B, 0x4C, 0x75, 0x61]  // "\x1bLua"
  private static let data: [UInt8] = [0x19, 0x93, 0x0D, 0x0A, 0x1A, 0x0A]
  /// `lineinfo`'s mark for an instruction whose line is in `abslineinfo`.
  private static let absoluteLineMark: Int8 = -0x80
  /// Nested functions deeper than this are refused: the reader recurses once per level.
  private static let maximumDepth = 200

  private mutating func readHeader() throws(Malformed) {
    guard Array(try take(4)) == Self.signature else { throw Malformed(reason: "not a Lua binary chunk") }
    guard try byte() == 0x54, try byte() == 0 else { throw Malformed(reason: "not a Lua 5.4 chunk") }
    guard Array(try take(6)) == Self.data else { throw Malformed(reason: "a damaged chunk header") }
    // Instruction, integer and number sizes, then a sample integer and number (8 bytes each).
    guard try byte() == 4, try byte() == 8, try byte() == 8 else {
      throw Malformed(reason: "sizes this reader does not know")
    }
    _ = try take(16)
  }

  private mutating func readFunction(isMain: Bool, depth: Int) throws(Malformed) {
    guard depth <= Self.maximumDepth else { throw Malformed(reason: "functions nested too deeply") }
    try skipString()  // source
    let lineDefined = try size()
    _ = try size()  // last line defined
    _ = try byte()  // parameters
    let isVararg = try byte() != 0
    _ = try byte()  // stack size
    _ = try take(try size(), times: 4)  // code
    for _ in 0..<(try size()) {  // constants
      switch try byte() {
      case 0x03, 0x13: _ = try take(8)  // integer, float
      case 0x04, 0x14: try skipString()  // short, long string
      case 0x00, 0x01, 0x11: break  // nil, false, true
      case let tag: throw Malformed(reason: "an unknown constant type \(tag)")
      }
    }
    _ = try take(try size(), times: 3)  // upvalues: in stack, index, kind
    for _ in 0..<(try size()) { try readFunction(isMain: false, depth: depth + 1) }
    // Debug information: relative line per instruction, absolute lines, locals, upvalue names.
    let lineInfo = try take(try size()).map { Int8(bitPattern: $0) }
    var absoluteLines: [Int: Int] = [:]
    for _ in 0..<(try size()) {
      let pc = try size()
      absoluteLines[pc] = try size()
    }
    for _ in 0..<(try size()) {
      try skipString()
      _ = try size()
      _ = try size()
    }
    for _ in 0..<(try size()) { try skipString() }
    guard !isMain else { return }
    // As `activelines` computes them: from the line defined, each instruction's line, the
    // vararg preparation a vararg function starts with left out.
    var line = lineDefined
    for (pc, delta) in lineInfo.enumerated() {
      if delta == Self.absoluteLineMark {
        guard let absolute = absoluteLines[pc] else { throw Malformed(reason: "a line mark without its line") }
        line = absolute
      } else {
        line += Int(delta)
      }
      if pc == 0, isVararg { continue }
      if line > 0 { functionLines.insert(line) }
    }
  }

  private mutating func byte() throws(Malformed) -> UInt8 {
    guard offset < bytes.count else { throw Malformed(reason: "the chunk ends too soon") }
    defer { offset += 1 }
    return bytes[offset]
  }

  private mutating func take(_ count: Int) throws(Malformed) -> ArraySlice<UInt8> {
    guard count >= 0, count <= bytes.count - offset else { throw Malformed(reason: "the chunk ends too soon") }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }

  /// `count` items of `width` bytes each.
  private mutating func take(_ count: Int, times width: Int) throws(Malformed) -> ArraySlice<UInt8> {
    let (total, overflow) = count.multipliedReportingOverflow(by: width)
    guard !overflow else { throw Malformed(reason: "the chunk ends too soon") }
    return try take(total)
  }

  /// A size: 7-bit groups, most significant first, the last byte marked by its high bit.
  private mutating func size() throws(Malformed) -> Int {
    var value = 0
    while true {
      let next = try byte()
      guard value <= Int.max >> 8 else { throw Malformed(reason: "a size too large") }
      value = value << 7 | Int(next & 0x7F)
      if next & 0x80 != 0 { return value }
    }
  }

  /// A string: its size plus one (0 for none), then its bytes.
  private mutating func skipString() throws(Malformed) {
    let sized = try size()
    if sized > 0 { _ = try take(sized - 1) }
  }
}
