/// The map page of an explored flow: ``MapTemplate`` with the script's name as its title and
/// ``MapData``'s JSON in its data element — one self-contained HTML file.
enum MapPage {
  /// The page for `data`, titled `title` (the script's chunk name).
  static func html(title: String, data: MapData) -> String {
    // The data goes in last: its text is never searched for the title's placeholder.
    MapTemplate.html
      .replacingOccurrences(of: "{{TITLE}}", with: MarkupText.escaped(title, attribute: false))
      .replacingOccurrences(of: "{{DATA}}", with: data.json)
  }
}
