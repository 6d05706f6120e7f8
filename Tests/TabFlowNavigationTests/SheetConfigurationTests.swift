import Foundation
import TabFlowNavigation
import Testing

extension NavigationTests {
  /// `SheetConfiguration`: the detents a sheet rests at and its drag indicator.
  @Suite("SheetConfiguration")
  struct SheetConfigurationTests {
    @Test("presets: default is full height, half is medium, halfAndFull is both; all show a drag indicator")
    func presets() {
      #expect(SheetConfiguration.default.detents == [.large])
      #expect(SheetConfiguration.half.detents == [.medium])
      #expect(SheetConfiguration.halfAndFull.detents == [.medium, .large])
      let presets: [SheetConfiguration] = [.default, .half, .halfAndFull]
      #expect(presets.map(\.showDragIndicator) == [true, true, true])
    }

    @Test("detents keep their order, drop duplicates, and are never empty")
    func detents() {
      let configuration = SheetConfiguration(detents: [.large, .fraction(0.25), .large, .height(200)])
      #expect(configuration.detents == [.large, .fraction(0.25), .height(200)])
      #expect(SheetConfiguration(detents: []).detents == [.large])
      #expect(SheetConfiguration(detents: []) == .default)
      #expect(SheetConfiguration(detents: [.medium, .medium]) == .half)
    }

    @Test("the description lists the detents and mentions a missing drag indicator")
    func description() {
      #expect(SheetConfiguration.halfAndFull.description == "detents: medium, large")
      #expect(
        SheetConfiguration(detents: [.fraction(0.3), .height(240)], showDragIndicator: false).description
          == "detents: fraction:0.3, height:240, no drag indicator")
    }

    @Test(
      "a detent is written as medium, large, fraction:<0…1> or height:<points>, and read back",
      arguments: [
        (SheetConfiguration.Detent.medium, "medium"),
        (.large, "large"),
        (.fraction(0.3), "fraction:0.3"),
        (.fraction(1), "fraction:1"),
        (.height(240), "height:240"),
        (.height(320.5), "height:320.5"),
      ]
    )
    func writtenDetent(detent: SheetConfiguration.Detent, text: String) {
      #expect(detent.description == text)
      #expect(SheetConfiguration.Detent(text) == detent)
    }

    @Test(
      "text that is not a detent is rejected",
      arguments: ["", "tiny", "Medium", "fraction", "fraction:", "fraction:1.5", "fraction:0", "fraction:-0.5",
                  "height:-3", "height:0", "height:abc", "height:inf", "height:nan", "size:100"]
    )
    func notADetent(text: String) {
      #expect(SheetConfiguration.Detent(text) == nil)
    }
  }
}

extension NavigationTests.SheetConfigurationTests {
  @Test("detents no sheet can rest at are dropped, so every configuration decodes after encoding")
  func unshowableDetentsAreDropped() throws {
    let configuration = SheetConfiguration(
      detents: [.fraction(0), .fraction(2), .height(0), .height(-1), .height(.infinity), .fraction(0.5)])
    #expect(configuration.detents == [.fraction(0.5)])
    #expect(SheetConfiguration(detents: [.height(-5)]).detents == [.large])
    let data = try JSONEncoder().encode(configuration)
    #expect(try JSONDecoder().decode(SheetConfiguration.self, from: data) == configuration)
  }
}
