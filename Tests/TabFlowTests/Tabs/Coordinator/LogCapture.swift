import Logging
import Synchronization

extension TabCoordinatorTests {
  /// A log handler that keeps every message it is given (swift-log's `InMemoryLogging` is not
  /// a dependency of the test target).
  struct CapturingLogHandler: LogHandler {
    /// One logged message.
    struct Entry: Equatable, Sendable {
      let level: Logger.Level
      let message: String
    }

    /// Where the handler's copies (loggers are values) put their messages.
    final class Sink: Sendable {
      private let entries = Mutex<[Entry]>([])
      /// Every message so far, in order.
      var all: [Entry] { entries.withLock { $0 } }
      func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }
    }

    let sink: Sink
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      sink.append(Entry(level: event.level, message: event.message.description))
    }

    /// A logger at `level` whose messages go to `sink`.
    static func logger(level: Logger.Level, sink: Sink) -> Logger {
      Logger(label: "tabflow.tests.capture") { _ in CapturingLogHandler(sink: sink, logLevel: level) }
    }
  }

  /// Counts how often screens are named for a message while it listens (see `Screen.screenName`):
  /// a message that names screens was formatted if and only if the count grew.
  final class FormattingProbe: Sendable {
    /// The probe listening in the current task, if any.
    @TaskLocal static var current: FormattingProbe?

    private let count = Mutex(0)

    /// How many times a screen was named.
    var namings: Int { count.withLock { $0 } }

    func record() { count.withLock { $0 += 1 } }
  }
}
