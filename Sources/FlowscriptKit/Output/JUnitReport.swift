import Foundation

/// The JUnit XML report of a `flowscript run` (`--junit FILE`): one `<testsuite>` for the run,
/// one `<testcase>` per scenario file with its time, and a `<failure>` for a file that failed,
/// whose message is what `run` prints for it.
struct JUnitReport {
  /// One scenario file's result.
  struct Case {
    /// The file as the user named it.
    let path: String
    /// How long it ran, in seconds.
    let seconds: Double
    /// What `run` printed for its failure (`path:3: expected …`), or `nil` when it passed.
    let failure: [String]?
    /// The Lua traceback printed under the failure (with `--verbose`).
    let traceback: String?
  }

  /// The suite's name: the script the files ran against.
  let name: String
  let cases: [Case]

  /// The document, UTF-8 XML 1.0.
  var xml: String {
    let failures = cases.filter { $0.failure != nil }.count
    let total = cases.reduce(0) { $0 + $1.seconds }
    var out = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
    out.append(
      "<testsuite name=\"\(MarkupText.escaped(name))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" "
        + "skipped=\"0\" time=\"\(Self.seconds(total))\">")
    for item in cases {
      let opening = "  <testcase name=\"\(MarkupText.escaped(item.path))\" classname=\"flowscript.run\" "
        + "file=\"\(MarkupText.escaped(item.path))\" time=\"\(Self.seconds(item.seconds))\""
      guard let failure = item.failure else {
        out.append(opening + "/>")
        continue
      }
      let message = failure.joined(separator: "\n")
      let body = ([message] + (item.traceback.map { [$0] } ?? [])).joined(separator: "\n")
      out.append(opening + ">")
      out.append("    <failure message=\"\(MarkupText.escaped(message))\" type=\"scenario\">\(MarkupText.escaped(body, attribute: false))</failure>")
      out.append("  </testcase>")
    }
    out.append("</testsuite>")
    return out.joined(separator: "\n") + "\n"
  }

  /// Seconds with millisecond precision, always with a dot.
  private static func seconds(_ value: Double) -> String {
    String(format: "%.3f", locale: Locale(identifier: "en_US_POSIX"), max(0, value))
  }
}
