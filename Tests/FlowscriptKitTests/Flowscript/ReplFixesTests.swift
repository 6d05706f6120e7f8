@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// REPL fixes reproduced from outside: confirm only the last rejection, did-you-mean for
  /// commands and subcommands, `set` checks, covered screens, and help that fits 80 columns.
  @Suite("REPL fixes")
  struct ReplFixesTests {
    @Test func confirmSaysNothingToConfirmOrTheLibrarysRefusal() async throws {
      let result = try await FlowscriptCLI.run(
        [],
        stdin: """
          feed.itemTapped {id=3}
          item.reviewTapped
          back
          confirm
          confirm
          item.reviewTapped
          back
          tab search
          confirm
          confirm

          """)
      #expect(
        result.stderrLines == [
          "error: rejected by guard 'unsaved review': discard the review? (the guard asks: confirm re-sends the change)",
          "error: nothing to confirm: no guard rejected a change",
          "error: rejected by guard 'unsaved review': discard the review? (the guard asks: confirm re-sends the change)",
          "error: cannot confirm guard 'unsaved review': the state changed after the batch was rejected, or none was: "
            + "only the last rejected batch can be confirmed, and only while nothing else has changed",
          "error: nothing to confirm: no guard rejected a change",
        ])
      #expect(result.stdoutLines.contains("home: feed > item(id=3, qty=1) — popped review"))
      #expect(result.stdoutLines.last == "selected search", "the stale confirmation changed nothing")
    }

    @Test func undoLeavesNothingToConfirm() async throws {
      let result = try await FlowscriptCLI.run(
        [], stdin: "feed.itemTapped {id=3}\nitem.reviewTapped\nback\ntab search\nundo\nconfirm\n")
      #expect(result.stderrLines.last == "error: nothing to confirm: no guard rejected a change")
    }

    @Test(arguments: [
      ("trre", "tree"), ("stat", "state"), ("exepct tab home", "expect"), ("cancellink", "cancelLink"), ("confrim", "confirm"),
    ])
    func aMistypedCommandGetsADidYouMean(_ line: String, _ command: String) async throws {
      let result = try await FlowscriptCLI.run([], stdin: line + "\n")
      let word = line.split(separator: " ")[0]
      #expect(result.stderrLines == ["error: unknown command '\(word)' — did you mean '\(command)'?"])
    }

    @Test func setChecksTheKeyAgainstWhatTheScriptReads() async throws {
      let result = try await FlowscriptCLI.run(
        [], stdin: "set loggedin true\nexpect error \"did you mean 'loggedIn'\"\nset theme \"dark\"\nset loggedIn true\n")
      #expect(
        result.stderrLines == [
          "error: the script reads no context key 'loggedin' (it reads loggedIn) — did you mean 'loggedIn'?",
          "warning: the script reads no context key 'theme' (it reads loggedIn); set anyway",
        ])
      #expect(result.stdoutLines == [#"context {theme="dark"}"#, #"context {loggedIn=true, theme="dark"}"#])
    }

    @Test func setSaysWhatAValueIs() async throws {
      let result = try await FlowscriptCLI.run([], stdin: "set loggedIn tru\nset loggedIn {1,\n")
      #expect(
        result.stderrLines == [
          #"error: set loggedIn: 'tru' is not a value; write true, false, nil, a number, a "string" or a {table} — did you mean 'true'?"#,
          #"error: set loggedIn: '{1,' is not a value; write true, false, nil, a number, a "string" or a {table}"#,
        ])
      #expect(!result.stderr.contains("payload"))
    }

    @Test func anActionFromACoveredScreenWarns() async throws {
      let result = try await FlowscriptCLI.run(
        [], stdin: "feed.cartTapped\nfeed.promoTapped\ncart.closeTapped\nhome:feed.itemTapped {id=2}\n")
      #expect(
        result.stderrLines == [
          "warning: feed is covered by sheet:cart: a user cannot tap it (an effect finishing on it can send "
            + "feed.promoTapped; write home:feed.promoTapped to say so)",
          "warning: cart is covered by cover:promo: a user cannot tap it (an effect finishing on it can send "
            + "cart.closeTapped; write home:cart.closeTapped to say so)",
        ])
      #expect(result.stdoutLines.count == 4, "the lines ran")
    }

  }
}
