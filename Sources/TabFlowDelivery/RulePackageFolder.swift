import Foundation
import TabFlowCore

/// The folder an app keeps its rule packages in: the installed one and the one before it
/// (`NAME-RELEASE.flowpkg`), the app's ``RuleFloor`` in two copies (`floor.json`,
/// `floor.copy.json`: losing or corrupting one cannot lower it), and the canary's count of the
/// release it watches (`canary.json`). Every file is written atomically.
struct RulePackageFolder {
  let path: String

  static let fileExtension = "flowpkg"
  static let floorFiles = ["floor.json", "floor.copy.json"]
  /// Where earlier versions kept the rolled-back releases (a JSON array); still read.
  static let legacyRejectedFile = "rejected-releases.json"
  static let canaryFile = "canary.json"
  /// The most bytes a copy of the floor (or the legacy file) may have when read back.
  static let floorLimit = 4 << 20
  /// The most bytes the canary's count may have when read back.
  static let canaryLimit = 4_096

  /// The package files, by name (which release each holds is for its signed content to say).
  func packageFiles() -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
    return names.filter { $0.hasSuffix("." + Self.fileExtension) && !$0.hasPrefix(".") }
      .sorted()
      .map { (path as NSString).appendingPathComponent($0) }
  }

  /// The bytes of a package file, or a storage error (not a regular file, or larger than a
  /// package may be).
  func read(_ file: String) throws(RulePackageError) -> Data {
    switch BoundedFileRead(path: file, limit: RulePackage.maximumSize) {
    case let .data(data): return data
    case .absent: throw .storage(path: file, reason: "no such file")
    case let .unreadable(reason): throw .storage(path: file, reason: reason)
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

  /// What the folder knows of the floor: the copies it could read, merged, and why any copy it
  /// could not read failed (a copy that is absent is not a problem; one that is there but not a
  /// floor — out of range, too large, a link — is: it may list a rolled-back release).
  func floor() -> (floor: RuleFloor, unreadable: String?) {
    var copies: [RuleFloor] = []
    var problems: [String] = []
    for name in Self.floorFiles {
      switch BoundedFileRead(path: file(name), limit: Self.floorLimit) {
      case .absent: continue
      case let .unreadable(reason): problems.append("\(name) cannot be read (\(reason))")
      case let .data(data):
        guard let copy = try? JSONDecoder().decode(RuleFloor.self, from: data) else {
          problems.append("\(name) is not a floor")
          continue
        }
        copies.append(copy)
      }
    }
    var merged = copies.first ?? RuleFloor()
    for copy in copies.dropFirst() { merged = merged.merging(copy) }
    switch BoundedFileRead(path: file(Self.legacyRejectedFile), limit: Self.floorLimit) {
    case .absent: break
    case let .unreadable(reason): problems.append("\(Self.legacyRejectedFile) cannot be read (\(reason))")
    case let .data(data):
      if let releases = try? JSONDecoder().decode([Int].self, from: data),
        releases.count <= RuleFloor.maximumRejectedReleases, releases.allSatisfy({ $0 >= 1 })
      {
        merged.rejectedReleases.formUnion(releases)
      } else {
        problems.append("\(Self.legacyRejectedFile) is not a list of releases")
      }
    }
    return (merged, problems.isEmpty ? nil : problems.joined(separator: "; "))
  }

  /// Writes both copies of the floor, one after the other.
  func saveFloor(_ floor: RuleFloor) throws(RulePackageError) {
    let data = (try? JSONEncoder.sorted.encode(floor)) ?? Data()
    for name in Self.floorFiles { try write(data, to: file(name)) }
  }

  /// The canary's saved count, if there is one; `.unreadable` when something is there but is
  /// not a count (the caller range-checks the count itself).
  func canaryRecord() -> CanaryRecordReading {
    switch BoundedFileRead(path: file(Self.canaryFile), limit: Self.canaryLimit) {
    case .absent: return .none
    case .unreadable: return .unreadable
    case let .data(data):
      guard let record = try? JSONDecoder().decode(CanaryRecord.self, from: data) else { return .unreadable }
      return .record(record)
    }
  }

  /// Saves the canary's count.
  func saveCanaryRecord(_ record: CanaryRecord) throws(RulePackageError) {
    try write((try? JSONEncoder.sorted.encode(record)) ?? Data(), to: file(Self.canaryFile))
  }

  /// Removes the canary's count (the watch is over).
  func removeCanaryRecord() {
    remove(file(Self.canaryFile))
  }

  private func file(_ name: String) -> String {
    (path as NSString).appendingPathComponent(name)
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

/// What ``RulePackageFolder/canaryRecord()`` found.
enum CanaryRecordReading {
  case none
  case unreadable
  case record(CanaryRecord)
}

extension JSONEncoder {
  /// An encoder with sorted keys: the same value, the same bytes.
  static var sorted: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }
}
