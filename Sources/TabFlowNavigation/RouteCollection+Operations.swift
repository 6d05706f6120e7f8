import IssueReporting

// Every operation of the navigation model, for `RouteStack` and for `[Route<Screen>]`, in two
// forms sharing one validation: `apply(_:)` throws a `NavigationError`; the named methods return
// `false` on misuse, report the issue through IssueReporting (a test failure under tests, a
// runtime warning in debug, silence in release — never a crash) and leave the routes unchanged.

extension RouteCollection {
  /// Applies a stack command, or throws why it is invalid and leaves the routes unchanged.
  ///
  /// ```swift
  /// try routes.apply(.push(.detail))
  /// try routes.apply(.dismiss(count: 2))
  /// ```
  /// Coordinator commands (`selectTab`, `tab`, `emit`) throw ``NavigationError/notAStackCommand(command:)``.
  public mutating func apply(_ command: NavigationCommand<Element.Screen>) throws(NavigationError) {
    let edit = try edit(for: command)
    if edit.removing > 0 || !edit.appending.isEmpty {
      replaceTop(with: edit)
    }
  }

  /// Applies `command`; on misuse reports the error through IssueReporting and returns `false`.
  @discardableResult
  mutating func perform(
    _ command: NavigationCommand<Element.Screen>,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> Bool {
    do {
      try apply(command)
      return true
    } catch {
      reportIssue(error.description, fileID: fileID, filePath: filePath, line: line, column: column)
      return false
    }
  }

  /// Makes an edit validated beforehand; on misuse reports and returns `false`.
  private mutating func commit(
    _ edit: Result<RouteEdit<Element.Screen>, NavigationError>,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> Bool {
    switch edit {
    case let .success(edit):
      replaceTop(with: edit)
      return true
    case let .failure(error):
      reportIssue(error.description, fileID: fileID, filePath: filePath, line: line, column: column)
      return false
    }
  }

  /// Why `index` is not the position of a route to go back to, or `nil` when it is one. Checked
  /// before the index becomes a count, so the message talks about the index the caller passed.
  private func problem(goingBackTo index: Int, operation: String) -> String? {
    if isEmpty { return NavigationError.emptyStack(operation: operation).description }
    if index < 0 { return "cannot \(operation) index \(index): the root is at index 0 and is never removed" }
    if index >= count {
      return "cannot \(operation) index \(index): the stack has \(count) route\(count == 1 ? "" : "s") "
        + "(the top is at index \(count - 1))"
    }
    return nil
  }

  // MARK: - Push and present

  /// Pushes a screen onto the top layer. Misuse: the top layer has no navigation.
  @discardableResult
  public mutating func push(
    _ screen: Element.Screen,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Bool {
    perform(.push(screen), fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Presents a screen as a sheet, starting a new layer.
  @discardableResult
  public mutating func presentSheet(
    _ screen: Element.Screen, withNavigation: Bool = false, configuration: SheetConfiguration = .default,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Bool {
    perform(
      .presentSheet(screen, withNavigation: withNavigation, configuration: configuration),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Presents a screen full-screen, starting a new layer.
  @discardableResult
  public mutating func presentCover(
    _ screen: Element.Screen, withNavigation: Bool = false,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Bool {
    perform(
      .presentCover(screen, withNavigation: withNavigation),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  // MARK: - Go back (any style)

  /// Removes the top `count` routes, pushed or presented. Misuse: `count < 1`, or it would remove the root.
  @discardableResult
  public mutating func goBack(
    _ count: Int = 1,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Bool {
    perform(.goBack(count: count), fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Removes everything above the topmost route whose screen satisfies `predicate`.
  /// Misuse: no route matches.
  @discardableResult
  public mutating func goBackTo(
    where predicate: (Element.Screen) -> Bool,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Bool {
    let planned = Result { () throws(NavigationError) in
      try self.edit(goingBackTo: "a screen matching the predicate", operation: "goBackTo", pushesOnly: false, predicate)
    }
    return commit(planned, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Removes everything above the route at `index` (0 is the root). Misuse: the index is out of range.
  @discardableResult
  public mutating func goBackTo(
    index: Int,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Bool {
    if let problem = problem(goingBackTo: index, operation: "goBackTo") {
      reportIssue(problem, fileID: fileID, filePath: filePath, line: line, column: column)
      return false
    }
    if index == count - 1 { return true }
    return perform(.goBack(count: count - 1 - index), fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Keeps only the root, whatever was pushed or presented. A no-op at the root.
  @discardableResult
  public mutating func goBackToRoot(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Bool {
    perform(.goBackToRoot, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  // MARK: - Pop (pushes only)

  /// Removes the top `count` pushes. Misuse: a removed route is presented, or `count` is out of range.
  @discardableResult
  public mutating func pop(
    _ count: Int = 1,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Bool {
    perform(.pop(count: count), fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Removes the pushes above the topmost route whose screen satisfies `predicate`.
  /// Misuse: no route matches, or a removed route is presented.
  @discardableResult
  public mutating func popTo(
    where predicate: (Element.Screen) -> Bool,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Bool {
    let planned = Result { () throws(NavigationError) in
      try self.edit(goingBackTo: "a screen matching the predicate", operation: "popTo", pushesOnly: true, predicate)
    }
    return commit(planned, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Removes the pushes above the route at `index`. Misuse: out of range, or a removed route is presented.
  @discardableResult
  public mutating func popTo(
    index: Int,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Bool {
    if let problem = problem(goingBackTo: index, operation: "popTo") {
      reportIssue(problem, fileID: fileID, filePath: filePath, line: line, column: column)
      return false
    }
    if index == count - 1 { return true }
    return perform(.pop(count: count - 1 - index), fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Removes every push above the root. Misuse: a presented route is above the root.
  @discardableResult
  public mutating func popToRoot(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Bool {
    perform(.popToRoot, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Removes the pushes of the top layer, back to the screen that started it.
  @discardableResult
  public mutating func popToCurrentNavigationRoot(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Bool {
    perform(.popToCurrentNavigationRoot, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  // MARK: - Dismiss (presented layers)

  /// Removes the top `count` presented layers, each with its pushes. Misuse: fewer are presented.
  @discardableResult
  public mutating func dismiss(
    count: Int = 1,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Bool {
    perform(.dismiss(count: count), fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Removes every presented layer, keeping the root and its pushes. A no-op when nothing is presented.
  @discardableResult
  public mutating func dismissAll(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Bool {
    perform(.dismissAll, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  // MARK: - Replace

  /// Replaces the whole stack. Misuse: the first route is not a root, another route is a root,
  /// or a push sits in a layer without navigation.
  @discardableResult
  public mutating func reset(
    _ routes: [Route<Element.Screen>],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Bool {
    perform(.reset(routes), fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension RouteCollection where Element.Screen: Equatable {
  /// Removes everything above the topmost route showing `screen`. Misuse: no route shows it.
  @discardableResult
  public mutating func goBackTo(
    _ screen: Element.Screen,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Bool {
    let planned = Result { () throws(NavigationError) in
      try self.edit(goingBackTo: String(describing: screen), operation: "goBackTo", pushesOnly: false) { $0 == screen }
    }
    return commit(planned, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Removes the pushes above the topmost route showing `screen`.
  /// Misuse: no route shows it, or a removed route is presented.
  @discardableResult
  public mutating func popTo(
    _ screen: Element.Screen,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Bool {
    let planned = Result { () throws(NavigationError) in
      try self.edit(goingBackTo: String(describing: screen), operation: "popTo", pushesOnly: true) { $0 == screen }
    }
    return commit(planned, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
