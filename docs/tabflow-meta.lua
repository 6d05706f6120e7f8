---@meta tabflow
-- TabFlow's rule DSL for lua-language-server (LuaCATS annotations): the declarations and `nav`
-- of Sources/TabFlowLua/RuleDSL.lua, as docs/LUA-RULES.md describes them.
--
-- This is the fixed part of what `flowscript types RULES.lua` prints: the command embeds it
-- (at build time, the EmbedLua build-tool plugin: `EmbeddedLua.tabflowMeta`) and adds the names the
-- script declares — ScreenName, TabID, ScreenState, ActionName, RuleKey, a `<screen>.State`
-- class per screen and a `<screen>.<action>.Payload` class per declared action — and, before
-- `Nav:push`, `Nav:presentSheet`, `Nav:presentCover` and `on`, one `---@overload` per screen
-- (per action for `on`) taking those classes. Alone, this file leaves those names undefined;
-- use the command's output.

-- Declarations ------------------------------------------------------------------

---@class AppOptions
---@field back? "none"|"history"|"firstRoute"|"initialRoute"|"order" where back at a tab's root goes: nowhere, the previous tab, the first tab, the initial tab or the tab before (default "none")
---@field initialTab? TabID the tab the app starts on (default the first)

---@class TabOptions
---@field root ScreenName the tab's root screen
---@field reselect? "popToRoot"|"none" what selecting the selected tab does (default "popToRoot")
---@field leave? "keep"|"popToRoot" what selecting another tab does to this one (default "keep")
---@field navigation? boolean whether screens can be pushed on the root (default true)
---@field title? string the tab bar's title (default the id)
---@field role? "search"|"prominent" the tab's role in the tab bar (search: iOS 18's search tab; prominent: iOS 27)
---@field section? string the sidebar section the tab is listed in
---@field image? string the tab's image name (an SF Symbol, e.g. "magnifyingglass")
---@field hideable? boolean whether the user may hide the tab in the sidebar's customization (default false)

---@class ScreenOptions
---@field title? string a human title (default the name)
---@field state? table<string, any> the state's fields and their defaults, merged with payloads
---@field actions? table action names, or names with sample payloads (the action's schema): `{ "buyTapped" }`, `{ itemTapped = { id = 1 } }`

---@class LinkOptions
---@field tab? TabID the tab the screen opens in (default the selected tab)

---The app's name: `app "Shop" { back = "history" }`.
---@param name string
---@return fun(options: AppOptions)
function app(name) end

---A tab, in tab-bar order: `tab "home" { root = "feed" }`.
---@param id TabID
---@return fun(options: TabOptions)
function tab(id) end

---A screen: `screen "item" { title = "Item", state = { id = 0 }, actions = { "buyTapped" } }`.
---@param name ScreenName
---@return fun(options?: ScreenOptions)
function screen(name) end

---The rule for an action of a screen (`"feed.itemTapped"`), or of any screen (`"*.cancelled"`).
---A declared action's rule takes its `<screen>.<action>.Payload` (an overload per action); the
---payload is a plain `table` here, so a field the payload class lacks stays an undefined field.
---@param key RuleKey
---@param rule fun(nav: Nav, payload: table)
function on(key, rule) end

---A rule for the host's change of a context key to a different value (`nil`: removed): a batch
---through the guards, its nav the selected tab's, run before the pending link is retried.
---@param key string
---@param rule fun(nav: Nav, value: any)
function on_context(key, rule) end

---A deep link: `:name` segments and query items arrive as strings in `params`.
---@param pattern string
---@param handler fun(nav: Nav, params: table<string, string>)
function deeplink(pattern, handler) end

---Maps a screen to a URL both ways (no handler); each `:param` is a field of the screen's state.
---@param pattern string
---@param screen ScreenName
---@param options? LinkOptions
function link(pattern, screen, options) end

---@class GuardOptions
---@field redirect? fun(nav: Nav) queues commands that replace the rejected batch
---@field defer? boolean keeps a rejected deep link and retries it later
---@field ask? boolean makes the rejection a question the user may confirm (without it, it blocks)
---@field resume? boolean with `redirect`: re-sends the rejected in-app action once the guards allow it

---A check on every batch: `return false, "reason"` blocks it, `return false, "question?", { ask = true }`
---asks the user, anything else allows it.
---@param name string
---@param check fun(change: GuardChange): (boolean?, string?, GuardOptions?)
---@overload fun(check: fun(change: GuardChange): (boolean?, string?, GuardOptions?))
function guard(name, check) end

---Declares a context key and the sample values `check`, `diff`, `graph` and `map` try:
---`context "tier" { "gold", "silver" }`; `context "vip"` alone is a flag (true and false).
---@param key string
---@return fun(values: (string|number|boolean)[])
function context(key) end

---A property of every state, checked by `check` and `diff` (and by an app in debug builds):
---`invariant("orders need login", function(s) return s.top ~= "orders" or s.context.loggedIn end)`.
---Return true when it holds, or false and a reason.
---@param name string
---@param holds fun(s: Nav): (boolean?, string?)
function invariant(name, holds) end

-- nav -------------------------------------------------------------------------

---@class SheetOptions
---@field navigation? boolean whether the sheet has its own navigation stack
---@field detents? string[] `"medium"`, `"large"`, `"fraction:0.3"`, `"height:240"`
---@field dragIndicator? boolean

---@class CoverOptions
---@field navigation? boolean whether the cover has its own navigation stack

---A route for `nav:reset` and `nav:open`: `{ "item", { id = 3 } }`, `{ "login", {}, style = "sheet", navigation = true }`.
---@class RouteSpec
---@field [1] ScreenName
---@field [2]? ScreenState
---@field screen? ScreenName
---@field state? ScreenState
---@field style? "root"|"push"|"sheet"|"cover"
---@field navigation? boolean
---@field detents? string[]

---A route on a stack, as `nav.stack` shows it.
---@class StackRoute
---@field screen ScreenName
---@field style "root"|"push"|"sheet"|"cover"
---@field state table<string, any>

---What sent the action: a rule's screen, action and tab, or a deep link's URL.
---@class NavEvent
---@field screen? ScreenName
---@field action? ActionName
---@field tab? TabID the tab of the route that sent the action (nil for a route presented over the tab bar)
---@field app? boolean true when the route that sent the action is in the app layer (presented over the tab bar)
---@field url? string

---What a rule, deep-link handler or guard redirect receives: commands are queued and applied
---after it returns, as one batch; the views describe the state before the batch. Read-only.
---@class Nav
---@field currentTab TabID the tab the commands go to (the tab of the route that sent the action)
---@field top ScreenName|nil the top screen of that tab (of the app layer for `nav:app()`, nil while nothing is presented over the tab bar)
---@field depth integer routes in that tab's stack, root included (the app layer's routes for `nav:app()`)
---@field stack StackRoute[] that tab's routes, root first (the app layer's, first presented, for `nav:app()`)
---@field context table<string, any> values the host app provides, e.g. `nav.context.loggedIn`
---@field event NavEvent what sent the action
local Nav = {}

