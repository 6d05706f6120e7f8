-- Version 1 of a flow; scripts/flows/reload/reload.flow reloads rules-v2.lua over it.
app "Reload"
tab "home"   { root = "feed" }
tab "search" { root = "query" }
screen "feed"  { actions = { "open" } }
screen "query" {}
screen "item"  { state = { id = 0, note = "v1" } }
on("feed.open", function(nav) nav:push("item", { id = 3 }) end)
