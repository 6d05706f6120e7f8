-- Peer tests (go_router's routes outside a StatefulShellRoute, React Navigation's root stack
-- around its tab navigator): screens presented over the whole tab bar — the app layer —
-- with their own pushes, reached by rules, guards and deep links, removed by back first.
app "Shell"

tab "a" { root = "aRoot" }
tab "b" { root = "bRoot" }

screen "aRoot"    { actions = { "openDetail", "openTopLevel", "closeOverlay", "pushOverlay" } }
screen "aDetail"  { state = { id = 0 }, actions = { "openTopLevel" } }
screen "bRoot"    { actions = { "openTopLevel", "openPrivate" } }
screen "private"  {}
-- Outside the shell: presented over both tabs, with navigation for its own pushes.
screen "topLevel" { state = { step = 1 }, actions = { "next", "close", "switchToB" } }
screen "topNext"  { actions = { "close" } }
screen "login"    { actions = { "loggedIn", "cancel" } }

context "loggedIn"

on("aRoot.openDetail", function(nav) nav:push("aDetail", { id = 1 }) end)
local function openTopLevel(nav) nav:app():presentCover("topLevel", {}, { navigation = true }) end
on("aRoot.openTopLevel", openTopLevel)
on("aDetail.openTopLevel", openTopLevel)
on("bRoot.openTopLevel", openTopLevel)
-- A route in the app layer: its rule's commands go to the app layer, its views describe it.
on("topLevel.next", function(nav)
  nav:setState({ step = nav.depth + 1 })
  nav:push("topNext")
end)
on("topLevel.close", function(nav) nav:dismiss() end)
on("topLevel.switchToB", function(nav) nav:selectTab("b") end)
on("topNext.close", function(nav) nav:dismissAll() end)
on("bRoot.openPrivate", function(nav) nav:push("private") end)
on("login.loggedIn", function(nav) nav:dismiss() end)
on("login.cancel", function(nav) nav:dismiss() end)
-- Invalid app-layer commands fail like a tab's: nothing is presented to dismiss or push onto.
on("aRoot.closeOverlay", function(nav) nav:app():dismiss() end)
on("aRoot.pushOverlay", function(nav) nav:app():push("topNext") end)

-- go_router's redirect to a route outside the shell: the login sheet over the whole tab bar,
-- and the tap resumed once logged in.
guard("auth", function(change)
  if change.after:tab("b"):contains("private") and not change.context.loggedIn then
    return false, "login required", {
      redirect = function(nav)
        if not nav:app():contains("login") then nav:app():presentSheet("login") end
      end,
      resume = true,
    }
  end
end)

-- A deep link may target the app layer.
deeplink("shell://top", function(nav) nav:app():presentCover("topLevel", {}, { navigation = true }) end)
