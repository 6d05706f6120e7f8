extension TestStore where Action: Equatable {
  /// Asserts that the next action received from an effect is `expectedAction`, and how it
  /// changes the state (`assert` as in ``TestStore/send(_:assert:fileID:filePath:line:column:)``).
  /// Waits up to `timeout` (real time) for it to arrive.
  ///
  /// ```swift
  /// await store.send(.incrementLater)
  /// await clock.advance(by: .seconds(1))
  /// await store.receive(.increment) { $0.count = 1 }
  /// ```
  ///
  /// Fails when another action comes first (with a diff of the two), when nothing arrives in
  /// time, or when the state differs from the expectation. With exhaustivity off, actions
  /// before the first match are skipped.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: { $0 == expectedAction },
      expectedDescription: dump(expectedAction),
      mismatch: { describeDifference(expected: expectedAction, actual: $0) },
      timeout: timeout, update: updateStateToExpectedResult,
      at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension TestStore {
  /// Asserts that the next action received from an effect satisfies `isMatching`, and how it
  /// changes the state. For actions that are not `Equatable`, or to match a case loosely.
  ///
  /// ```swift
  /// await store.receive({ if case .loaded = $0 { true } else { false } }) {
  ///   $0.isLoading = false
  /// }
  /// ```
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: isMatching,
      expectedDescription: "matching the predicate",
      mismatch: { "Received an action that does not match the predicate:\n\(dump($0))" },
      timeout: timeout, update: updateStateToExpectedResult,
      at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Accepts every action received so far without asserting them, adopting the state they
  /// produced. With `strict`, fails when there was none to skip.
  ///
  /// ```swift
  /// await store.skipReceivedActions()
  /// ```
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await EventSignal.yieldToOtherTasks()
    guard let last = recorder.received.last else {
      if strict {
        report(
          "There were no received actions to skip.",
          at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
      }
      return
    }
    state = last.state
    recorder.received.removeAll()
  }

  private func receiveAction(
    matching: (Action) -> Bool,
    expectedDescription: @autoclosure () -> String,
    mismatch: (Action) -> String,
    timeout: Duration?,
    update: ((inout State) throws -> Void)?,
    at location: IssueLocation
  ) async {
    let timeout = timeout ?? self.timeout
    let deadline = ContinuousClock.now.advanced(by: timeout)
    let exhaustive = exhaustivity == .on
    func hasCandidate() -> Bool {
      exhaustive ? !recorder.received.isEmpty : recorder.received.contains { matching($0.action) }
    }
    while !hasCandidate(), ContinuousClock.now < deadline {
      if store.runningEffectCount == 0 {
        // Nothing can send an action any more, unless an effect is about to be started.
        await EventSignal.yieldToOtherTasks()
        if store.runningEffectCount == 0 { break }
        continue
      }
      await recorder.signal.wait(until: deadline)
    }
    if !hasCandidate(), store.runningEffectCount > 0 { await EventSignal.letReadyTasksRunPastTheDeadline() }

    guard hasCandidate() else {
      let running = store.runningEffectCount
      let reason =
        running == 0
        ? "no effect is running that could send it"
        : """
        none arrived within \(timeout) while \(running) effect(s) kept running — if an effect waits \
        on a test clock, advance the clock first
        """
      report("Expected to receive an action \(expectedDescription()), but \(reason).", at: location)
      return
    }

    if exhaustive {
      let (action, newState) = recorder.received.removeFirst()
      if matching(action) {
        expectState(from: state, to: newState, update, at: location)
      } else {
        report("Received an unexpected action:\n\n\(mismatch(action))", at: location)
      }
      state = newState
    } else if let index = recorder.received.firstIndex(where: { matching($0.action) }) {
      let newState = recorder.received[index].state
      recorder.received.removeFirst(index + 1)
      expectState(from: state, to: newState, update, at: location)
      state = newState
    }
    await EventSignal.yieldToOtherTasks()
  }
}
