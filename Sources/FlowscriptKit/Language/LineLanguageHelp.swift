import TabFlowScriptExploration
/// The line language's summary, shared by `flowscript --help` and the REPL's `help`: every line
/// kind, each line at most 78 columns, so that an 80-column terminal or a pipe shows the table
/// as written (ArgumentParser wraps only lines wider than the terminal).
enum LineLanguageHelp {
  /// The widest line of ``table`` and ``replCommands``.
  static let maximumWidth = 78

  static let table = """
    Lines (the REPL, scenario files and send share them):
      feed.itemTapped {id=3}    send an action from the topmost feed screen of
                                the selected tab (payload: a Lua table, data only)
      home:feed.loaded {id=3}   send it from the topmost feed screen of tab home
                                (an effect that finishes after a tab switch)
      tab profile               tap a tab-bar item (select, or reselect)
      back                      the user's back gesture
      order tabs home search    the user's order of the tabs (every tab once)
      hide tab search           hide a tab declared hideable (show tab: again)
      url shop://item/3         open a deep link
      url                       print the current screen's link
      set loggedIn true         set a context value (nil removes it)
      confirm                   re-send the change a guard rejected, past it
      cancelLink                drop the deep link a guard deferred
      # comment                 ignored, like a blank line
      "tab one"."1st action"    any name may be double-quoted

    Expectations (silent when they hold; one that fails stops a scenario file):
      expect tab home           the selected tab
      expect stack home: feed > item > sheet:login > cover:pay
                                a tab's stack (without "home:", the selected one)
      expect top item {id=3}    the top screen (the payload: a subset match)
      expect depth 2            routes in the selected tab, root included
      expect url shop://item/3  the top screen's link (or: none)
      expect pending none       the deep link a guard deferred (or a URL)
      expect resume none        the tap kept to resume (or "tab home: push item")
      expect context loggedIn true
                                a context value (nil: not set)
      expect event purchased {id=3}
                                the previous line emitted it (payload: subset)
      expect error "text"       the previous line failed (its error has the text)
      expect rejected "auth"    the previous line was rejected by guard auth
    A line that fails must be followed by expect error or expect rejected in a
    scenario file; a line no rule can read (exepct tab home) fails it at once.
    """

  static let replCommands = """
    REPL commands: state (JSON), tree, show (as a phone shows it), undo,
    reload [FILE] (navigation kept), help, quit. Tab completes names.
    undo and reload FILE work in scenario files too (FILE relative to the
    scenario file; in the REPL, to the script).
    """
}
