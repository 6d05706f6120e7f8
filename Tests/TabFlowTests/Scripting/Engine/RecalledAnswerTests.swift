import Testing
import TabFlow

extension ScriptedRulesTests {
  /// Guards and deep-link handlers are pure, so one that already answered a change (a URL) that
  /// looks the same to it — the same source (URL), the same values of the views it read — is not
  /// run again: its answer is recalled, and is the answer it would give.
  @MainActor
  @Suite("Recalled answers")
  struct RecalledAnswerTests {
    static let script = """
      tab "home" { root = "feed" }
      screen "feed" { actions = { "open", "spin" } }
      screen "item" { state = { id = 0 } }
      on("feed.open", function(nav, p) nav:push("item", { id = p.id }) end)
      on("feed.spin", function(nav, p)
        local n = 0
        for i = 1, p.n do n = n + i end
        nav:push("item", { id = 0 })
      end)
      """

    @Test func aRecalledAnswerIsTheAnswerTheGuardGives() throws {
      let flow = try ScriptedFlow(Self.script + """

        guard("odd items", function(change)
          local top = change.after.stack[#change.after.stack]
          if top.screen == "item" and top.state.id % 2 == 1 then
            return false, "item " .. top.state.id .. " is odd (from " .. change.before.top .. ")"
          end
        end)
        """)
      for round in 1...3 {
        try flow.send("open", ["id": 3])
        try flow.send("open", ["id": 4], from: "feed")
        #expect(flow.path == "feed > item")
        flow.perform([.pop()])
        #expect(flow.path == "feed", "round \(round)")
      }
      #expect(flow.failures.map(\.message) == Array(repeating: "item 3 is odd (from feed)", count: 3))
      // A change that reads differently is judged anew.
      try flow.send("open", ["id": 5])
      #expect(flow.failures.last?.message == "item 5 is odd (from feed)")
      flow.store.send(.setContext("seen", true))
      try flow.send("open", ["id": 3])
      #expect(flow.failures.count == 5)
    }

    /// A view read with many different values (here more than a memo compares in turn before it
    /// hashes them) still recalls each value's own answer.
    @Test func manyValuesOfOneViewEachRecallTheirOwnAnswer() throws {
      let flow = try ScriptedFlow(Self.script + """

        guard("odd items", function(change)
          local top = change.after.stack[#change.after.stack]
          if top.screen == "item" and top.state.id % 2 == 1 then return false, "odd " .. top.state.id end
        end)
        """)
      for _ in 1...2 {
        for id in 1...20 {
          try flow.send("open", ["id": .int(id)])
          if id % 2 == 0 {
            #expect(flow.path == "feed > item")
            flow.perform([.pop()])
          }
          #expect(flow.path == "feed")
        }
      }
      let odd = (1...20).filter { $0 % 2 == 1 }.map { "odd \($0)" }
      #expect(flow.failures.map(\.message) == odd + odd)
    }

    @Test func aRecalledAnswerIsChargedToTheActionsBudget() throws {
      // The guard costs about 30,000 instructions (two per turn of its loop) and reads nothing: after its first call its
      // answer is known. Recalled after a rule that used most of the budget, it does not fit, so
      // it runs — and fails as it would have.
      let flow = try ScriptedFlow(Self.script + """

        guard("costly", function(change)
          local n = 0
          for i = 1, 15000 do n = n + i end
        end)
        """, limits: LuaVM.Limits.counted(instructions: 100_000))
      try flow.send("spin", ["n": 10])
      #expect(flow.path == "feed > item")
      flow.perform([.pop()])
      try flow.send("spin", ["n": 10_000])
      #expect(flow.path == "feed > item")
      flow.perform([.pop()])
      #expect(flow.failures.isEmpty)

      try flow.send("spin", ["n": 40_000])
      #expect(flow.path == "feed")
      #expect(flow.failures.map(\.message) == [
        "guard failed: shop.lua:12: guard 'costly': script stopped (instruction budget of 100000 exceeded)"
      ])
    }

    @Test func aRecalledDeepLinkOpensWhatTheHandlerOpens() throws {
      let flow = try ScriptedFlow(Self.script + """

        deeplink("shop://item/:id", function(nav, p)
          if nav.top == "item" then nav:pop() end
          nav:push("item", { id = tonumber(p.id) })
        end)
        """)
      flow.store.send(.openURL("shop://item/3"))
      #expect(flow.path == "feed > item")
      flow.store.send(.openURL("shop://item/3"))
      flow.store.send(.openURL("shop://item/4"))
      #expect(flow.path == "feed > item")
      #expect(flow.state.selectedStack.top.screen == (try flow.screen("item", ["id": 4])))
      flow.perform([.pop()])
      flow.store.send(.openURL("shop://item/3"))
      #expect(flow.state.selectedStack.routes.map(\.screen) == [try flow.screen("feed"), try flow.screen("item", ["id": 3])])
      #expect(flow.failures.isEmpty)
    }

    /// A `link`'s screen made once per URL parameters is the screen the parameters make, opened
    /// again with the same URL or another spelling of its parameters; parameters that make no
    /// screen refuse the URL every time.
    @Test func aLinkOpenedAgainShowsTheScreenItsParametersMake() throws {
      let flow = try ScriptedFlow(Self.script + """

        screen "tagged" { state = { id = 0, tag = "" } }
        link("shop://item/:id", "item")
        link("shop://tagged/:id", "tagged")
        """)
      let opened: [(url: String, screen: DynamicScreen?)] = [
        ("shop://item/3", try flow.screen("item", ["id": 3])),
        ("shop://item/4", try flow.screen("item", ["id": 4])),
        ("shop://item/x", nil),
        ("shop://tagged/3?tag=new", try flow.screen("tagged", ["id": 3, "tag": "new"])),
        ("shop://tagged/3?tag=n%65w", try flow.screen("tagged", ["id": 3, "tag": "new"])),
        ("shop://tagged/3", try flow.screen("tagged", ["id": 3, "tag": ""])),
      ]
      for round in 1...3 {
        for (url, screen) in opened {
          let failures = flow.failures.count
          flow.store.send(.openURL(url))
          if let screen {
            #expect(flow.state.selectedStack.top.screen == screen, "\(url), round \(round)")
            flow.perform([.popToRoot])
          } else {
            #expect(flow.failures.count == failures + 1, "\(url), round \(round)")
          }
        }
      }
    }
  }
}
