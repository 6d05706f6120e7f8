-- Version 2: a new tab, a new field for item (qty), a dropped one (note), a changed rule.
app "Reload"
tab "home"   { root = "feed" }
tab "help"   { root = "faq" }
tab "search" { root = "query" }
screen "feed"  { actions = { "open" } }
screen "query" {}
screen "faq"   { state = { topic = "start" } }
screen "item"  { state = { id = 0, qty = 1 } }
on("feed.open", function(nav) nav:presentSheet("item", { id = 4 }) end)
