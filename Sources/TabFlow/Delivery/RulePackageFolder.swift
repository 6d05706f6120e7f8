import Foundation

/// The folder an app keeps its rule packages in: the installed one and the one before it
/// (`NAME-RELEASE.flowpkg`, written atomically), and the releases the canary rejected
/// (`rejected-releases.json`).
struct RulePackageFolder {
  let path: String

  static let fileExtension = "flowpkg"
  static let rejectedFile = "rejected-releases.json"

  /// The package files, by name (which release each holds is for its signed content to say).
  func packageFiles() -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
    return names.filter { $0.hasSuffix("." + Self.fileExtension) && !$0.hasPrefix(".") }
      .sorted()
      .map { (path as NSString).appendingPathComponent($0) }
  }

  /// The bytes of a file, or a storage error.
  func read(_ file: String) throws(RulePackageError) -> Data {
    do {
      return try Data(contentsOf: URL(fileURLWithPath: file))
    } catch {
      throw .storage(path: file, reason: (error as NSError).localizedDescription)
    }
  }

  /// Writes `package` atomically as `NAME-RELEASE.flowpkg`; returns its path.
  func save(_ package: RulePackage) throws(RulePackageError) -> String {
    let file = (path as NSString).appendingPathComponent("\(package.name)-\(package.release).\(Self.fileExtension)")
    try write(package.encoded(), to: file)
    return file
  }

  /// Removes every package file but `keeping`.
  func prune(keeping: Set<String>) {
    for file in packageFiles() where !keeping.contains(file) {
      try? FileManager.default.removeItem(atPath: file)
    }
  }

  /// Removes one file, if it is there.
  func remove(_ file: String) {
    try? FileManager.default.removeItem(atPath: file)
  }

  /// The releases the canary rejected; an unreadable list is empty (it only ever adds refusals).
  func rejectedReleases() -> Set<Int> {
    let file = (path as NSString).appendingPathComponent(Self.rejectedFile)
    guard let data = FileManager.default.contents(atPath: file),
      let releases = try? JSONDecoder().decode([Int].self, from: data)
    else { return [] }
    return Set(releases)
  }

  /// Writes the rejected releases atomically.
  func saveRejected(_ releases: Set<Int>) throws(RulePackageError) {
    let data = (try? JSONEncoder().encode(releases.sorted())) ?? Data("[]".utf8)
    try write(data, to: (path as NSString).appendingPathComponent(Self.rejectedFile))
  }

  private func write(_ data: Data, to file: String) throws(RulePackageError) {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw .storage(path: path, reason: (error as NSError).localizedDescription)
    }
    do {
      try AtomicFile.write(data, to: file)
    } catch {
      if case let .io(failedPath, reason) = error { throw .storage(path: failedPath, reason: reason) }
      throw .storage(path: file, reason: error.description)
    }
  }
}
