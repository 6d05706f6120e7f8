-- The rule DSL: trusted Lua that runs in the sandbox before each rule script and gives it its
-- globals (app, tab, screen, on, on_context, deeplink, link, guard, context, invariant) and the `nav` objects rules receive.
--
-- Embedded into TabFlow at build time by the EmbedLua build-tool plugin (`EmbeddedLua.ruleDSL`); a
-- test compiles this file.
--
-- The chunk defines the factory `tabflow_make_dsl` in its own environment, which no script can
-- reach. Each call makes a fresh, independent set of declarations, so a reload never sees the
-- previous script's state. Declarations are plain data the host reads; handler functions stay in
-- Lua and are called through `call_rule` / `call_deeplink` / `call_guard`, which return queued
-- commands as plain tables. Names, tabs and payload fields are checked where the rule calls `nav`,
-- so errors carry the script's `file:line`.
local type, error, ipairs, select, mathtype = type, error, ipairs, select, math.type
local raw_next, getmetatable = next, getmetatable
local pcall, tonumber, rawequal = pcall, tonumber, rawequal
local sort, concat = table.sort, table.concat
local dsl_setmetatable, dsl_print, dsl_math, dsl_rawset = setmetatable, print, math, rawset

-- The factory is kept as a global of the DSL's own environment (no script can reach it).
-- `host` holds what the engine provides: `view(which, tab, field, argument)` answering nav views,
-- `current` (what is running, read by the host's error messages), `freeze`, `enqueue` (the one
-- writer of the command queue), `pop_one` (the queue's shared pop command), `nav_methods` (the
-- engine's push and pop), and the deterministic, freeze-aware library functions rules get. `limits.tabs` caps the tabs;
-- `limits.engineNav = false` keeps the DSL's own push and pop (see nav_methods below; for a test).
function tabflow_make_dsl(host, limits)
  local view, current, tostring = host.view, host.current, host.tostring
  -- " — did you mean 'x'?" or "": the engine's one edit-distance rule, shared with the host.
  local hint = host.hint
  local next, pairs, state_fits = host.next, host.pairs, host.state_fits
  local maxTabs = (limits and limits.tabs) or 64
  local maxValues = (limits and limits.values) or 10000
  local decl = {
    app = "", back = "none",
    tabs = {},                     -- array of {id=, root=, reselect=, leave=, navigation=, title=, role=, section=, image=, hideable=, line=}
    screens = {},                  -- array of {name=, title=, state=, actions={ {name=, sample=} }}
    rules = {},                    -- array of {key=, line=}
    deeplinks = {},                -- array of {pattern=, line=}
    links = {},                    -- array of {pattern=, screen=, tab=, line=}
    guards = {},                   -- array of {name=, line=}
    context = {},                  -- array of {key=, values={…} or false, line=}
    invariants = {},               -- array of {name=, line=}
    contextRules = {},             -- array of {key=, line=}
  }
  local tabsById, screensByName, rulesByKey = {}, {}, {}
  local tabOrder, screenOrder = {}, {}
  local ruleFns, linkFns, guardFns, invariantFns = {}, {}, {}, {}
  local ruleWhat, linkWhat, guardWhat, invariantWhat = {}, {}, {}, {}
  local contextByKey, invariantsByName = {}, {}
  local contextRuleFns, contextRuleWhat, contextRulesByKey = {}, {}, {}
  local sealed = false
  local check_upvalues   -- set by seal when the script's functions hold variables
  local dsl = {}

  local function fail(message, level) error(message, level + 1) end

  local function sortedkeys(t)
    local keys = {}
    for k in pairs(t) do keys[#keys + 1] = tostring(k) end
    sort(keys)
    return keys
  end

  -- An option table takes only the options it names: an unknown key is refused with the list and
  -- a suggestion (`screen 'x': unknown option 'sate' (options: actions, state, title) — did you
  -- mean 'state'?`). The reported key is the first in the deterministic order.
  local function check_options(options, allowed, what, level)
    for k in pairs(options) do
      if not allowed[k] then
        local names = sortedkeys(allowed)
        local name = tostring(k)
        fail(what .. ": unknown option '" .. name .. "' (options: " .. concat(names, ", ") .. ")" .. hint(name, names),
          level + 1)
      end
    end
  end
  local APP_OPTIONS = { back = true, initialTab = true }
  local BACK_BEHAVIORS = { none = true, history = true, firstRoute = true, initialRoute = true, order = true }
  local TAB_OPTIONS = { root = true, reselect = true, leave = true, navigation = true, title = true,
                        role = true, section = true, image = true, hideable = true }
  local SCREEN_OPTIONS = { title = true, state = true, actions = true }
  local LINK_OPTIONS = { tab = true }
  local SHEET_OPTIONS = { navigation = true, detents = true, dragIndicator = true }
  local COVER_OPTIONS = { navigation = true }
  local GUARD_OPTIONS = { redirect = true, defer = true, ask = true, resume = true }

  -- The script line that called a declaration, or nil: `error` names the position at level 4 —
  -- 1 is pcall, 2 this function, 3 the declaration, 4 the script that called it.
  local function caller_line()
    local _, where = pcall(error, "", 4)
    return type(where) == "string" and tonumber(where:match(":(%d+): $")) or nil
  end

  local function check_name(value, what, level)
    if type(value) ~= "string" or value == "" then
      fail(what .. " must be a non-empty string, got " .. type(value), level + 1)
    end
    return value
  end

  -- Declarations are made while the script loads; inside a rule they would be silently lost.
  local function check_loading(what, level)
    if sealed then
      fail(what .. " must be declared while the script loads, not inside " .. (current.what or "a rule"), level + 1)
    end
  end

  -- Declared values are plain data: strings, numbers, booleans and tables of them (no functions,
  -- no cycles), so the host can read them and the explorer can send them.
  local function check_data(value, what, level)
    local count, open = 0, {}
    local function walk(v, path, depth)
      local kind = type(v)
      if kind == "string" or kind == "number" or kind == "boolean" then return nil end
      if kind ~= "table" then
        return path .. " is a " .. kind .. "; declarations take plain data (strings, numbers, booleans and tables of them)"
      end
      if open[v] then return path .. " contains itself (a cycle)" end
      if depth > 32 then return path .. " is nested deeper than 32 levels" end
      open[v] = true
      for k, item in pairs(v) do
        count = count + 1
        if count > maxValues then return "it has more than " .. maxValues .. " elements" end
        local problem = walk(item, path .. "." .. tostring(k), depth + 1)
        if problem then return problem end
      end
      open[v] = nil
      return nil
    end
    local problem = walk(value, "value", 0)
    if problem then fail(what .. ": " .. problem, level + 1) end
    return value
  end

  -- Declarations -------------------------------------------------------------

  function dsl.app(name)
    check_loading("the app", 2)
    decl.app = check_name(name, "app name", 2)
    return function(options)
      if type(options) ~= "table" then fail("app options must be a table", 2) end
      check_options(options, APP_OPTIONS, "app '" .. name .. "'", 2)
      local back = options.back
      if back ~= nil and not BACK_BEHAVIORS[back] then
        fail("app back must be \"none\", \"history\", \"firstRoute\", \"initialRoute\" or \"order\", got "
          .. tostring(back), 2)
      end
      decl.back = back or "none"
      -- The tabs are declared after the app: the host checks that the initial tab is one of them.
      local initialTab = options.initialTab
      if initialTab ~= nil and (type(initialTab) ~= "string" or initialTab == "") then
        fail("app initialTab must be a tab id, got " .. type(initialTab), 2)
      end
      decl.initialTab = initialTab
      decl.line = caller_line()
    end
  end

  function dsl.tab(id)
    check_loading("tabs", 2)
    check_name(id, "tab id", 2)
    if id:sub(1, 1) == "@" then fail("tab id '" .. id .. "': ids starting with '@' are reserved (the app layer is nav:app())", 2) end
    if tabsById[id] then fail("tab '" .. id .. "' is declared twice", 2) end
    if #decl.tabs >= maxTabs then
      fail("too many tabs: a script may declare at most " .. maxTabs .. " (a tab bar shows a handful)", 2)
    end
    local line = caller_line()
    return function(spec)
      if type(spec) ~= "table" then fail("tab '" .. id .. "' needs a table, e.g. { root = \"feed\" }", 2) end
      check_options(spec, TAB_OPTIONS, "tab '" .. id .. "'", 2)
      local root = spec.root
      if type(root) ~= "string" then fail("tab '" .. id .. "' needs root = \"<screen>\"", 2) end
      local reselect = spec.reselect or "popToRoot"
      if reselect ~= "popToRoot" and reselect ~= "none" then
        fail("tab '" .. id .. "': reselect must be \"popToRoot\" or \"none\", got " .. tostring(reselect), 2)
      end
      local leave = spec.leave or "keep"
      if leave ~= "keep" and leave ~= "popToRoot" then
        fail("tab '" .. id .. "': leave must be \"keep\" or \"popToRoot\", got " .. tostring(leave), 2)
      end
      local navigation = spec.navigation
      if navigation == nil then navigation = true end
      if type(navigation) ~= "boolean" then fail("tab '" .. id .. "': navigation must be a boolean", 2) end
      local title = spec.title or id
      if type(title) ~= "string" then fail("tab '" .. id .. "': title must be a string, got " .. type(title), 2) end
      local role = spec.role
      if role ~= nil and role ~= "search" and role ~= "prominent" then
        fail("tab '" .. id .. "': role must be \"search\" or \"prominent\", got " .. tostring(role), 2)
      end
      for _, key in ipairs({ "section", "image" }) do
        if spec[key] ~= nil and type(spec[key]) ~= "string" then
          fail("tab '" .. id .. "': " .. key .. " must be a string, got " .. type(spec[key]), 2)
        end
      end
      local hideable = spec.hideable
      if hideable == nil then hideable = false end
      if type(hideable) ~= "boolean" then fail("tab '" .. id .. "': hideable must be a boolean", 2) end
      local t = { id = id, root = root, reselect = reselect, leave = leave, navigation = navigation, title = title,
                  role = role, section = spec.section, image = spec.image, hideable = hideable, line = line }
      tabsById[id] = t
      tabOrder[#tabOrder + 1] = id
      decl.tabs[#decl.tabs + 1] = t
    end
  end

  function dsl.screen(name)
    check_loading("screens", 2)
    check_name(name, "screen name", 2)
    -- Names: any non-empty text, except that a screen's has no '.' (it separates the screen from
    -- the action in rule keys and flowscript lines) and is not '*' (any screen, in rule keys).
    if name:find(".", 1, true) then
      fail("screen name '" .. name .. "' cannot contain '.': it separates the screen from the action in "
        .. "rule keys (\"screen.action\")", 2)
    end
    if name == "*" then fail("'*' cannot be a screen name: in a rule key it means any screen", 2) end
    if screensByName[name] then fail("screen '" .. name .. "' is declared twice", 2) end
    return function(spec)
      spec = spec or {}
      if type(spec) ~= "table" then fail("screen '" .. name .. "' needs a table", 2) end
      check_options(spec, SCREEN_OPTIONS, "screen '" .. name .. "'", 2)
      local title = spec.title or name
      if type(title) ~= "string" then fail("screen '" .. name .. "': title must be a string, got " .. type(title), 2) end
      local state = spec.state or {}
      if type(state) ~= "table" then fail("screen '" .. name .. "': state must be a table of defaults", 2) end
      for k in pairs(state) do
        if type(k) ~= "string" then fail("screen '" .. name .. "': state fields must be named", 2) end
      end
      check_data(state, "screen '" .. name .. "': state", 2)
      local actions, seen = {}, {}
      local declared = spec.actions or {}
      if type(declared) ~= "table" then fail("screen '" .. name .. "': actions must be a table", 2) end
      for i, a in ipairs(declared) do
        if type(a) ~= "string" or a == "" then fail("screen '" .. name .. "': action " .. i .. " must be a name", 2) end
        if not seen[a] then seen[a] = true; actions[#actions + 1] = { name = a, sample = {} } end
      end
      local named = {}
      for a in pairs(declared) do
        if type(a) == "string" then named[#named + 1] = a end
      end
      for _, a in ipairs(named) do
        if a == "" then fail("screen '" .. name .. "': an action name must not be empty", 2) end
        local sample = declared[a]
        if type(sample) ~= "table" then
          fail("screen '" .. name .. "': the sample payload of '" .. a .. "' must be a table", 2)
        end
        check_data(sample, "screen '" .. name .. "': the sample payload of '" .. a .. "'", 2)
        if not seen[a] then seen[a] = true; actions[#actions + 1] = { name = a, sample = sample } end
      end
      -- The kind (`type`) of each field's default: what a payload's value must be.
      local kinds = {}
      for k, v in pairs(state) do kinds[k] = type(v) end
      local s = { name = name, title = title, state = state, kinds = kinds, actions = actions, actionSet = seen }
      screensByName[name] = s
      screenOrder[#screenOrder + 1] = name
      decl.screens[#decl.screens + 1] = { name = name, title = title, state = state, actions = actions }
    end
  end

  function dsl.on(key, fn)
    check_loading("rules", 2)
    check_name(key, "rule key", 2)
    -- The screen is the text before the first '.', the action all after it (screen names have
    -- no '.'; action names may).
    if not key:match("^[^.]+%..") or key:match("^[^.]+%.%*$") then
      fail("rule key '" .. key .. "' must be \"screen.action\" or \"*.action\"", 2)
    end
    if type(fn) ~= "function" then fail("rule '" .. key .. "' needs a function(nav, payload)", 2) end
    if rulesByKey[key] then fail("rule '" .. key .. "' is declared twice", 2) end
    ruleFns[#ruleFns + 1] = fn
    ruleWhat[#ruleFns] = "rule '" .. key .. "'"
    rulesByKey[key] = #ruleFns
    decl.rules[#decl.rules + 1] = { key = key, line = caller_line(), payload = host.takes_payload(fn) }
  end

  -- on_context("loggedIn", function(nav, value) … end): runs when the host changes that context
  -- key to a different value; its commands are a batch through the guards like any other, and
  -- its nav is the selected tab's.
  function dsl.on_context(key, fn)
    check_loading("context rules", 2)
    check_name(key, "context key", 2)
    if type(fn) ~= "function" then fail("on_context '" .. key .. "' needs a function(nav, value)", 2) end
    if contextRulesByKey[key] then fail("on_context '" .. key .. "' is declared twice", 2) end
    contextRuleFns[#contextRuleFns + 1] = fn
    contextRuleWhat[#contextRuleFns] = "on_context '" .. key .. "'"
    contextRulesByKey[key] = #contextRuleFns
    decl.contextRules[#decl.contextRules + 1] = { key = key, line = caller_line() }
  end

  function dsl.deeplink(pattern, fn)
    check_loading("deep links", 2)
    check_name(pattern, "deep-link pattern", 2)
    if type(fn) ~= "function" then fail("deeplink '" .. pattern .. "' needs a function(nav, params)", 2) end
    linkFns[#linkFns + 1] = fn
    linkWhat[#linkFns] = "deep link '" .. pattern .. "'"
    decl.deeplinks[#decl.deeplinks + 1] = { pattern = pattern, line = caller_line() }
  end

  -- link(pattern, screen [, { tab = id }]) maps a screen to a URL both ways; the host opens it
  -- and writes it (the pattern's :params are fields of the screen's state), no handler runs.
  function dsl.link(pattern, screen, options)
    check_loading("links", 2)
    check_name(pattern, "link pattern", 2)
    check_name(screen, "linked screen", 2)
    options = options or {}
    if type(options) ~= "table" then fail("link '" .. pattern .. "': options must be a table, e.g. { tab = \"home\" }", 2) end
    check_options(options, LINK_OPTIONS, "link '" .. pattern .. "'", 2)
    if options.tab ~= nil and type(options.tab) ~= "string" then
      fail("link '" .. pattern .. "': tab must be a tab id", 2)
    end
    decl.links[#decl.links + 1] = { pattern = pattern, screen = screen, tab = options.tab, line = caller_line() }
  end

  -- guard("name", fn) names a guard (rejections say which); guard(fn) is "guard #N".
  function dsl.guard(name, fn)
    check_loading("guards", 2)
    if fn == nil then name, fn = "guard #" .. (#guardFns + 1), name end
    check_name(name, "guard name", 2)
    if type(fn) ~= "function" then fail("guard '" .. name .. "' needs a function(change)", 2) end
    guardFns[#guardFns + 1] = fn
    guardWhat[#guardFns] = name:match("^guard #%d+$") and name or ("guard '" .. name .. "'")
    decl.guards[#decl.guards + 1] = { name = name, line = caller_line() }
  end

  -- context "tier" { "gold", "silver" } declares a context key and the sample values `check`
  -- and `diff` try; `context "vip"` alone is a flag (true and false). The app sets context; the
  -- declaration is only what the tools explore.
  local MAX_CONTEXT_VALUES = 64
  function dsl.context(key)
    check_loading("context keys", 2)
    check_name(key, "context key", 2)
    if contextByKey[key] then fail("context key '" .. key .. "' is declared twice", 2) end
    local entry = { key = key, values = false, line = caller_line() }
    contextByKey[key] = entry
    decl.context[#decl.context + 1] = entry
    return function(values)
      check_loading("context values", 2)
      if entry.values then fail("context '" .. key .. "': its values are already declared", 2) end
      if type(values) ~= "table" or #values == 0 then
        fail("context '" .. key .. "' needs a list of sample values, e.g. context \"tier\" { \"gold\", \"silver\" }", 2)
      end
      -- Every explored state tries each value: a long list multiplies the states to explore.
      if #values > MAX_CONTEXT_VALUES then
        fail("context '" .. key .. "': " .. #values .. " sample values; at most " .. MAX_CONTEXT_VALUES
          .. " (each explored state tries every one)", 2)
      end
      local copy = {}
      for i = 1, #values do
        local value = values[i]
        local kind = type(value)
        if kind ~= "string" and kind ~= "number" and kind ~= "boolean" then
          fail("context '" .. key .. "': value " .. i .. " is a " .. kind .. "; sample values are strings, numbers or booleans", 2)
        end
        copy[i] = value
      end
      for k in raw_next, values do
        if mathtype(k) ~= "integer" or k < 1 or k > #values then
          fail("context '" .. key .. "': sample values are a list (found the key " .. tostring(k) .. ")", 2)
        end
      end
      entry.values = copy
      -- `context "k" { … } { … }`: a second list is an error, not a call of nil.
      return function() fail("context '" .. key .. "': its values are already declared", 2) end
    end
  end

  -- invariant("name", function(s) … end) states what holds in every state: `s` is the read-only
  -- view a guard gets as `change.after`; the function returns true when the state is fine (or
  -- false and a reason). `check` and `diff` evaluate it in every explored state; an app may assert
  -- it in debug builds. Navigation never calls it.
  function dsl.invariant(name, fn)
    check_loading("invariants", 2)
    check_name(name, "invariant name", 2)
    if type(fn) ~= "function" then fail("invariant '" .. name .. "' needs a function(s) that returns true when it holds", 2) end
    if invariantsByName[name] then fail("invariant '" .. name .. "' is declared twice", 2) end
    invariantsByName[name] = true
    invariantFns[#invariantFns + 1] = fn
    invariantWhat[#invariantFns] = "invariant '" .. name .. "'"
    decl.invariants[#decl.invariants + 1] = { name = name, line = caller_line() }
  end

  -- What rules get instead of the sandbox's own: deterministic and freeze-aware functions, no
  -- randomness, no garbage-collector state, no addresses.
  dsl.next, dsl.pairs, dsl.tostring = next, pairs, tostring
  dsl.rawget, dsl.rawlen, dsl.rawset, dsl.setmetatable = host.rawget, host.rawlen, host.rawset, host.setmetatable
  -- print goes to the host with the script line that called it (`error` names it at level 3:
  -- 1 is pcall, 2 this function, 3 its caller) and what is running (nil while loading).
  local host_print = host.print
  dsl.print = function(...)
    local parts = {}
    for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
    if host_print then
      local _, where = pcall(error, "", 3)
      host_print(concat(parts, "\t"), type(where) == "string" and where or nil, current.what)
    else
      dsl_print(concat(parts, "\t"))
    end
  end
  dsl.collectgarbage = function()
    fail("collectgarbage is not available to rules (the collector's state would be hidden input)", 2)
  end
  local rulemath = {}
  for k, v in pairs(dsl_math) do
    if k ~= "random" and k ~= "randomseed" then rulemath[k] = v end
  end
  dsl.math = dsl_setmetatable(rulemath, {
    __index = function(_, k)
      if k == "random" or k == "randomseed" then
        fail("math." .. k .. " is not available to rules: randomness belongs to the host — "
          .. "pass it in as a context value (e.g. nav.context.variant)", 2)
      end
    end,
  })

  -- Argument checks. `level` 3 is the rule that called a nav method directly.

  local function screen_arg(name, level)
    level = level or 3
    if type(name) ~= "string" then fail("expected a screen name, got " .. type(name), level) end
    local s = screensByName[name]
    if not s then fail("unknown screen '" .. name .. "'" .. hint(name, screenOrder), level) end
    return s
  end

  -- A payload is checked against the declared defaults and used as it is. The outcome never
  -- depends on iteration order: the reported field is the smallest name.
  local function state_arg(s, state, level)
    if state_fits(s.kinds, state) then return state end   -- the common case, checked in C
    level = level or 3
    if state == nil then return {} end
    if type(state) ~= "table" then
      fail("the state of '" .. s.name .. "' must be a table, got " .. type(state), level)
    end
    local unknown, mismatch, any
    local kinds = s.kinds
    for k, v in raw_next, state do
      any = true
      local kind = kinds[k]
      if kind == nil then
        local name = tostring(k)
        if unknown == nil or name < unknown then unknown = name end
      elseif kind ~= type(v) and (mismatch == nil or k < mismatch) then
        mismatch = k
      end
    end
    -- A table the script froze at load is raw-empty (its fields are behind the engine's `pairs`):
    -- read it into a plain table, which the host can read.
    if not any and getmetatable(state) ~= nil then
      local copy = {}
      for k, v in pairs(state) do copy[k] = v end
      if raw_next(copy) ~= nil then return state_arg(s, copy, level + 1) end
    end
    if mismatch and not unknown then
      fail("field '" .. mismatch .. "' of screen '" .. s.name .. "' expects a " .. type(s.state[mismatch]) .. ", got "
        .. type(state[mismatch]), level)
    end
    if unknown then
      local fields = sortedkeys(s.state)
      if #fields == 0 then
        fail("screen '" .. s.name .. "' has no state, but the payload sets '" .. unknown .. "'", level)
      end
      fail("screen '" .. s.name .. "' has no field '" .. unknown .. "' (fields: " .. concat(fields, ", ") .. ")"
        .. hint(unknown, fields), level)
    end
    return state
  end

  local function tab_arg(id)
    if type(id) ~= "string" then fail("expected a tab id, got " .. type(id), 3) end
    if not tabsById[id] then fail("unknown tab '" .. id .. "'" .. hint(id, tabOrder), 3) end
    return id
  end

  local function count_arg(n, level)
    if n == nil then return 1 end
    if mathtype(n) ~= "integer" then fail("expected a whole number of routes, got " .. type(n), level or 3) end
    return n
  end

  local function routes_arg(routes)
    if type(routes) ~= "table" then fail("expected a list of routes like { {\"item\", {id = 3}} }", 3) end
    local out = {}
    for i, r in ipairs(routes) do
      if type(r) ~= "table" then fail("route " .. i .. " must be a table like {\"item\", {id = 3}}", 3) end
      local s = screen_arg(r[1] or r.screen, 4)
      local style = r.style        -- nil: the host decides (the root first for reset and open "replace")
      if style ~= nil and style ~= "root" and style ~= "push" and style ~= "sheet" and style ~= "cover" then
        fail("route " .. i .. ": style must be root, push, sheet or cover", 3)
      end
      out[i] = { screen = s.name, state = state_arg(s, r[2] or r.state, 4), style = style,
                 navigation = r.navigation, detents = r.detents }
    end
    return out
  end

  -- nav ------------------------------------------------------------------------
  -- A nav's data lives under a key only the DSL holds (a table: the engine's `next` and `pairs`
  -- refuse table keys, so no script can find it), and a nav is valid only during the call that
  -- received it: every guard or deep-link call has a new serial number, and a rule call's queue
  -- (a new table) stands for its call.

  -- Private keys of a nav's fields (tables: only the DSL holds them).
  local QUEUE, WHICH, TAB, VIEWTAB, EVENT, SERIAL, ACTION = {}, {}, {}, {}, {}, {}, {}
  local serial = 0
  -- Where a tab id goes, this stands for the app layer (the routes presented over the whole tab
  -- bar): a nav of nav:app() addresses its commands and views to it, and a rule for a route in the
  -- app layer gets it as its tab. No tab can be declared with it (ids starting with '@' are refused).
  local APP = "@app"

  -- The nav every rule call receives: one table, reused (a call cannot start inside another).
  -- What changes from call to call is kept in `ruleCall`, not in its fields: its queue (false
  -- once its call has returned), the tab its views describe, its event (the rule's index or
  -- screen name until read) and action — ruleCall[1] to ruleCall[4]; ruleCall[5] is the check
  -- of the script's variables, once it is sealed (false when it has none). A table rather than
  -- variables: storing a call's fresh tables in an old table is cheap for the generational
  -- collector (they still die young), where storing them in an old closure's variables would
  -- make them old at once, to be freed only by full collections, whose cost grows with
  -- everything the script holds. Its methods are a plain table look-up (no function runs to
  -- find `nav:push`); its views go through `nav_property`.
  local ruleNav
  local ruleCall = { false, false, false, false, false }

  -- Marks the DSL's own objects (navs, a guard's change) the way the engine marks frozen tables:
  -- `rawset` refuses them and `rawget`, `next` and `pairs` see an empty table, so no script can
  -- write into one or read its private fields.
  local NO_FIELDS = {}

  local function begin_call(what)
    serial = serial + 1
    current.what = what
    ruleCall[1] = false      -- a rule that failed left its queue here
    return serial
  end

  -- Checks that `nav` is a nav of the running call; returns it. A nav's fields are raw and never
  -- nil (absent ones are `false`), so reading them never reaches the metatable.
  local function record(nav, level)
    local s
    if nav == ruleNav then
      if ruleCall[1] then return nav end
      s = -1
    else
      s = type(nav) == "table" and nav[SERIAL] or nil
      -- A nav made during a rule call carries that call's token (its event table, ruleCall[3]);
      -- any other, its call's serial number.
      if s ~= nil and ((ruleCall[1] and s == ruleCall[3]) or (s == serial and not ruleCall[1])) then return nav end
    end
    if s == nil then fail("expected a nav (call its methods with ':', e.g. nav:push(\"item\"))", level + 1) end
    fail("this nav belongs to an earlier call, which has returned; a nav is valid only during the call "
      .. "that received it (do not keep it in a variable)", level + 1)
  end

  -- Where a nav's commands go (false: read-only), and the tab its views describe by default.
  local function queue_of(nav) if nav == ruleNav then return ruleCall[1] end return nav[QUEUE] end
  local function view_tab_of(nav) if nav == ruleNav then return ruleCall[2] end return nav[VIEWTAB] end

  -- A rule's event is made only when the rule reads it: the nav holds its screen name (in EVENT)
  -- and action; a deep link's event is a table from the start.
  local function event_of(nav)
    if nav == ruleNav then
      local event = ruleCall[3]
      local kind = type(event)
      -- A route presented over the tab bar has no tab: its event says `app = true` instead.
      local tab = ruleCall[2]
      local app = tab == APP or nil
      if app then tab = nil end
      if kind == "number" then   -- the rule's index: its key names the screen and the action
        local screenName, actionName = decl.rules[event].key:match("^([^.]+)%.(.+)$")
        event = { screen = screenName, action = actionName, tab = tab or nil, app = app }
        ruleCall[3] = event
      elseif kind == "string" then
        event = { screen = event, action = ruleCall[4], tab = tab or nil, app = app }
        ruleCall[3] = event
      end
      return event or nil
    end
    local event = nav[EVENT]
    if type(event) ~= "string" then return event or nil end
    event = { screen = event, action = nav[ACTION], tab = nav[VIEWTAB] or nil }
    dsl_rawset(nav, EVENT, event)
    return event
  end

  local Nav = {}

  -- A route's state in `nav.stack` has its screen's declared fields, and reading any other is an
  -- error with a suggestion, like every name the DSL checks (`state.rideID` for `rideId`): one
  -- metatable per screen, made when the script is sealed (see api.seal).
  local stateMetas = {}
  local function state_meta(s)
    local fields = sortedkeys(s.state)
    local kinds = s.kinds
    return {
      __index = function(_, key)
        if kinds[key] ~= nil then return nil end
        local name = tostring(key)
        if #fields == 0 then fail("screen '" .. s.name .. "' has no field '" .. name .. "' (it declares no state)", 2) end
        fail("screen '" .. s.name .. "' has no field '" .. name .. "' (fields: " .. concat(fields, ", ") .. ")"
          .. hint(name, fields), 2)
      end,
      __metatable = false,
    }
  end
  local function strict_states(routes)
    if type(routes) ~= "table" then return routes end
    for i = 1, #routes do
      local route = routes[i]
      local meta = stateMetas[route.screen]
      if meta and type(route.state) == "table" then dsl_setmetatable(route.state, meta) end
    end
    return routes
  end

  -- A nav's views (`nav.event`, `nav.depth`, …), made when read; nil for any other key. Its
  -- callers tail-call it, so `record` blames the script two levels up.
  local function nav_property(nav, key)
    if key == "event" then return event_of(record(nav, 2)) end
    -- `nav:tab(id)` (a method) owns the name `tab`, so the tab view is `nav.currentTab`.
    if key == "currentTab" then
      record(nav, 2)
      local tab = nav[TAB] or view_tab_of(nav)
      if tab == APP then tab = false end
      return tab or view(nav[WHICH], nil, "tab")
    end
    if key == "stack" then
      record(nav, 2)
      return strict_states(view(nav[WHICH], nav[TAB] or view_tab_of(nav) or nil, key))
    end
    if key == "top" or key == "depth" or key == "context" then
      record(nav, 2)
      return view(nav[WHICH], nav[TAB] or view_tab_of(nav) or nil, key)
    end
    return nil
  end

  local function read_only(_, key) fail("nav is read-only (tried to set '" .. tostring(key) .. "')", 2) end

  local navMeta = {
    __index = function(nav, key)
      local method = Nav[key]
      if method then return method end
      return nav_property(nav, key)
    end,
    __newindex = read_only,
    __metatable = false,
    __frozen = NO_FIELDS, __frozen_name = "nav", __frozen_object = true,
  }

  local ruleNavMethods = dsl_setmetatable({}, {
    __index = function(_, key) return nav_property(ruleNav, key) end,
    __metatable = false,
  })
  ruleNav = dsl_setmetatable({ [WHICH] = "current", [TAB] = false },
                             { __index = ruleNavMethods, __newindex = read_only, __metatable = false,
                               __frozen = NO_FIELDS, __frozen_name = "nav", __frozen_object = true })

  -- queue: where commands go (nil: read-only); tab: the tab commands are addressed to (nav:tab);
  -- viewTab: the tab views describe by default (the tab of the route that sent the action).
  -- event: a table, or a rule's screen name with `action` (made into a table when read).
  -- token: the call the nav belongs to (a serial number, or a rule call's queue; see record).
  local function new_nav(queue, which, tab, viewTab, event, token, action)
    return dsl_setmetatable({ [QUEUE] = queue or false, [WHICH] = which, [TAB] = tab or false,
                              [VIEWTAB] = viewTab or false, [EVENT] = event or false, [SERIAL] = token,
                              [ACTION] = action or false }, navMeta)
  end

  -- Queues the command `op` with its arguments (the fields its op takes, in order) through the
  -- engine's encoder, the queue format's one writer (host.enqueue), which addresses a stack
  -- command of a nav made by nav:tab(id) to that tab. Every method checks its arguments first.
  -- `level` is 3 for a method the script calls directly, 4 for one the engine's C push or pop
  -- called on its behalf.
  local host_enqueue = host.enqueue
  local function enqueue(nav, level, op, ...)
    local queue = ruleCall[1]
    if nav == ruleNav and queue then   -- the rule's own nav: its tab is the default one
      host_enqueue(queue, op, false, ...)
      return
    end
    record(nav, level)
    queue = nav[QUEUE]
    if not queue then fail("this nav is read-only (guards and invariants cannot navigate)", level) end
    host_enqueue(queue, op, nav[TAB], ...)
  end

  -- push and pop, the commands most rules queue, are made in C by the engine (nav_methods) for
  -- their common case — the rule's own nav, a declared screen with no state or a fitting one,
  -- `nav:pop()` — which queues them with the same encoder; anything else comes here, one C frame
  -- deeper (hence level 4, unless `level` says 3: called by the script itself).
  local function push(self, screen, state, level)
    level = level or 4
    local s = screensByName[screen] or screen_arg(screen, level)
    enqueue(self, level, "push", s.name, state_arg(s, state, level))
  end
  local function pop(self, n, level)
    level = level or 4
    enqueue(self, level, "pop", n == nil and 1 or count_arg(n, level))
  end
  if limits and limits.engineNav == false then
    -- Tail calls: the script stays the caller's caller, level 3.
    function Nav:push(screen, state) return push(self, screen, state, 3) end
    function Nav:pop(n) return pop(self, n, 3) end
  else
    Nav.push, Nav.pop = host.nav_methods(screensByName, ruleCall, ruleNav, push, pop)
  end
  function Nav:presentSheet(screen, state, options)
    local s = screen_arg(screen)
    options = options or {}
    if type(options) ~= "table" then fail("presentSheet options must be a table", 2) end
    check_options(options, SHEET_OPTIONS, "presentSheet '" .. s.name .. "'", 2)
    enqueue(self, 3, "presentSheet", s.name, state_arg(s, state), options.navigation, options.detents,
      options.dragIndicator)
  end
  function Nav:presentCover(screen, state, options)
    local s = screen_arg(screen)
    options = options or {}
    if type(options) ~= "table" then fail("presentCover options must be a table", 2) end
    check_options(options, COVER_OPTIONS, "presentCover '" .. s.name .. "'", 2)
    enqueue(self, 3, "presentCover", s.name, state_arg(s, state), options.navigation)
  end
  -- nav:setState({ counter = 3 }) changes fields of the top screen's state in place (same route):
  -- the fields are checked like a push's and merged into the state the rule sees (nav.stack), so
  -- it comes before the rule's other commands, which could change what is on top.
  function Nav:setState(fields)
    record(self, 2)
    local queue = queue_of(self)
    if not queue then fail("this nav is read-only (guards and invariants cannot navigate)", 2) end
    if raw_next(queue) ~= nil then
      fail("nav:setState must come before the rule's other commands: it updates the top screen as the rule "
        .. "sees it (nav.top)", 2)
    end
    local routes = view(self[WHICH], self[TAB] or view_tab_of(self) or nil, "stack")
    local top = routes[#routes]
    if top == nil then fail("nav:setState: nothing is presented over the tab bar", 2) end
    local s = screen_arg(top.screen)
    fields = state_arg(s, fields)
    local merged = {}
    if type(top.state) == "table" then
      for k, v in pairs(top.state) do merged[k] = v end
    end
    for k, v in pairs(fields) do merged[k] = v end
    enqueue(self, 3, "setState", s.name, merged)
  end
  function Nav:goBack(n) enqueue(self, 3, "goBack", count_arg(n)) end
  function Nav:dismiss(n) enqueue(self, 3, "dismiss", count_arg(n)) end
  function Nav:popTo(screen) enqueue(self, 3, "popTo", screen_arg(screen).name) end
  function Nav:goBackTo(screen) enqueue(self, 3, "goBackTo", screen_arg(screen).name) end
  function Nav:popToRoot() enqueue(self, 3, "popToRoot") end
  function Nav:goBackToRoot() enqueue(self, 3, "goBackToRoot") end
  function Nav:popToCurrentNavigationRoot() enqueue(self, 3, "popToCurrentNavigationRoot") end
  function Nav:dismissAll() enqueue(self, 3, "dismissAll") end
  function Nav:selectTab(id) enqueue(self, 3, "selectTab", tab_arg(id)) end
  function Nav:resetTabs(id) enqueue(self, 3, "resetTabs", tab_arg(id)) end
  -- nav:badge(tab, value): a count (a whole number) or a short text on the tab's item; nil clears it.
  function Nav:badge(id, value)
    local tab = tab_arg(id)
    if value ~= nil and type(value) ~= "string" and mathtype(value) ~= "integer" then
      fail("badge '" .. tab .. "': the value must be a whole number, a string or nil, got " .. type(value), 2)
    end
    enqueue(self, 3, "badge", tab, value)
  end
  function Nav:reset(routes) enqueue(self, 3, "reset", routes_arg(routes)) end
  function Nav:open(routes, mode)
    mode = mode or "append"
    if mode ~= "replace" and mode ~= "keepRoot" and mode ~= "append" then
      fail("open mode must be \"replace\", \"keepRoot\" or \"append\", got " .. tostring(mode), 2)
    end
    enqueue(self, 3, "open", routes_arg(routes), mode)
  end
  function Nav:emit(name, payload)
    if type(name) ~= "string" then fail("emit needs an event name", 2) end
    if payload ~= nil and type(payload) ~= "table" then fail("the payload of '" .. name .. "' must be a table", 2) end
    enqueue(self, 3, "emit", name, payload)
  end
  function Nav:tab(id)
    record(self, 2)
    -- During a rule call every valid nav is that call's, and its token is the call's event table:
    -- made when first needed, it stays in ruleCall[3] only until the next call sets the next
    -- event there, so a nav made in one call is never valid in another. Any other call's navs
    -- carry its serial number.
    local token = ruleCall[1] and event_of(ruleNav) or self[SERIAL]
    return new_nav(queue_of(self), self[WHICH], tab_arg(id), nil, event_of(self), token)
  end
  -- nav:app(): a nav for the app layer, the sheets and covers presented over the whole tab bar
  -- (onboarding, a login cover): its commands go there and its views describe it (`top` is nil
  -- while nothing is presented).
  function Nav:app()
    record(self, 2)
    local token = ruleCall[1] and event_of(ruleNav) or self[SERIAL]
    return new_nav(queue_of(self), self[WHICH], APP, nil, event_of(self), token)
  end
  function Nav:contains(screen)
    if type(screen) ~= "string" then fail("contains expects a screen name", 2) end
    if not screensByName[screen] then fail("unknown screen '" .. screen .. "'" .. hint(screen, screenOrder), 2) end
    record(self, 2)
    return view(self[WHICH], self[TAB] or view_tab_of(self) or nil, "contains", screen)
  end

  for name, method in raw_next, Nav do dsl_rawset(ruleNavMethods, name, method) end

  -- Calls from the host --------------------------------------------------------

  local api = {}

  function api.declarations() return decl end

  -- The command `nav:pop()` queues (the engine's): the host knows it by identity.
  api.pop_one = host.pop_one

  -- After the script has loaded: no more declarations, and everything the script can reach —
  -- its globals, the libraries, tables held by globals or upvalues — becomes read-only. A read
  -- of a global that was never defined is an error with a suggestion.
  -- `locals`: the names the script declares with `local` anywhere (found by the host in its
  -- text), suggested for a mistyped global like the globals are.
  function api.seal(env, locals)
    sealed = true
    for _, name in ipairs(screenOrder) do stateMetas[name] = state_meta(screensByName[name]) end
    local script_locals = type(locals) == "table" and locals or {}
    local handlers = {}
    for _, list in ipairs({ ruleFns, linkFns, guardFns, invariantFns, contextRuleFns }) do
      for _, fn in ipairs(list) do handlers[#handlers + 1] = fn end
    end
    -- The DSL's own functions, which the freeze trusts by identity: those it gives scripts as
    -- globals, and the metamethods of the tables it gives them (`math`).
    local trusted = {}
    for _, value in raw_next, dsl do
      if type(value) == "function" then trusted[value] = true end
      local meta = type(value) == "table" and getmetatable(value)
      if type(meta) == "table" then
        for _, metamethod in raw_next, meta do
          if type(metamethod) == "function" then trusted[metamethod] = true end
        end
      end
    end
    -- The suggestion considers the globals, the names visible where the read failed (the locals
    -- of the script's function there and its upvalues) and the script's other `local` names
    -- (`limt` suggests the local `limit`).
    local visible_names = host.visible_names
    local _, check = host.freeze(env, current, handlers, trusted, function(globals, name)
      local names, seen = {}, {}
      for k in pairs(globals) do
        if type(k) == "string" and k:sub(1, 1) ~= "_" then names[#names + 1] = k; seen[k] = true end
      end
      for _, list in ipairs({ visible_names(), script_locals }) do
        for _, k in ipairs(list) do
          if type(k) == "string" and not seen[k] and k:sub(1, 1) ~= "_" then names[#names + 1] = k; seen[k] = true end
        end
      end
      sort(names)
      fail("undefined global '" .. tostring(name) .. "'" .. hint(tostring(name), names), 2)
    end)
    check_upvalues = check
    ruleCall[5] = check or false
  end

  -- call_rule(index, tab, payload, screen, action) -> queue. The rule's un-addressed commands go
  -- to the tab of the route that sent the action (the host applies them there); its views
  -- describe that tab. The host passes the screen and the action only to a `*.action` rule: any
  -- other rule's key names them. It is the host's most frequent call, so it is made in C (the
  -- engine's rule_caller), doing exactly this:
  --
  --   current.what = ruleWhat[index]   -- begin_call, inlined (the queue stands for the call)
  --   local queue = emptied(theQueue)  -- one table for every call: see the engine's comment
  --   ruleCall[1], ruleCall[2], ruleCall[3], ruleCall[4] = queue, tab, screen or index, action
  --   ruleFns[index](ruleNav, payload)
  --   ruleCall[1] = false
  --   if ruleCall[5] then ruleCall[5]() end   -- check_upvalues, once sealed
  --   return queue
  api.call_rule = host.rule_caller(ruleCall, ruleWhat, ruleFns, ruleNav)

  function api.call_deeplink(index, url, params)
    local token = begin_call(linkWhat[index])
    local queue = {}
    linkFns[index](new_nav(queue, "current", nil, nil, { url = url }, token), params)
    if check_upvalues then check_upvalues() end
    return queue
  end

  -- call_context_rule(index, tab, key, value) -> queue: the on_context rule number `index` for
  -- the context key's new value (nil when removed); its nav describes the selected tab `tab`.
  function api.call_context_rule(index, tab, key, value)
    local token = begin_call(contextRuleWhat[index])
    local queue = {}
    contextRuleFns[index](new_nav(queue, "current", nil, tab, { context = key }, token), value)
    if check_upvalues then check_upvalues() end
    return queue
  end

  -- call_invariant(index) -> holds, reason: the invariant's function on the state the host
  -- answers as "after" (a guard's change.after); anything but false or nil holds.
  function api.call_invariant(index)
    local token = begin_call(invariantWhat[index])
    local ok, reason = invariantFns[index](new_nav(nil, "after", nil, nil, nil, token))
    if check_upvalues then check_upvalues() end
    if ok ~= nil and ok ~= false then return true end
    return false, reason ~= nil and tostring(reason) or nil
  end

  -- A guard's change holds its source; its navs (`before`, `after`), `context` and `commands`
  -- are made when the guard first reads them (most guards read one or two), then kept.
  local changeMeta = {
    __index = function(change, key)
      local value
      if key == "before" or key == "after" then
        value = new_nav(nil, key, nil, nil, nil, change[SERIAL])
      elseif key == "context" or key == "commands" then
        value = view("after", nil, key)
      else
        return nil
      end
      dsl_rawset(change, key, value)
      return value
    end,
    __metatable = false,
    __frozen = NO_FIELDS, __frozen_name = "guard's change", __frozen_object = true,
  }

  function api.call_guard(index, source)
    local token = begin_call(guardWhat[index])
    local change = dsl_setmetatable({ [SERIAL] = token, source = source }, changeMeta)
    local ok, reason, options = guardFns[index](change)
    if check_upvalues then check_upvalues() end
    if ok ~= false then return true end
    reason = reason == nil and "rejected" or tostring(reason)
    if options == nil then return false, reason end
    -- A third value: { ask = true }, or { redirect = function(nav) … end, defer = true }.
    if type(options) ~= "table" then
      fail("a guard's third value must be a table like { ask = true } or { redirect = function(nav) … end, defer = true }, got "
        .. type(options), 1)
    end
    check_options(options, GUARD_OPTIONS, "a guard's third value", 1)
    local defer, redirect, ask = options.defer, options.redirect, options.ask
    if defer ~= nil and type(defer) ~= "boolean" then fail("defer must be a boolean, got " .. type(defer), 1) end
    -- resume = true: the rejected in-app action is sent again once the guards would allow it.
    local resume = options.resume
    if resume ~= nil and type(resume) ~= "boolean" then fail("resume must be a boolean, got " .. type(resume), 1) end
    if ask ~= nil and type(ask) ~= "boolean" then fail("ask must be a boolean, got " .. type(ask), 1) end
    if ask and (redirect ~= nil or defer or resume) then
      -- A question is put to the user as it stands; a redirect, a deferral or a resume decides for them.
      fail("ask = true cannot be combined with " .. (redirect ~= nil and "redirect" or defer and "defer" or "resume")
        .. ": a guard that asks lets the user confirm the change as it is", 1)
    end
    if ask then return false, reason, false, false, false, true end
    local queue = false
    if redirect ~= nil then
      if type(redirect) ~= "function" then fail("redirect must be a function(nav), got " .. type(redirect), 1) end
      -- The redirect applies to the state before the rejected batch: its nav describes that state.
      queue = {}
      redirect(new_nav(queue, "before", nil, nil, nil, token))
      if check_upvalues then check_upvalues() end
    end
    return false, reason, queue, defer == true, resume == true, false
  end

  return dsl, decl, api
end

return tabflow_make_dsl
