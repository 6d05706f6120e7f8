// libFuzzer harness for the payload parser of the flowscript line language
// (Sources/TabFlowLua/LuaDataLiteral.swift): any bytes must give a value or a
// LuaDataLiteralError, never a crash, a hang or a sanitizer report; a value must print as a
// literal that parses back to itself. Build and run with scripts/fuzz.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let value = try? LuaDataLiteral.parse(text) else { return 0 }
  let printed = value.description
  guard let again = try? LuaDataLiteral.parse(printed), again == value else {
    fatalError("the literal \(printed) of \(text.debugDescription) does not parse back to the same value")
  }
  return 0
}
