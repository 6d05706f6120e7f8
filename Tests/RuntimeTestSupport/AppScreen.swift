import Foundation
import TabFlowCore
import TabFlowNavigation
import TabFlowRuntime

extension CoordinatorFixtures {
  /// The screens of the test app. `item` counts (its effects make the count visible), and
  /// `nested` is a whole tab coordinator shown as one screen of an outer tab.
  package enum Screen: Equatable, Sendable, Codable {
    case feed
    case item(id: Int, count: Int = 0)
    case login
    case checkout
    case orders
    case account
    case nested(NestedFlow)
  }

  /// The state of a `nested` screen: an inner coordinator with its own tabs and stacks.
  ///
  /// It is saved inside the outer document as the inner coordinator's own navigation document,
  /// so a nested flow persists with everything the outer one keeps.
  package struct NestedFlow: Equatable, Sendable, Codable {
    package var coordinator: TabCoordinatorState<Screen>

    package init(_ coordinator: TabCoordinatorState<Screen>) {
      self.coordinator = coordinator
    }

    package init(from decoder: any Decoder) throws {
      let document = try decoder.singleValueContainer().decode(String.self)
      coordinator = try NavigationDocument.decode(Data(document.utf8), as: Screen.self)
    }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(String(decoding: try NavigationDocument.encode(coordinator), as: UTF8.self))
    }
  }
}

extension CoordinatorFixtures.Screen: ScreenNaming {
  /// The case name, as TabFlow would derive it; counted while a ``FormattingProbe`` listens, so
  /// the logging tests can tell whether a message naming screens was formatted at all.
  package var screenName: String {
    CoordinatorFixtures.FormattingProbe.current?.record()
    switch self {
    case .feed: return "feed"
    case .item: return "item"
    case .login: return "login"
    case .checkout: return "checkout"
    case .orders: return "orders"
    case .account: return "account"
    case .nested: return "nested"
    }
  }
}
