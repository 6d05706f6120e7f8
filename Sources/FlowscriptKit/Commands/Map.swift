import ArgumentParser
import Foundation

extension Flowscript {
  /// `flowscript map RULES.lua [-o flow.html] [--explore N] [--against OLD]`.
  struct Map: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "map",
      abstract: "Write an HTML page to click through the states exploration finds.",
      discussion: """
        Explores like check (every tab tap, back, action of the top screen with its sample payload, \
        deep link and context value, to DEPTH lines) and writes one offline HTML file: a phone \
        drawn from the selected tab's presentation layers, each input of the state with what it \
        does (a click follows it; a rejection shows the guard's reason), the path so far as a \
        .flow scenario flowscript run passes, and a search for the shortest path to a screen. \
        The URL fragment holds the path, so a link opens the same state.
        With --against OLD (a script, or a package with --public-key), every transition whose \
        outcome differs from OLD's is marked with what each did (flowscript diff's comparison), and \
        a banner names OLD, counts the changes, says where the nearest is, lists them by cause \
        (each one click away) and steps through them with Previous and Next.
        With --state FILE, the page starts from a saved navigation document (an app's \
        NavigationFileStore file) instead of the initial state (not with --against).
        An existing file is replaced only with --force, and never the script itself.
        Example: flowscript map shop.lua -o flow.html --explore 6
        """)

    @OptionGroup var options: ScriptOptions

    @OptionGroup var saved: SavedStateOption

    @Option(name: [.short, .customLong("out")], help: "Write the page to this file instead of standard output.")
    var out: String?

    @OptionGroup var bounds: ExplorationOptions<Map>

    @Flag(help: "Overwrite an existing output file (never the script).")
    var force = false

    @Option(help: "Mark the transitions whose outcome differs from this script's (or package's): the release apps have.")
    var against: String?

    func run() throws {
      try bounds.check()
      if saved.path != nil, against != nil {
        // diff compares both scripts from their initial states: its marks would not fit the page.
        throw CommandFailure.usage("--state and --against cannot be combined (the comparison starts from the initial state)")
      }
      let inputs = [ProtectedInput(path: options.script, role: "the script")]
        + (against.map { [ProtectedInput(path: $0, role: "the script --against names")] } ?? [])
        + options.publicKeys.map { ProtectedInput(path: $0, role: "a public key") }
      if let out { try OutputFile.check(out, force: force, protecting: inputs) }
      // With --against, --public-key may be OLD's alone: each side is a package only if it looks like one.
      let review = against.map {
        BehaviourReview(
          old: $0, new: options.script, publicKeys: options.publicKeys, budget: options.budget, memory: options.memory)
      }
      let session = try review.map { try $0.session($0.new) } ?? options.session()
      try saved.apply(to: session)
      let exploration = MapExploration.explore(session: session, depth: bounds.explore, maxStates: bounds.maxStates)
      var marks: [MapData.Mark] = []
      var shown: MapData.Against?
      if let against, let review {
        let report = try review.report(depth: bounds.explore, maxPairs: bounds.maxStates)
        if let initial = report.result.initialDifference { Output.error("note: \(initial)") }
        marks = MapData.Mark.marks(of: report, on: exploration)
        shown = MapData.Against(report, old: against)
        Output.error(
          "against \(against): " + (report.changes.isEmpty ? "no change" : report.changesLine)
            + "; marked \(marks.count) transition\(marks.count == 1 ? "" : "s") whose outcome differs")
        for (number, change) in report.changes.prefix(5).enumerated() {
          let lines = (change.first.lines + [change.first.input]).joined(separator: ", ")
          Output.error("  \(number + 1). \(change.cause.text) — \(change.count) input sequence\(change.count == 1 ? "" : "s"); shortest: \(lines)")
        }
        if report.changes.count > 5 { Output.error("  … \(report.changes.count - 5) more on the page") }
      }
      let page = MapPage.html(
        title: session.chunk, data: MapData(exploration, session: session, marks: marks, against: shown, savedState: saved.path))
      if let out {
        try OutputFile.write(Data(page.utf8), to: out, mode: 0o644, force: force, protecting: inputs)
      } else {
        Output.text(page.hasSuffix("\n") ? String(page.dropLast()) : page)
      }
    }
  }
}

extension Flowscript.Map: OptionWording {
  static var maxStatesHelp: String { "Stop adding states after this many (the page then says an input leads beyond)." }
}
