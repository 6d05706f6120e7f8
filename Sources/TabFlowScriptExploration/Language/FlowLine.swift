import TabFlowCore
import TabFlowNavigation


// Indirect: the explorer hands lines around by the tens of thousands, and a boxed line is copied
// with one retain, where the whole enum (its largest case is an expectation) was copied field by field.
/// One line of the flowscript language (REPL, scenario files and `send` share it).
package indirect enum FlowLine: Equatable {
  /// `feed.itemTapped {id=3}`: send an action from the topmost `feed` route of the selected tab;
  /// `home:feed.loaded {id=3}` from the topmost `feed` route of the tab `home` (as an effect that
  /// finishes after the user switched tabs does). Names may be quoted: `"tab one":"my screen"."1st"`.
  case action(tab: String?, screen: String, action: String, payload: FlowValue)
  /// `tab profile`: tap a tab-bar item.
  case tab(String)
  /// `back`: the user's back gesture.
  case back
  /// `order tabs home search profile`, `hide tab search`, `show tab search`: the user's
  /// customization of the tab bar.
  case customize(TabCustomization)
  /// `url shop://item/3`: open a deep link.
  case url(String)
  /// `url` alone: print the URL of the selected tab's top screen.
  case currentURL
  /// `set loggedIn true`: set a context value (`set loggedIn nil` removes it).
  case set(String, FlowValue)
  /// An assertion.
  case expect(Expectation)
  /// A REPL command: `state`, `tree`, `show`, `reload`, `undo`, `help`, `quit`.
  case command(ReplCommand)
  /// `reload other.lua`: replace the script by another file (a path relative to the current
  /// script's folder), keeping and migrating navigation.
  case reloadFrom(String)
  /// A blank line or a `#` comment.
  case nothing
  /// An action line that cannot run as written — its payload is not data (`{id=os.exit(1)}`,
  /// `{id=`): a failed line, like one naming an unknown screen, that `expect error` may follow.
  case invalidAction(String)
}

/// What an `expect` line asserts.
package enum Expectation: Equatable {
  /// `expect tab home`.
  case tab(String)
  /// `expect stack home: feed > item > sheet:login` (the tab is optional: the selected one).
  case stack(tab: String?, routes: [StackEntry])
  /// `expect app sheet:login > code` (the app layer, presented over the tab bar), or
  /// `expect app none` (nothing presented over it): `routes` empty.
  case app(routes: [StackEntry])
  /// `expect top item {id=3}` (the payload is a subset match).
  case top(screen: String, state: FlowValue?)
  /// `expect error` or `expect error "login required"`: the previous line failed (with that text).
  case error(String?)
  /// `expect depth 3`: routes in the selected tab, root included.
  case depth(Int)
  /// `expect url shop://item/3` (or `none`): the URL of the selected tab's top screen.
  case url(String?)
  /// `expect pending shop://orders/7` (or `none`): the deep link a guard deferred.
  case pendingLink(String?)
  /// `expect resume "tab home: push checkout"` (or `none`): the commands of the in-app action a
  /// guard's redirect keeps to re-send (`resume = true`), written as `show` writes them.
  case pendingResume(String?)
  /// `expect event purchased {id=3}`: the previous line emitted that event (the payload, when
  /// given, is a subset match).
  case event(name: String, payload: FlowValue?)
  /// `expect context loggedIn true` (`nil` for a key that is not set).
  case context(key: String, value: FlowValue)
  /// `expect rejected "unsaved review"`: the previous line was rejected by that guard (any guard
  /// when `nil`).
  case rejected(String?)
}

/// A route as `expect stack` writes it: the bare name for root and pushes, `sheet:` / `cover:`
/// for presented routes.
package struct StackEntry: Equatable, CustomStringConvertible {
  package var screen: String
  package var presented: RouteStyle?

  package init(screen: String, presented: RouteStyle?) {
    self.screen = screen
    self.presented = presented
  }

  package var description: String { presented.map { "\($0):\(screen)" } ?? screen }
}

/// REPL commands.
package enum ReplCommand: String, CaseIterable {
  case state, tree, show, reload, undo, help, quit
  /// Re-sends the last rejected batch past the guard that rejected it.
  case confirm
  /// Drops the deep link a guard deferred.
  case cancelLink
}
