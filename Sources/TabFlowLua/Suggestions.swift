/// "Did you mean …?" for names a script author or CLI user mistyped.
///
/// The search is bounded whatever it is given, since names come from scripts and typed lines: a
/// name or candidate longer than ``maximumNameLength`` Unicode scalars gets no suggestion (and
/// costs at most that many scalars read), a search over more than ``maximumCandidates``
/// candidates suggests nothing, and each distance is computed in a band of the allowed distance
/// that stops as soon as the distance exceeds it. ``cost(of:candidates:)`` bounds the work
/// beforehand, so a host can charge it to a script's budget.
package enum Suggestions {
  /// The longest name or candidate, in Unicode scalars, that can get or be a suggestion.
  package static let maximumNameLength = 64

  /// The most candidates a search compares; given more, it suggests nothing (whichever of them
  /// it compared, so the answer never depends on the candidates' order).
  package static let maximumCandidates = 1_000

  /// The candidate closest to `name` by edit distance, if it is close enough to be a likely typo
  /// (case-insensitive equality always counts): at most two edits, or a third of the name's length
  /// for longer names; equally close candidates give the alphabetically first. `nil` when
  /// nothing is close, when `name` is longer than ``maximumNameLength`` Unicode scalars, or
  /// when there are more than ``maximumCandidates`` candidates. Candidates longer than
  /// ``maximumNameLength`` are never suggested.
  package static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
    search(for: name, in: candidates).suggestion
  }

  /// ` — did you mean 'x'?` or an empty string.
  package static func hint(for name: String, in candidates: some Sequence<String>) -> String {
    hint(suggesting: closest(to: name, in: candidates))
  }

  /// ` — did you mean 'x'?` for a suggestion, or an empty string for none.
  package static func hint(suggesting suggestion: String?) -> String {
    suggestion.map { " — did you mean '\($0)'?" } ?? ""
  }

  /// An upper bound of the work ``closest(to:in:)`` and ``hint(for:in:)`` do for `name` and
  /// `candidates`, in steps of about the cost of one Lua instruction each (a Unicode scalar read
  /// or lowercased, a cell of the distance table), for a host to charge to a script's budget
  /// before asking for a hint.
  ///
  /// Working it out is bounded too (it reads at most ``maximumNameLength`` + 1 scalars of each of
  /// at most ``maximumCandidates`` + 1 strings), and so is the result: at most a few million
  /// steps, and at most ``maximumNameLength`` + 1 for a name too long to get a suggestion.
  package static func cost(of name: String, candidates: some Sequence<String>) -> Int {
    var work = 0
    guard let query = Query(name, work: &work) else { return work }
    var compared = 0
    for candidate in candidates {
      compared += 1
      guard compared <= maximumCandidates else { break }
      guard let scalars = lowercasedScalars(of: candidate, work: &work) else { continue }
      work += query.scalars.count * min(scalars.count, 2 * query.allowed + 1)
    }
    return work
  }

  /// The suggestion for `name` and the work it took, in the steps ``cost(of:candidates:)``
  /// counts (never more than that estimate).
  package static func search(
    for name: String, in candidates: some Sequence<String>
  ) -> (suggestion: String?, work: Int) {
    var work = 0
    guard let query = Query(name, work: &work) else { return (nil, work) }
    var best: (candidate: String, distance: Int)?
    var compared = 0
    for candidate in candidates {
      compared += 1
      guard compared <= maximumCandidates else { return (nil, work) }
      guard let scalars = lowercasedScalars(of: candidate, work: &work) else { continue }
      // Only a candidate at most as far as the best so far can win (ties go to the first name).
      let limit = best?.distance ?? query.allowed
      guard
        let distance = boundedEditDistance(query.scalars, scalars, limit: limit, work: &work)
      else { continue }
      if let current = best, (current.distance, current.candidate) <= (distance, candidate) { continue }
      best = (candidate, distance)
    }
    return (best?.candidate, work)
  }

  /// Levenshtein distance between two strings (by Unicode scalars), computed in full: for
  /// tests and short strings; suggestions use the bounded search.
  package static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs.unicodeScalars)
    let b = Array(rhs.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// A name a search looks for: its lowercased scalars and the distance a suggestion may have.
  private struct Query {
    let scalars: [Unicode.Scalar]
    let allowed: Int

    /// `nil` when `name` is longer than ``Suggestions/maximumNameLength`` scalars.
    init?(_ name: String, work: inout Int) {
      guard let scalars = Suggestions.lowercasedScalars(of: name, work: &work) else { return nil }
      self.scalars = scalars
      allowed = max(2, name.count / 3)
    }
  }

  /// The lowercased scalars of `text`, or `nil` (having read ``maximumNameLength`` + 1 scalars)
  /// when it is longer than ``maximumNameLength`` scalars.
  private static func lowercasedScalars(of text: String, work: inout Int) -> [Unicode.Scalar]? {
    var length = 0
    for _ in text.unicodeScalars {
      length += 1
      if length > maximumNameLength { break }
    }
    work += length
    guard length <= maximumNameLength else { return nil }
    let lowered = Array(text.lowercased().unicodeScalars)
    work += lowered.count
    return lowered
  }
}
