import ArgumentParser
import Foundation
import TabFlowDelivery
import TabFlowLua

/// The script argument of the commands that run one script (`run`, `send`, `check`, `graph`,
/// `map`, `types`), with its package keys, its limits and `--verbose`.
struct ScriptOptions: ParsableArguments {
  @Argument(help: "The Lua rule script, or a rule package with --public-key.")
  var script: String

  @Option(name: .customLong("public-key"), help: "Treat the script as a signed rule package, verified against this public key (KEY.pub); repeat for several.")
  var publicKeys: [String] = []

  @OptionGroup var limitOptions: LimitOptions<StandardWording>

  @Flag(help: "Print the Lua traceback under a rule error.")
  var verbose = false

  /// `--budget`.
  var budget: Int { limitOptions.budget }
  /// `--memory`, in MiB.
  var memory: Int { limitOptions.memory }
  /// The VM limits the script runs under.
  var limits: LuaVM.Limits { limitOptions.limits }

  /// `flowscript send SCRIPT` with the limits given, so a reproduction runs under the same ones:
  /// the path as typed (a chunk name would only work from the script's directory), each public
  /// key once.
  var sendCommand: String {
    var words = ["flowscript", "send", script.shellWord] + limitOptions.reproductionArguments
    // A key named twice (`pack`'s KEY.pub beside the signing key, also given as --public-key) is
    // written once: the same file by the same path, or by another spelling of it.
    var written: Set<String> = []
    for key in publicKeys where written.insert(URL(fileURLWithPath: key).standardizedFileURL.resolvingSymlinksInPath().path).inserted {
      words += ["--public-key", key.shellWord]
    }
    return words.joined(separator: " ")
  }

  /// The script file's text.
  func source() throws -> String {
    if let problem = InputFile.problem(script, what: "script") { throw CommandFailure.usage(problem) }
    guard let text = try? String(contentsOfFile: script, encoding: .utf8) else {
      throw CommandFailure.usage("\(script): cannot read the script (it is not UTF-8 text)")
    }
    return text
  }

  /// The session of the script, or of the package verified with the keys of `--public-key` and
  /// `extraKeys` (`pack --previous`'s signing key).
  func session(extraKeys: [RulePublicKey] = []) throws -> FlowSession {
    if let problem = InputFile.problem(script, what: "script") { throw CommandFailure.usage(problem) }
    let origin: FlowSession.Origin
    if publicKeys.isEmpty && extraKeys.isEmpty {
      if PackageFiles.looksLikePackage(script) {
        throw CommandFailure.usage("\(script): is a rule package; give the public key to verify it with --public-key KEY.pub")
      }
      origin = .file(script)
    } else {
      let keys = try PackageFiles.publicKeys(publicKeys) + extraKeys
      origin = .package(script, try PackageFiles.verifiedPackage(script, keys: keys), keys: keys)
    }
    do {
      return try FlowSession(origin: origin, limits: limits)
    } catch {
      throw CommandFailure.script(error)
    }
  }
}

extension ScriptOptions {
  /// The options of a script a command runs itself (`pack`'s script, a review's two sides): the
  /// limits given (an app's by default), no traceback; every property set as parsing sets it.
  /// Not an initialiser: assigned in one (here, `self.init()` first), the properties that have a
  /// default stayed unparsed (ArgumentParser's definition state), and reading one stopped
  /// flowscript.
  static func given(script: String, limits: LimitOptions<StandardWording> = .defaults, publicKeys: [String] = []) -> Self {
    var options = Self()
    options.script = script
    options.publicKeys = publicKeys
    options.limitOptions = limits
    options.verbose = false
    return options
  }
}
