-- Peer tests (go_router's redirect with refreshListenable, React Navigation's auth flow): a
-- protected screen, a login cover, a session that expires, and the tap resumed after login.
app "Auth"

tab "home"    { root = "home" }
tab "account" { root = "account" }

screen "home"    { actions = { "openSecret", "openPublic" } }
screen "account" { actions = { "openSecret" } }
screen "public"  { actions = { "openSecret" } }
screen "secret"  { state = { id = 0 } }
screen "login"   { actions = { "submit", "cancel" } }

context "loggedIn"

on("home.openSecret", function(nav) nav:push("secret", { id = 1 }) end)
on("account.openSecret", function(nav) nav:push("secret", { id = 2 }) end)
on("home.openPublic", function(nav) nav:push("public") end)
on("public.openSecret", function(nav) nav:push("secret", { id = 3 }) end)
on("login.submit", function(nav) nav:emit("loggedIn") end)
on("login.cancel", function(nav) nav:dismiss() end)

-- go_router re-runs its redirect when the auth state notifies: logged out, no tab keeps a secret.
on_context("loggedIn", function(nav, value)
  if value then
    if nav:contains("login") then nav:goBackTo("login"); nav:dismiss() end
    return
  end
  for _, tab in ipairs({ "home", "account" }) do
    if nav:tab(tab):contains("secret") then nav:tab(tab):popTo(tab) end
  end
end)

-- Logged out, a secret redirects to the login cover; the tap is sent again after login.
guard("auth", function(change)
  local secret = change.after:tab("home"):contains("secret") or change.after:tab("account"):contains("secret")
  if secret and not change.context.loggedIn then
    return false, "login required", {
      redirect = function(nav)
        if not nav:contains("login") then nav:presentCover("login", {}, { navigation = true }) end
      end,
      resume = true,
    }
  end
end)

deeplink("auth://secret/:id", function(nav, p) nav:selectTab("home"); nav:push("secret", { id = tonumber(p.id) }) end)
