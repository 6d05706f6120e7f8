import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// What `pack` and `keygen` may write over: an existing file only with `--force`; never a
  /// private key or the script being packed, by whatever path or link they are named; the files
  /// they write whole, with the right mode, leaving no temporary file behind.
  @Suite("output files")
  struct OutputOverwriteTests {
    /// A workspace holding `shop.lua` (the demo flow) and a key pair `release.key`.
    func prepared(_ workspace: Workspace) async throws -> (script: String, key: String) {
      let script = try workspace.write("shop.lua", try String(contentsOfFile: FlowscriptCLI.demoScript, encoding: .utf8))
      let key = workspace.path("release.key")
      let keygen = try await FlowscriptCLI.run(["keygen", "--out", key])
      try #require(keygen.exitCode == 0, "\(keygen.stderr)")
      return (script, key)
    }

    func mode(_ path: String) throws -> Int {
      try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    func bytes(_ path: String) throws -> Data {
      try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// The workspace's file names, sorted (hidden ones included: a leftover temporary file shows).
    func names(_ workspace: Workspace) throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: workspace.url.path).sorted()
    }

    func symlink(_ workspace: Workspace, _ name: String, to destination: String) throws -> String {
      try FileManager.default.createSymbolicLink(atPath: workspace.path(name), withDestinationPath: destination)
      return workspace.path(name)
    }

    /// `flowscript pack SCRIPT --key KEY --release N [--out OUT] [--force]`, run in `workspace`
    /// (every pack of this suite goes through here).
    func pack(
      _ script: String, key: String, release: Int = 1, out: String?, force: Bool = false, in workspace: Workspace
    ) async throws -> ProcessResult {
      var arguments = ["pack", script, "--key", key, "--release", String(release), "--runtime", "1.0"]
      if let out { arguments += ["--out", out] }
      if force { arguments.append("--force") }
      return try await FlowscriptCLI.run(arguments, in: workspace.url)
    }

    @Test func packReplacesAnExistingFileOnlyWithForce() async throws {
      try await Workspace.with { workspace in
        let (script, key) = try await prepared(workspace)
        let out = try workspace.write("shop.flowpkg", "old")
        let refused = try await pack(script, key: key, out: out, in: workspace)
        #expect(refused.exitCode == 2)
        #expect(refused.stderr.contains("\(out): exists; pass --force to overwrite it"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "old")

        // A second name (hard link) for the old file keeps the old bytes: the new package is a new
        // file renamed into place, not the old one truncated and rewritten.
        try FileManager.default.linkItem(atPath: out, toPath: workspace.path("old-copy"))
        try #require(chmod(out, 0o600) == 0)
        let forced = try await pack(script, key: key, out: out, force: true, in: workspace)
        #expect(forced.exitCode == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("\"signature\""))
        #expect(try mode(out) == 0o644)
        #expect(try String(contentsOfFile: workspace.path("old-copy"), encoding: .utf8) == "old")
        #expect(try names(workspace) == ["old-copy", "release.key", "release.key.pub", "shop.flowpkg", "shop.lua"])

        // The default output, NAME.flowpkg in the current folder, follows the same rule.
        let byDefault = try await pack("shop.lua", key: "release.key", release: 2, out: nil, in: workspace)
        #expect(byDefault.exitCode == 2)
        #expect(byDefault.stderr.contains("shop.flowpkg: exists; pass --force"))
        let byDefaultForced = try await pack("shop.lua", key: "release.key", release: 2, out: nil, force: true, in: workspace)
        #expect(byDefaultForced.exitCode == 0, "\(byDefaultForced.stderr)")
        let package = try FlowscriptCLI.jsonObject(try String(contentsOfFile: out, encoding: .utf8).replacingOccurrences(of: "\n", with: ""))
        #expect(package["release"] as? Int == 2)
      }
    }

    @Test func packWritesANewPackageWithMode0644AndNoTemporaryFile() async throws {
      try await Workspace.with { workspace in
        let (script, key) = try await prepared(workspace)
        let result = try await pack(script, key: key, out: workspace.path("new.flowpkg"), in: workspace)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(try mode(workspace.path("new.flowpkg")) == 0o644)
        #expect(try names(workspace) == ["new.flowpkg", "release.key", "release.key.pub", "shop.lua"])
        let verify = try await FlowscriptCLI.run(["verify", workspace.path("new.flowpkg"), "--public-key", key + ".pub"])
        #expect(verify.exitCode == 0, "\(verify.stderr)")
        // A one-character relative path (its folder is the current one).
        let short = try await pack("shop.lua", key: "release.key", out: "p", in: workspace)
        #expect(short.exitCode == 0, "\(short.stderr)")
        #expect(try mode(workspace.path("p")) == 0o644)
        #expect(try names(workspace) == ["new.flowpkg", "p", "release.key", "release.key.pub", "shop.lua"])
      }
    }

    @Test func packNeverOverwritesTheSigningKey() async throws {
      try await Workspace.with { workspace in
        let (script, key) = try await prepared(workspace)
        let original = try bytes(key)
        let link = try symlink(workspace, "key-link", to: key)
        try FileManager.default.linkItem(atPath: key, toPath: workspace.path("key-hardlink"))
        // The same file by its path, a ./ path, a relative path from elsewhere, a symlink, a hard link;
        // and the --key given through a symlink while --out names the file itself.
        let sub = workspace.path("sub")
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
        let cases: [(key: String, out: String)] = [
          (key, key), ("release.key", "./release.key"), ("./release.key", "release.key"), ("release.key", "sub/../release.key"),
          (key, link), (key, workspace.path("key-hardlink")), (link, key),
        ]
        for (given, out) in cases {
          for force in [false, true] {
            let result = try await pack(script, key: given, out: out, force: force, in: workspace)
            #expect(result.exitCode == 2, "--key \(given) --out \(out) force \(force)")
            #expect(result.stderr.contains("\(out): is "), "\(result.stderr)")
            #expect(result.stderr.contains("not even with --force"), "\(result.stderr)")
            #expect(try bytes(key) == original)
            #expect(try mode(key) == 0o600)
          }
        }
        #expect(try names(workspace) == ["key-hardlink", "key-link", "release.key", "release.key.pub", "shop.lua", "sub"])
      }
    }

    @Test func noCommandOverwritesAnyPrivateKeyEvenWithForce() async throws {
      try await Workspace.with { workspace in
        let (script, key) = try await prepared(workspace)
        // Another key, not the one signing, under a name that does not say key.
        let other = workspace.path("notes.txt")
        #expect(try await FlowscriptCLI.run(["keygen", "--out", other]).exitCode == 0)
        let original = try bytes(other)
        let refused = try await pack(script, key: key, out: other, force: true, in: workspace)
        #expect(refused.exitCode == 2)
        #expect(refused.stderr.contains("\(other): is a private signing key; flowscript never overwrites one, not even with --force"))
        #expect(try bytes(other) == original)
        #expect(try mode(other) == 0o600)

        // A key with leading blank lines, or damaged after its label, is still a key.
        let padded = try workspace.write("padded", "\n  " + String(decoding: original, as: UTF8.self))
        let damaged = try workspace.write("damaged", "tabflow-ed25519-private !!!\n")
        for path in [padded, damaged] {
          let result = try await pack(script, key: key, out: path, force: true, in: workspace)
          #expect(result.exitCode == 2, "\(path)")
          #expect(result.stderr.contains("is a private signing key"), "\(result.stderr)")
        }

        // keygen over an existing key, through a symlink too: refused, key and mode unchanged.
        let link = try symlink(workspace, "link.key", to: other)
        for out in [other, link, "./notes.txt"] {
          for force in [false, true] {
            let result = try await FlowscriptCLI.run(["keygen", "--out", out] + (force ? ["--force"] : []), in: workspace.url)
            #expect(result.exitCode == 2, "\(out) \(force)")
            #expect(result.stderr.contains("is a private signing key"), "\(result.stderr)")
            #expect(try bytes(other) == original)
            #expect(try mode(other) == 0o600)
          }
        }
        // A private key saved under a .pub name is protected as keygen's public-key path too.
        let pubKey = try workspace.write("fresh.pub", String(decoding: original, as: UTF8.self))
        let overPub = try await FlowscriptCLI.run(["keygen", "--out", workspace.path("fresh"), "--force"])
        #expect(overPub.exitCode == 2)
        #expect(overPub.stderr.contains("\(pubKey): is a private signing key"))
        #expect(!FileManager.default.fileExists(atPath: workspace.path("fresh")))
      }
    }

    @Test func packNeverOverwritesTheScript() async throws {
      try await Workspace.with { workspace in
        let (script, key) = try await prepared(workspace)
        let original = try bytes(script)
        let link = try symlink(workspace, "link.lua", to: "shop.lua")
        try FileManager.default.linkItem(atPath: script, toPath: workspace.path("hard.lua"))
        let cases: [(script: String, out: String)] = [
          (script, script), ("shop.lua", "shop.lua"), ("shop.lua", "./shop.lua"), ("./shop.lua", "shop.lua"),
          ("shop.lua", script), ("shop.lua", "link.lua"), ("link.lua", "shop.lua"), ("shop.lua", "hard.lua"),
          ("shop.lua", ".//shop.lua"), (script, link),
        ]
        for (given, out) in cases {
          for force in [false, true] {
            let result = try await pack(given, key: key, out: out, force: force, in: workspace)
            #expect(result.exitCode == 2, "\(given) --out \(out) force \(force)")
            #expect(result.stderr.contains("\(out): is the script being packed"), "\(result.stderr)")
            #expect(result.stderr.contains("not even with --force"))
            #expect(try bytes(script) == original)
          }
        }
        #expect(try names(workspace) == ["hard.lua", "link.lua", "release.key", "release.key.pub", "shop.lua"])
      }
    }

    @Test func forceReplacesASymlinkItselfAndNeverADirectoryOrDevice() async throws {
      try await Workspace.with { workspace in
        let (script, key) = try await prepared(workspace)
        // A dangling symlink is an existing entry: refused without --force; with it the link is
        // replaced, and its target is not created.
        let dangling = try symlink(workspace, "dangling.flowpkg", to: workspace.path("elsewhere.flowpkg"))
        #expect(try await pack(script, key: key, out: dangling, in: workspace).exitCode == 2)
        #expect(try await pack(script, key: key, out: dangling, force: true, in: workspace).exitCode == 0)
        #expect(!FileManager.default.fileExists(atPath: workspace.path("elsewhere.flowpkg")))
        let type = try FileManager.default.attributesOfItem(atPath: dangling)[.type] as? FileAttributeType
        #expect(type == .typeRegular)

        // A symlink to an ordinary file: the link is replaced, the file it pointed to kept.
        let target = try workspace.write("target.txt", "keep me")
        let link = try symlink(workspace, "link.flowpkg", to: target)
        #expect(try await pack(script, key: key, out: link, in: workspace).exitCode == 2)
        #expect(try await pack(script, key: key, out: link, force: true, in: workspace).exitCode == 0)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")

        let folder = workspace.path("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let intoFolder = try await pack(script, key: key, out: folder, force: true, in: workspace)
        #expect(intoFolder.exitCode == 2)
        #expect(intoFolder.stderr.contains("\(folder): is a directory"))
        let device = try await pack(script, key: key, out: "/dev/null", force: true, in: workspace)
        #expect(device.exitCode == 2)
        #expect(device.stderr.contains("/dev/null: is not a regular file"))
        let noFolder = try await pack(script, key: key, out: workspace.path("missing/x.flowpkg"), in: workspace)
        #expect(noFolder.exitCode == 2)
        #expect(noFolder.stderr.contains("cannot write: no such folder"), "\(noFolder.stderr)")
        #expect(!(try names(workspace)).contains { $0.hasPrefix(".") })
      }
    }

    @Test func keygenReplacesAnExistingFileOnlyWithForceAndWritesTheKeyWithMode0600() async throws {
      try await Workspace.with { workspace in
        let out = try workspace.write("k", "not a key")
        try #require(chmod(out, 0o644) == 0)
        let refused = try await FlowscriptCLI.run(["keygen", "--out", out])
        #expect(refused.exitCode == 2)
        #expect(refused.stderr.contains("\(out): exists; pass --force to overwrite it"))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "not a key")
        #expect(!FileManager.default.fileExists(atPath: out + ".pub"))

        let forced = try await FlowscriptCLI.run(["keygen", "--out", out, "--force"])
        #expect(forced.exitCode == 0, "\(forced.stderr)")
        #expect(try mode(out) == 0o600)
        #expect(try mode(out + ".pub") == 0o644)
        #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("tabflow-ed25519-private "))

        // Only the public key is left (the private one was moved away): refused without --force,
        // and neither file written; with it, a new pair.
        let other = workspace.path("j")
        #expect(try await FlowscriptCLI.run(["keygen", "--out", other]).exitCode == 0)
        try FileManager.default.removeItem(atPath: other)
        let stalePublic = try bytes(other + ".pub")
        let pubRefused = try await FlowscriptCLI.run(["keygen", "--out", other])
        #expect(pubRefused.exitCode == 2)
        #expect(pubRefused.stderr.contains("\(other).pub: exists; pass --force to overwrite it"))
        #expect(!FileManager.default.fileExists(atPath: other))
        #expect(try bytes(other + ".pub") == stalePublic)
        #expect(try await FlowscriptCLI.run(["keygen", "--out", other, "--force"]).exitCode == 0)
        #expect(try mode(other) == 0o600)
        #expect(try bytes(other + ".pub") != stalePublic)

        // A private key is 0600 whatever the umask (here one that would leave it 0644 or narrower).
        let umasked = try await FlowscriptCLI.run(
          executable: URL(fileURLWithPath: "/bin/sh"),
          ["-c", "umask 077 && exec \"$0\" keygen --out u", try FlowscriptCLI.binary().path], in: workspace.url)
        #expect(umasked.exitCode == 0, "\(umasked.stderr)")
        #expect(try mode(workspace.path("u")) == 0o600)
        #expect(try mode(workspace.path("u.pub")) == 0o644)
        #expect(!(try names(workspace)).contains { $0.hasPrefix(".") })
      }
    }

    @Test func helpDocumentsForce() async throws {
      for command in ["pack", "keygen"] {
        let help = try await FlowscriptCLI.run([command, "--help"])
        #expect(help.exitCode == 0)
        #expect(help.stdout.contains("--force"), "\(command)")
        #expect(help.stdout.contains("never"), "\(command)")
      }
    }
  }
}
