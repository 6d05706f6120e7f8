#if canImport(SwiftUI)
import SwiftUI
import TabFlowPresentation

@available(iOS 18, macOS 15, *)
extension View {
  /// A sheet's detents and drag indicator from its configuration; unchanged without one (a cover).
  @ViewBuilder
  func sheetConfiguration(_ configuration: SheetConfiguration?) -> some View {
    if let configuration {
      presentationDetents(Set(configuration.detents.map(\.presentationDetent)))
        .presentationDragIndicator(configuration.showDragIndicator ? .visible : .hidden)
    } else {
      self
    }
  }
}

@available(iOS 18, macOS 15, *)
extension SheetConfiguration.Detent {
  /// The SwiftUI detent.
  var presentationDetent: PresentationDetent {
    switch self {
    case .medium: return .medium
    case .large: return .large
    case let .fraction(value): return .fraction(CGFloat(value))
    case let .height(value): return .height(CGFloat(value))
    }
  }
}
#endif
