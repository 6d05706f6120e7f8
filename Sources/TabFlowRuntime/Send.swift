/// The way an effect started by ``Effect/run(priority:operation:catch:fileID:filePath:line:column:)``
/// sends actions back into its store.
///
/// Call it like a function, with `await`: the action is delivered on the main actor and
/// processed in order with every other action. Once the effect has been cancelled, sending does
/// nothing, so a cancelled effect can never change the state.
///
/// ```swift
/// return .run { send in
///   for await event in events {
///     await send(.received(event))
///   }
/// }
/// ```
///
/// Actions cross from the effect's task to the main actor, so Swift checks them: an action made
/// inside the effect can always be sent; a non-`Sendable` value captured from outside cannot.
public struct Send<Action>: Sendable {
  @usableFromInline
  package let send: @MainActor @Sendable (Action) -> Void

  /// A `Send` that hands every action to `send`. Stores make these; you need one only to test an
  /// effect's operation on its own.
  ///
  /// ```swift
  /// let send = Send<Feature.Action> { action in received.append(action) }
  /// ```
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends `action` into the store, unless the current task (the effect) has been cancelled.
  ///
  /// ```swift
  /// await send(.loaded(items))
  /// ```
  @MainActor
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }
}
