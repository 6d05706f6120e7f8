/// A route encodes as one flat object, e.g.
/// `{"style":"sheet","screen":…,"withNavigation":true,"detents":["medium","large"],"showDragIndicator":true}`.
/// `withNavigation` is omitted for pushes; missing on decode, it takes the case's default.
extension Route: Codable where Screen: Codable {
  private enum CodingKeys: String, CodingKey {
    case style, screen, withNavigation, detents, showDragIndicator
  }

  /// Decodes a route, keeping its style, navigation flag and sheet configuration.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let style = try container.decode(RouteStyle.self, forKey: .style)
    let screen = try container.decode(Screen.self, forKey: .screen)
    let withNavigation = try container.decodeIfPresent(Bool.self, forKey: .withNavigation)
    switch style {
    case .root:
      self = .root(screen, withNavigation: withNavigation ?? true)
    case .push:
      self = .push(screen)
    case .sheet:
      let configuration = SheetConfiguration(
        detents: try container.decodeIfPresent([SheetConfiguration.Detent].self, forKey: .detents) ?? [.large],
        showDragIndicator: try container.decodeIfPresent(Bool.self, forKey: .showDragIndicator) ?? true
      )
      self = .sheet(screen, withNavigation: withNavigation ?? false, configuration: configuration)
    case .cover:
      self = .cover(screen, withNavigation: withNavigation ?? false)
    }
  }

  /// Encodes the route as one flat object.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(style, forKey: .style)
    try container.encode(screen, forKey: .screen)
    if style != .push {
      try container.encode(withNavigation, forKey: .withNavigation)
    }
    if let configuration = sheetConfiguration {
      try container.encode(configuration.detents, forKey: .detents)
      try container.encode(configuration.showDragIndicator, forKey: .showDragIndicator)
    }
  }
}
