import Testing

extension Issue {
  /// Whether the issue's message contains every one of `fragments`.
  package func says(_ fragments: String...) -> Bool {
    let text = comments.map(\.rawValue).joined(separator: "\n")
    return fragments.allSatisfy { text.contains($0) }
  }
}
