/// Builds a reducer from a list of reducers, run one after another for every action with their
/// effects merged. Supports `if`, `if`/`else`, `switch`, `for … in` and `if #available`.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.search, action: .search) { Search() }
///   if isLoggingEnabled {
///     Logger()
///   }
///   Reduce { state, action in .none }
/// }
/// ```
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// An empty body: a reducer that does nothing.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  /// A reducer statement.
  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ reducer: R) -> R {
    reducer
  }

  /// The first reducer of a block.
  @inlinable
  public static func buildPartialBlock<R: Reducer<State, Action>>(first: R) -> R {
    first
  }

  /// The reducers so far, followed by the next one.
  @inlinable
  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: R0, next: R1
  ) -> _Sequence<R0, R1> {
    _Sequence(first: accumulated, second: next)
  }

  /// An `if` without `else`.
  @inlinable
  public static func buildOptional<R: Reducer<State, Action>>(_ wrapped: R?) -> _Optional<R> {
    _Optional(wrapped: wrapped)
  }

  /// The `if` branch of an `if`/`else` (or a `switch` case).
  @inlinable
  public static func buildEither<First: Reducer<State, Action>, Second: Reducer<State, Action>>(
    first: First
  ) -> _Conditional<First, Second> {
    .first(first)
  }

  /// The `else` branch of an `if`/`else` (or a `switch` case).
  @inlinable
  public static func buildEither<First: Reducer<State, Action>, Second: Reducer<State, Action>>(
    second: Second
  ) -> _Conditional<First, Second> {
    .second(second)
  }

  /// The reducers of a `for … in` loop.
  @inlinable
  public static func buildArray<R: Reducer<State, Action>>(_ reducers: [R]) -> _Array<R> {
    _Array(reducers: reducers)
  }

  /// An `if #available` branch.
  @inlinable
  public static func buildLimitedAvailability<R: Reducer<State, Action>>(_ wrapped: R) -> Reduce<State, Action> {
    Reduce(wrapped)
  }

  /// Two reducers run one after the other, their effects merged.
  public struct _Sequence<R0: Reducer<State, Action>, R1: Reducer<State, Action>>: Reducer {
    @usableFromInline package let first: R0
    @usableFromInline package let second: R1

    @inlinable
    init(first: R0, second: R1) {
      self.first = first
      self.second = second
    }

    /// Runs the first reducer, then the second.
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      let effect = first.reduce(into: &state, action: action)
      let next = second.reduce(into: &state, action: action)
      if effect.isNone { return next }
      if next.isNone { return effect }
      return .merge(effect, next)
    }
  }

  /// A reducer that runs only when it is present (an `if` without `else`).
  public struct _Optional<Wrapped: Reducer<State, Action>>: Reducer {
    @usableFromInline package let wrapped: Wrapped?

    @inlinable
    init(wrapped: Wrapped?) {
      self.wrapped = wrapped
    }

    /// Runs the wrapped reducer, if any.
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      wrapped?.reduce(into: &state, action: action) ?? .none
    }
  }

  /// One of two reducers (the branches of an `if`/`else`).
  public enum _Conditional<First: Reducer<State, Action>, Second: Reducer<State, Action>>: Reducer {
    /// The `if` branch.
    case first(First)
    /// The `else` branch.
    case second(Second)

    /// Runs the chosen branch.
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch self {
      case let .first(first): return first.reduce(into: &state, action: action)
      case let .second(second): return second.reduce(into: &state, action: action)
      }
    }
  }

  /// Reducers made by a `for … in` loop, run in order.
  public struct _Array<Element: Reducer<State, Action>>: Reducer {
    @usableFromInline package let reducers: [Element]

    @inlinable
    init(reducers: [Element]) {
      self.reducers = reducers
    }

    /// Runs every reducer in order.
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      .merge(reducers.map { $0.reduce(into: &state, action: action) })
    }
  }
}