---Push a screen onto the top layer.
---@param screen ScreenName
---@param state? ScreenState
function Nav:push(screen, state) end

---Present a sheet.
---@param screen ScreenName
---@param state? ScreenState
---@param options? SheetOptions
function Nav:presentSheet(screen, state, options) end

---Present a full-screen cover.
---@param screen ScreenName
---@param state? ScreenState
---@param options? CoverOptions
function Nav:presentCover(screen, state, options) end

---Change fields of the top screen's state in place (the same route): checked like a push's
---payload, merged into the state the rule sees. Queue it before the rule's other commands.
---@param fields ScreenState
function Nav:setState(fields) end

---Remove the top `n` pushes (default 1).
---@param n? integer
function Nav:pop(n) end

---Remove the pushes above the topmost `screen`.
---@param screen ScreenName
function Nav:popTo(screen) end

---Remove every push above the root.
function Nav:popToRoot() end

---Remove the pushes of the top layer.
function Nav:popToCurrentNavigationRoot() end

---Remove the top `n` routes of any style (default 1).
---@param n? integer
function Nav:goBack(n) end

---Remove everything above the topmost `screen`.
---@param screen ScreenName
function Nav:goBackTo(screen) end

---Keep only the root.
function Nav:goBackToRoot() end

---Remove the top `n` presented layers with their pushes (default 1).
---@param n? integer
function Nav:dismiss(n) end

---Remove every presented layer.
function Nav:dismissAll() end

---Select a tab.
---@param id TabID
function Nav:selectTab(id) end

---A nav for the app layer: the sheets and covers presented over the whole tab bar, each with
---its pushes (onboarding, a login cover). Its commands go there (its first route must be a sheet
---or a cover) and its views describe it. The user's back and dismiss remove its routes first.
---@return Nav
function Nav:app() end

---Every tab back to its root, the tab history cleared, `id` selected.
---@param id TabID
function Nav:resetTabs(id) end

---Set a tab's badge: a whole number or a short text; nil clears it. Badges are navigation state.
---@param id TabID
---@param value? integer|string
function Nav:badge(id, value) end

---Replace the stack.
---@param routes RouteSpec[]
function Nav:reset(routes) end

---Open routes, as deep links do.
---@param routes RouteSpec[]
---@param mode? "replace"|"keepRoot"|"append" default "append"
function Nav:open(routes, mode) end

---An event for the host app.
---@param name string
---@param payload? table<string, any>
function Nav:emit(name, payload) end

---A `nav` for another tab: its commands change that tab without selecting it.
---@param id TabID
---@return Nav
function Nav:tab(id) end

---Whether the tab's stack shows `screen`.
---@param screen ScreenName
---@return boolean
function Nav:contains(screen) end

-- Guards ----------------------------------------------------------------------

---What a guard receives: the state before and after the batch (read-only navs), and the batch.
---@class GuardChange
---@field before Nav the state before the batch (views only)
---@field after Nav the state after the batch (views only)
---@field context table<string, any> values the host app provides
---@field commands string[] the batch's commands as text
---@field source string `rule feed.itemTapped`, `tab tap home`, `back`, `url …`, `host`
