import NavigationTestSupport
import PropertyBased
import TabFlowNavigation
import Testing

extension NavigationTests {
  /// Random sessions of commands applied the way batches apply them (`applyRecordingUndo`, with
  /// its direct paths for a push, a pop and an in-place screen change, its rebuilt arrays for the
  /// rest) and the way the public API does (`apply(_:)` on a plain `[Route]`) side by side.
  ///
  /// After every command, on a stack whose arrays are shared with the state before it (as the
  /// explorer's copies are) and on one with arrays of its own (as an app's): both give the
  /// routes and the error of the plain form; the kept routes keep their IDs and the new ones get
  /// fresh ones; the presented indices are right; the IDs noted as removed are exactly the ones
  /// that left; a refused command changed nothing; and undoing the change gives back the routes,
  /// IDs, presented indices and structure version exactly.
  @Suite("RouteStack undo records")
  struct RouteStackUndoPropertyTests {
    static let seed: (UInt64, UInt64, UInt64, UInt64) =
      (0x51AC_C0DE_0000_0044, 0x9E37_79B9_7F4A_7C15, 0xD1B5_4A32_D192_ED03, 0x2545_F491_4F6C_DD1D)

    /// Any command; one in eight a deep link's usual open (one screen pushed over the root),
    /// which has a direct path of its own.
    static let command = Generator<TestCommand, Shrink.None<TestCommand>> { rng in
      Int.random(in: 0...7, using: &rng) == 0
        ? .open([.push(NavigationGen.screen.run(using: &rng))], mode: .keepRoot)
        : NavigationGen.command.run(using: &rng)
    }

    @Test("recorded changes match the public operations and undo exactly")
    func recordedChangesUndoExactly() {
      var rng = Xoshiro(seed: Self.seed)
      let commands = Self.command.array(of: 1...40)
      var accepted: [String: Int] = [:]
      var failures = 0
      for session in 0..<1_500 where failures < 3 {
        var stack = RouteStack<TestScreen>(root: .feed)
        var array = stack.routes
        for command in commands.run(using: &rng) {
          let before = stack
          let problems =
            Self.problems(applying: command, to: before, sharing: true, plain: array)
            + Self.problems(applying: command, to: before, sharing: false, plain: array)
          if !problems.isEmpty {
            Issue.record("session \(session), \(command) on \(before.description): \(problems.joined(separator: "; "))")
            failures += 1
            break
          }
          if (try? array.apply(command)) != nil {
            accepted[command.name, default: 0] += 1
            _ = try? stack.applyRecordingUndo(command)
          }
        }
      }
      // Every stack command was made, the multi-route removals included.
      for name in ["push", "pop", "goBack", "goBackTo", "goBackToRoot", "dismiss", "dismissAll", "reset", "open"] {
        #expect(accepted[name, default: 0] > 50, "\(name) accepted \(accepted[name, default: 0]) times")
      }
    }

    /// What is wrong after `command` is recorded on a copy of `before` (its arrays shared with
    /// `before`, or copied first) and then undone.
    static func problems(
      applying command: TestCommand, to before: RouteStack<TestScreen>, sharing: Bool, plain: [TestRoute]
    ) -> [String] {
      var problems: [String] = []
      let form = sharing ? "shared" : "own"
      var stack = before
      if !sharing {
        stack.storedRoutes = before.storedRoutes.map { $0 }
        stack.storedIDs = before.storedIDs.map { $0 }
        stack.storedPresentedIndices = before.storedPresentedIndices.map { $0 }
      }
      var expected = plain
      let expectedError = Result { () throws(NavigationError) in try expected.apply(command) }.error
      var noted: [RouteID] = []
      let recorded = Result { () throws(NavigationError) in
        try stack.applyRecordingUndo(command) { noted.append($0) }
      }
      switch recorded {
      case let .failure(error):
        if error != expectedError { problems.append("\(form): threw \(error), expected \(String(describing: expectedError))") }
        if stack.routes != before.routes || stack.ids != before.ids || stack.structureVersion != before.structureVersion {
          problems.append("\(form): a refused command changed the stack")
        }
        return problems
      case let .success(undo):
        if let expectedError { problems.append("\(form): accepted, expected \(expectedError)") }
        if stack.routes != expected { problems.append("\(form): routes \(stack.description), expected \(expected.pathDescription())") }
        let presented = stack.indices.filter { stack[$0].isPresented }
        if stack.presentedIndices != presented { problems.append("\(form): presented \(stack.presentedIndices) ≠ \(presented)") }
        let kept = zip(before.ids, stack.ids).prefix { $0 == $1 }.count
        let fresh = stack.ids.dropFirst(kept)
        if let newest = before.ids.max(), !fresh.allSatisfy({ $0 > newest }) {
          problems.append("\(form): reused IDs \(Array(fresh))")
        }
        if noted != Array(before.ids.dropFirst(kept)) {
          problems.append("\(form): noted \(noted) as removed, \(Array(before.ids.dropFirst(kept))) left")
        }
        guard let undo else {
          if stack.ids != before.ids || stack.routes != before.routes { problems.append("\(form): a change without undo") }
          return problems
        }
        stack.undo(undo)
        if stack.routes != before.routes || stack.ids != before.ids || stack.presentedIndices != before.presentedIndices
          || stack.structureVersion != before.structureVersion
        {
          problems.append("\(form): undone to \(stack.description) \(stack.ids), expected \(before.description) \(before.ids)")
        }
        return problems
      }
    }
  }
}
