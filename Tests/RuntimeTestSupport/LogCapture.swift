import Logging
import Synchronization

extension CoordinatorFixtures {
  /// A log handler that keeps every message it is given (swift-log's `InMemoryLogging` is not
  /// a dependency of the test target).
  package struct CapturingLogHandler: LogHandler {
    /// One logged message.
    package struct Entry: Equatable, Sendable {
      package let level: Logger.Level
      package let message: String

      package init(level: Logger.Level, message: String) {
        self.level = level
        self.message = message
      }
    }

    /// Where the handler's copies (loggers are values) put their messages.
    package final class Sink: Sendable {
      private let entries = Mutex<[Entry]>([])
      package init() {}
      /// Every message so far, in order.
      package var all: [Entry] { entries.withLock { $0 } }
      package func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }
    }

    package let sink: Sink
    package var logLevel: Logger.Level
    package var metadata: Logger.Metadata = [:]

    package init(sink: Sink, logLevel: Logger.Level) {
      self.sink = sink
      self.logLevel = logLevel
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
      sink.append(Entry(level: event.level, message: event.message.description))
    }

    /// A logger at `level` whose messages go to `sink`.
    package static func logger(level: Logger.Level, sink: Sink) -> Logger {
      Logger(label: "tabflow.tests.capture") { _ in CapturingLogHandler(sink: sink, logLevel: level) }
    }
  }

  /// Counts how often screens are named for a message while it listens (see `Screen.screenName`):
  /// a message that names screens was formatted if and only if the count grew.
  package final class FormattingProbe: Sendable {
    /// The probe listening in the current task, if any.
    @TaskLocal package static var current: FormattingProbe?

    private let count = Mutex(0)

    package init() {}

    /// How many times a screen was named.
    package var namings: Int { count.withLock { $0 } }

    package func record() { count.withLock { $0 += 1 } }
  }
}
