-- What a 2026 tab bar binds to (scripts/flows/tabbar/tabbar.flow): roles, sections, images, tabs
-- the user may hide, badges rules set, and a guard the back gesture agrees with.
app "TabBar"
tab "home"    { root = "feed", image = "house" }
tab "search"  { root = "query", role = "search", section = "Browse", image = "magnifyingglass", hideable = true }
tab "saved"   { root = "list", section = "Browse", image = "bookmark", hideable = true }
tab "orders"  { root = "orders", role = "prominent", image = "bag" }

screen "feed"   { actions = { "compose", "newOrder", "seen", "findSaved" } }
screen "query"  {}
screen "list"   {}
screen "orders" {}
screen "draft"  { actions = { "save" } }

on("feed.compose", function(nav) nav:push("draft") end)
on("feed.newOrder", function(nav) nav:badge("orders", 1) end)
on("feed.seen", function(nav) nav:badge("orders", nil) end)
on("feed.findSaved", function(nav) nav:selectTab("saved") end)
on("draft.save", function(nav) nav:pop() end)

guard("unsaved draft", function(change)
  if change.source == "back" and change.before.top == "draft" and change.after.top ~= "draft" then
    return false, "discard the draft?", { ask = true }
  end
end)
