import NavigationTestSupport
import TabFlowNavigation
import Testing

extension NavigationTests {
  /// `NavigationCommand`: the single vocabulary of change, as logs and scripts write it.
  @Suite("NavigationCommand")
  struct NavigationCommandTests {
    @Test(
      "each command's name and log description",
      arguments: [
        (TestCommand.push(.item(id: 3)), "push", "push item"),
        (.presentSheet(.login), "presentSheet", "presentSheet login"),
        (.presentSheet(.login, withNavigation: true, configuration: .halfAndFull), "presentSheet",
         "presentSheet login (navigation) (detents: medium, large)"),
        (.presentCover(.checkout, withNavigation: true), "presentCover", "presentCover checkout (navigation)"),
        (.goBack(), "goBack", "goBack"),
        (.goBack(count: 2), "goBack", "goBack 2"),
        (.goBackTo(.screen(.feed)), "goBackTo", "goBackTo feed"),
        (.goBackToRoot, "goBackToRoot", "goBackToRoot"),
        (.pop(count: 3), "pop", "pop 3"),
        (.popTo(.where("any item") { _ in true }), "popTo", "popTo any item"),
        (.popToRoot, "popToRoot", "popToRoot"),
        (.popToCurrentNavigationRoot, "popToCurrentNavigationRoot", "popToCurrentNavigationRoot"),
        (.dismiss(), "dismiss", "dismiss"),
        (.dismiss(count: 2), "dismiss", "dismiss 2"),
        (.dismissAll, "dismissAll", "dismissAll"),
        (.reset([.root(.feed), .sheet(.login)]), "reset", "reset feed > sheet:login"),
        (.open([.push(.item(id: 3))], mode: .keepRoot), "open", "open keepRoot item"),
        (.selectTab("profile"), "selectTab", "selectTab profile"),
        (.tab("profile", .push(.orders)), "tab", "tab profile: push orders"),
        (.emit(NavigationEvent("purchased", payload: ["id": 3])), "emit", "emit purchased {id=3}"),
      ]
    )
    func nameAndDescription(command: TestCommand, name: String, description: String) {
      #expect(command.name == name)
      #expect(command.description == description)
    }

    @Test("map transforms every screen, including those of nested tab commands and route lists")
    func map() {
      let commands: [NavigationCommand<Int>] = [
        .push(1), .presentSheet(2, withNavigation: true, configuration: .half), .presentCover(3),
        .reset([.root(4), .push(5)]), .open([.push(6)], mode: .append), .tab("home", .push(7)),
        .goBackTo(.where("even") { $0 % 2 == 0 }), .dismiss(count: 2),
      ]
      let mapped = commands.map { command in
        command.map({ "s\($0)" }, match: { match in .where(match.label) { _ in true } })
      }
      #expect(
        mapped == [
          .push("s1"), .presentSheet("s2", withNavigation: true, configuration: .half), .presentCover("s3"),
          .reset([.root("s4"), .push("s5")]), .open([.push("s6")], mode: .append), .tab("home", .push("s7")),
          .goBackTo(.where("even") { _ in false }), .dismiss(count: 2),
        ])
    }

    @Test("open modes are written replace, keepRoot and append")
    func openModes() {
      #expect(OpenMode.allCases.map(\.description) == ["replace", "keepRoot", "append"])
    }
  }
}
