extension Suggestions {
  /// The Levenshtein distance between `a` and `b` when it is at most `limit`, else `nil`.
  ///
  /// Only the band of cells within `limit` of the diagonal is computed (a cell outside it is
  /// further than `limit` anyway), and the computation stops at the first row whose cells all
  /// exceed `limit`: at most `a.count × min(b.count, 2 × limit + 1)` cells, each counted in
  /// `work`.
  static func boundedEditDistance(
    _ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int, work: inout Int
  ) -> Int? {
    let n = a.count
    let m = b.count
    guard limit >= 0, abs(n - m) <= limit else { return nil }
    if n == 0 { return m }
    if m == 0 { return n }
    // `far` stands for any distance over the limit.
    let far = limit + 1
    var previous = [Int](repeating: far, count: m + 1)
    var current = previous
    for j in 0...min(m, limit) { previous[j] = j }
    for i in 1...n {
      let low = max(1, i - limit)
      let high = min(m, i + limit)
      current[low - 1] = low == 1 && i <= limit ? i : far
      var rowMinimum = current[low - 1]
      for j in low...high {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        let distance = min(substitution, previous[j] + 1, current[j - 1] + 1, far)
        current[j] = distance
        rowMinimum = min(rowMinimum, distance)
      }
      work += high - low + 1
      // The next row reads one cell past this row's band.
      if high < m { current[high + 1] = far }
      if rowMinimum > limit { return nil }
      swap(&previous, &current)
    }
    return previous[m] <= limit ? previous[m] : nil
  }
}
