/// "Did you mean …?" for names a script author or CLI user mistyped.
package enum Suggestions {
  /// The candidate closest to `name` by edit distance, if it is close enough to be a likely typo
  /// (case-insensitive equality always counts).
  package static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
    let lowered = name.lowercased()
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = candidate.lowercased() == lowered ? 0 : editDistance(lowered, candidate.lowercased())
      if let current = best, (current.distance, current.candidate) <= (distance, candidate) { continue }
      best = (candidate, distance)
    }
    guard let best else { return nil }
    let allowed = max(2, name.count / 3)
    return best.distance <= allowed ? best.candidate : nil
  }

  /// ` — did you mean 'x'?` or an empty string.
  package static func hint(for name: String, in candidates: some Sequence<String>) -> String {
    closest(to: name, in: candidates).map { " — did you mean '\($0)'?" } ?? ""
  }

  /// Levenshtein distance between two strings (by Unicode scalars).
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
}
