import FlowscriptKit

// The executable is only this: everything flowscript does is in FlowscriptKit, where the tests
// reach it in-process as well as through this binary.
Flowscript.execute(Array(CommandLine.arguments.dropFirst()))
