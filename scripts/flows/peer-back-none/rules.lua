-- Peer tests (React Navigation's TabRouter, go_router's StatefulShellRoute): four tabs, the app
-- starting on the second (initialRouteName / initialLocation), back = "none".
app "Peers" { back = "none", initialTab = "b" }

tab "a" { root = "a" }
tab "b" { root = "b" }
tab "c" { root = "c" }
tab "d" { root = "d" }

screen "a" { actions = { "open" } }
screen "b" { actions = { "open" } }
screen "c" { actions = { "open" } }
screen "d" { actions = { "open" } }
screen "detail" { state = { count = 0 }, actions = { "increment" } }

on("*.open", function(nav) nav:push("detail") end)
on("detail.increment", function(nav) nav:setState({ count = nav.stack[nav.depth].state.count + 1 }) end)
