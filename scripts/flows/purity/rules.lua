-- Pure rules, end to end (scripts/flows/purity/purity.flow runs against this script).
-- A rule computes its commands from the navigation state, the context, the event and the payload:
-- load-time globals and tables are constants, and nothing a rule does can leak into the next one.
app "Purity"
tab "home" { root = "feed" }
screen "feed"    { actions = { "visit", "tally", "order", "roll", "shout" } }
screen "summary" { state = { text = "", count = 0 } }

visits = 0
local colours = { red = 1, green = 2, blue = 3 }

-- Keeping a counter in a global is refused; the batch is discarded.
on("feed.visit", function(nav) visits = visits + 1; nav:push("summary", { count = visits }) end)
-- Reading it is fine: every rule sees the load-time value.
on("feed.tally", function(nav) nav:push("summary", { count = visits }) end)
-- pairs visits keys in a stable order (sorted), so the text is the same on every run.
on("feed.order", function(nav)
  local names = {}
  for name in pairs(colours) do names[#names + 1] = name end
  nav:push("summary", { text = table.concat(names, ","), count = #names })
end)
-- Randomness belongs to the host.
on("feed.roll", function(nav) nav:push("summary", { count = math.random(6) }) end)
-- Library tables are read-only too.
on("feed.shout", function(nav) string.upper = function(s) return s end end)
