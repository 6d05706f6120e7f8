-- Release 2 of the shop's flow, shipped as a signed rule package (flowscript pack): buying asks
-- for confirmation in a sheet first. The app needs no update: the confirm screen is in its catalog.
app "Example shop"
tab "home"    { root = "feed" }
tab "profile" { root = "account", reselect = "none" }

screen "feed"    { actions = { itemTapped = { id = 1 } } }
screen "item"    { state = { id = 0, qty = 1 }, actions = { "addTapped", "buyTapped" } }
screen "login"   { state = { reason = "", isSubmitting = false }, actions = { "submitTapped", "loginSucceeded", "cancelled" } }
screen "orders"  { state = { highlight = 0 } }
screen "account" { actions = { "ordersTapped" } }
screen "confirm" { state = { id = 0 }, actions = { "confirmTapped", "cancelled" } }

on("feed.itemTapped", function(nav, p) nav:push("item", { id = p.id }) end)
on("item.buyTapped", function(nav)
  if not nav.context.loggedIn then
    nav:presentSheet("login", { reason = "buy" }, { navigation = true, detents = { "medium", "large" } })
  else
    nav:presentSheet("confirm", { id = nav.stack[nav.depth].state.id }, { detents = { "medium" } })
  end
end)
on("confirm.confirmTapped", function(nav)
  local id = nav.stack[nav.depth].state.id
  nav:dismiss()
  nav:tab("profile"):popToRoot()
  nav:tab("profile"):push("orders", { highlight = id })
  nav:selectTab("profile")
  nav:emit("purchased", { id = id })
end)
on("login.loginSucceeded", function(nav) nav:dismiss() end)
on("*.cancelled", function(nav) nav:dismiss() end)
on("account.ordersTapped", function(nav) nav:push("orders") end)

deeplink("shop://item/:id", function(nav, p)
  nav:selectTab("home")
  nav:open({ { "item", { id = tonumber(p.id) } } }, "keepRoot")
end)
