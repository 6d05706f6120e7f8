-- A rule for a route in a tab that is not selected (scripts/flows/background/background.flow).
-- An effect started in `home` may finish after the user switched to `search`: its action still
-- comes from the `home` route, and its rule navigates `home` — never the selected tab.
app "Background"
tab "home"       { root = "feed" }
tab "search"     { root = "query" }
tab "saved list" { root = "saved" }

screen "feed"   { actions = { loaded = { id = 1 }, "jump" } }
screen "query"  { actions = { "find" } }
screen "saved"  { actions = { "1st" } }
screen "detail" { state = { id = 0 } }

on("feed.loaded", function(nav, p)
  -- nav describes the route's own tab.
  nav:push("detail", { id = p.id })
  nav:emit("loaded", { tab = nav.currentTab, top = nav.top })
end)
on("feed.jump", function(nav)
  if nav.depth > 1 then nav:pop() end  -- the route's tab (home), although search is selected
  nav:selectTab("home")          -- the only way a rule changes the selected tab
end)
on("query.find", function(nav) nav:tab("home"):push("detail", { id = 9 }) end)
on("saved.1st", function(nav) nav:push("detail", { id = 1 }) end)
