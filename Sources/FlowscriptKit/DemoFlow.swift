// Generated from scripts/demo.lua by scripts/embed — edit that file, then run the script.
// scripts/test fails when the two differ.

/// The bundled demo flow, embedded in the binary (`flowscript` with no arguments opens it).
enum DemoFlow {
  static let source = #"""
-- TabFlow demo: a small shop. `flowscript` with no arguments opens a REPL on this flow.
-- Try:  feed.itemTapped {id=3}   item.buyTapped   login.loggedIn   tab profile   url shop://item/7
--       url shop://orders/7 (logged out: login first, the order opens after `set loggedIn true`)
--       feed.cartTapped   cart.checkoutTapped   set loggedIn true (the checkout resumes)

app "Shop" { back = "history" }

tab "home"    { root = "feed", title = "Home", image = "house" }
tab "search"  { root = "search", title = "Search", leave = "popToRoot", role = "search", image = "magnifyingglass" }  -- leaving drops its results
tab "profile" { root = "account", title = "Profile", reselect = "none", section = "You", image = "person" }

screen "feed"     { title = "Feed", actions = { itemTapped = { id = 1 }, cartTapped = {}, promoTapped = {} } }
screen "item"     { title = "Item", state = { id = 0, qty = 1 },
                    actions = { buyTapped = {}, relatedTapped = { id = 2 }, shareTapped = {}, reviewTapped = {} } }
screen "cart"     { title = "Cart", actions = { "checkoutTapped", "closeTapped" } }
screen "checkout" { title = "Checkout", state = { total = 0 }, actions = { "paid", "cancelled" } }
screen "login"    { title = "Log in", state = { reason = "" }, actions = { "loggedIn", "cancelled", "helpTapped" } }
screen "help"     { title = "Help", actions = { "doneTapped" } }
screen "promo"    { title = "Promo", actions = { "closeTapped" } }
screen "search"   { title = "Search", state = { query = "" }, actions = { resultTapped = { id = 4 } } }
screen "account"  { title = "Account", actions = { "ordersTapped", "logoutTapped" } }
screen "orders"   { title = "Orders", state = { highlight = 0 }, actions = { orderTapped = { id = 5 } } }
screen "share"    { title = "Share", actions = { "sent", "cancelled" } }
screen "review"   { title = "Review", state = { stars = 5 }, actions = { "posted" } }

-- The host sets `loggedIn`; `check`, `diff` and `map` try it both ways.
context "loggedIn"

on("feed.itemTapped", function(nav, p) nav:push("item", { id = p.id }) end)
on("search.resultTapped", function(nav, p) nav:push("item", { id = p.id }) end)
on("item.relatedTapped", function(nav, p) nav:push("item", { id = p.id }) end)
on("feed.cartTapped", function(nav) nav:presentSheet("cart", {}, { navigation = true, detents = { "medium", "large" } }) end)
-- The promo covers the whole tab bar (the app layer, above every tab); its closeTapped closes it.
on("feed.promoTapped", function(nav) nav:app():presentCover("promo") end)
on("item.shareTapped", function(nav) nav:presentSheet("share", {}, { detents = { "medium" } }) end)
on("share.sent", function(nav) nav:dismiss() end)
on("item.reviewTapped", function(nav) nav:push("review") end)
on("review.posted", function(nav) nav:pop() end)

-- Buying needs a login; once logged in, the order shows in the profile tab (a cross-tab rule).
on("item.buyTapped", function(nav)
  if not nav.context.loggedIn then
    nav:presentSheet("login", { reason = "buy" }, { navigation = true })
  else
    -- The item's own state says which it is: buyTapped carries no payload.
    nav:tab("profile"):goBackToRoot()
    nav:tab("profile"):push("orders", { highlight = nav.stack[nav.depth].state.id })
    nav:selectTab("profile")
    nav:emit("purchased")
  end
end)
on("login.helpTapped", function(nav) nav:push("help") end)
on("help.doneTapped", function(nav) nav:pop() end)
on("login.loggedIn", function(nav) nav:emit("loggedIn"); nav:dismiss() end)
on("cart.checkoutTapped", function(nav) nav:push("checkout", { total = 42 }) end)
on("checkout.paid", function(nav) nav:dismissAll(); nav:emit("paid") end)
on("account.ordersTapped", function(nav) nav:push("orders") end)
-- Logging out brings every tab back to its root, in one batch.
on("account.logoutTapped", function(nav) nav:emit("loggedOut"); nav:resetTabs("home") end)
on("orders.orderTapped", function(nav, p)
  nav:tab("home"):dismissAll()
  nav:tab("home"):push("item", { id = p.id })
  nav:selectTab("home")
end)

-- Every "cancelled" and "closeTapped" closes the presented layer it comes from (wildcard rules).
on("*.cancelled", function(nav) nav:dismiss() end)
on("*.closeTapped", function(nav) nav:dismiss() end)

-- When the host changes `loggedIn`: a login closes the login sheet (a checkout that waited for
-- it resumes then); a session that ends closes the screens that need one, in every tab.
on_context("loggedIn", function(nav, value)
  if value then
    if nav:contains("login") then nav:goBackTo("login"); nav:dismiss() end
    return
  end
  if nav:tab("profile"):contains("orders") then nav:tab("profile"):goBackToRoot() end
  if nav:tab("home"):contains("checkout") then nav:tab("home"):dismissAll() end
end)

-- Shows the login sheet; a user closing it (logged out, `back`) goes to the tab's root instead.
local function showLogin(reason, source)
  return function(nav)
    if not nav:contains("login") then
      nav:presentSheet("login", { reason = reason }, { navigation = true })
    elseif source == "back" then
      nav:goBackToRoot()
    end
  end
end

-- Guards check every batch, whatever rule, tap, back or link made it.
-- Checkout needs a login: the change is redirected to the login sheet, and the tap is sent again
-- once logged in (`resume`), so the user does not tap twice.
-- (It looks at the home tab, where checkouts open, not only at the selected tab: a resumed tap
-- may be sent while the user is on another tab.)
guard("login required for checkout", function(change)
  if not change.context.loggedIn and change.after:tab("home"):contains("checkout") then
    return false, "login required", { redirect = showLogin("checkout", change.source), resume = true }
  end
end)

-- Orders need a login too: the change is redirected to the login sheet, and a link to them
-- is kept and opens once logged in.
guard("login required for orders", function(change)
  if change.after.top == "orders" and not change.context.loggedIn then
    return false, "login required", { redirect = showLogin("orders", change.source), defer = true }
  end
end)

-- Leaving a review unposted asks first: the host re-sends the change confirmed (`confirm`).
guard("unsaved review", function(change)
  local tab = change.before.currentTab
  if change.before.top == "review" and not change.after:tab(tab):contains("review")
      and change.source ~= "rule review.posted" then
    return false, "discard the review?", { ask = true }
  end
end)

-- Links map screens to URLs both ways: opening one shows the screen, and `url` writes it.
link("shop://item/:id", "item", { tab = "home" })
link("shop://orders/:highlight", "orders", { tab = "profile" })
link("shop://home", "feed", { tab = "home" })
deeplink("shop://orders", function(nav, p)
  nav:selectTab("profile")
  nav:open({ { "orders", { highlight = tonumber(p.highlight) or 0 } } }, "keepRoot")
end)

-- What must hold in every state (`check` and `diff` evaluate it everywhere; apps may assert it in
-- debug builds): the login sheet is never shown twice in one stack.
invariant("one login sheet at most", function(s)
  local logins = 0
  for _, route in ipairs(s.stack) do
    if route.screen == "login" then logins = logins + 1 end
  end
  return logins <= 1, logins .. " login sheets in one stack"
end)
"""#
}
