/*
 * Pure rules: what makes a rule script's rules functions of their inputs.
 *
 * - Freezing. After a script has loaded, every table it can reach — its
 *   globals, the library tables, tables held by globals or by the upvalues of
 *   its functions — is made read-only in place: the table keeps its identity
 *   but becomes an empty proxy whose metatable sends reads to a hidden backing
 *   table and turns writes into an error naming the table, the field and the
 *   running rule. Identity is kept, so every closure that already holds the
 *   table (the script's _ENV among them) sees the frozen one.
 * - Deterministic library functions. `next` and `pairs` iterate in a stable
 *   order (the array part 1..n, then the other keys sorted by type and value),
 *   `tostring` never shows an address, `string.format` refuses `%p`; `rawget`,
 *   `rawlen`, `next` and `pairs` see through frozen proxies, `rawset` and
 *   `setmetatable` refuse them.
 *
 * A frozen proxy's metatable holds the backing table under "__frozen", the
 * table's name under "__frozen_name" and its length under "__frozen_len" (the
 * border counted from 1, fixed when frozen, so `#` never depends on how the
 * backing table was laid out); it is protected (`__metatable = false`), so
 * scripts never see any of them. The DSL marks its own objects (`nav`,
 * `change`) the same way, with an empty backing table: `rawset` refuses them.
 * - Nothing observes the collector: no `__gc`, no weak tables (`__mode`), at
 *   load or later. `current` is a table the rule DSL keeps up to
 * date with what is running (`current.what = "rule 'feed.itemTapped'"`).
 */
#include "internal.h"

static void clua_rules_ordered_keys(lua_State *L, int t, int strict);

/* Upvalue indices of the C closures made here. */
enum { /* closures over the current-call table (a frozen proxy's __newindex, rawset, rule_caller,
        * setmetatable): always upvalue 1, so luaL_setfuncs can share it */
  RULES_UPVALUE_CURRENT = 1,
};
enum { /* the __index a frozen table's backing table gets (clua_rules_frozen_index) */
  RULES_FROZEN_INDEX_UPVALUE_FUNCTION = 1, /* the script's __index function */
  RULES_FROZEN_INDEX_UPVALUE_PROXY,        /* the frozen proxy, its first argument */
  RULES_FROZEN_INDEX_UPVALUES = RULES_FROZEN_INDEX_UPVALUE_PROXY,
};
enum { /* the upvalue check (clua_rules_check_upvalues) */
  RULES_CHECK_UPVALUE_RECORDS = 1, /* { function, index, value, name } records */
  RULES_CHECK_UPVALUE_CURRENT,
  RULES_CHECK_UPVALUES = RULES_CHECK_UPVALUE_CURRENT,
};
enum { /* setmetatable (clua_rules_setmetatable) */
  RULES_SETMETATABLE_UPVALUE_CURRENT = RULES_UPVALUE_CURRENT,
  RULES_SETMETATABLE_UPVALUE_ORIGINAL, /* the sandbox's setmetatable */
  RULES_SETMETATABLE_UPVALUE_GUARD,    /* the guard metatable */
  RULES_SETMETATABLE_UPVALUES = RULES_SETMETATABLE_UPVALUE_GUARD,
};
enum { /* the iterator pairs returns (clua_rules_pairs_step) */
  RULES_PAIRS_UPVALUE_TABLE = 1, /* backing resolved */
  RULES_PAIRS_UPVALUE_KEYS,      /* its keys in the stable order */
  RULES_PAIRS_UPVALUE_POSITION,  /* the last position visited */
  RULES_PAIRS_UPVALUES = RULES_PAIRS_UPVALUE_POSITION,
};
enum { RULES_FORMAT_UPVALUE_ORIGINAL = 1 }; /* string.format: the sandbox's */
/* nav:push and nav:pop: both hand what they do not handle to the DSL's own method, at one index */
enum { RULES_NAV_UPVALUE_DSL_METHOD = 4 };
enum { /* nav:push (clua_rules_push) */
  RULES_PUSH_UPVALUE_SCREENS = 1, /* screensByName */
  RULES_PUSH_UPVALUE_RULE_CALL,
  RULES_PUSH_UPVALUE_RULE_NAV,
  RULES_PUSH_UPVALUE_DSL_METHOD,  /* the DSL's full push */
  RULES_PUSH_UPVALUE_KINDS_KEY,   /* the string "kinds" */
  RULES_PUSH_UPVALUES = RULES_PUSH_UPVALUE_KINDS_KEY,
};
enum { /* nav:pop (clua_rules_pop) */
  RULES_POP_UPVALUE_RULE_CALL = 1,
  RULES_POP_UPVALUE_RULE_NAV,
  RULES_POP_UPVALUE_POP_ONE,    /* the one pop table */
  RULES_POP_UPVALUE_DSL_METHOD, /* the DSL's full pop */
  RULES_POP_UPVALUES = RULES_POP_UPVALUE_DSL_METHOD,
};
_Static_assert(RULES_PUSH_UPVALUE_DSL_METHOD == RULES_NAV_UPVALUE_DSL_METHOD &&
                   RULES_POP_UPVALUE_DSL_METHOD == RULES_NAV_UPVALUE_DSL_METHOD,
               "clua_rules_call_dsl_method finds push's and pop's DSL method at one index");
enum { /* call_rule (clua_rules_call_rule) */
  RULES_CALL_UPVALUE_CURRENT = 1,
  RULES_CALL_UPVALUE_WHAT_KEY,  /* the string "what" */
  RULES_CALL_UPVALUE_RULE_CALL,
  RULES_CALL_UPVALUE_RULE_WHAT,
  RULES_CALL_UPVALUE_RULE_FNS,
  RULES_CALL_UPVALUE_RULE_NAV,
  RULES_CALL_UPVALUE_QUEUE,
  RULES_CALL_UPVALUES = RULES_CALL_UPVALUE_QUEUE,
};

/* ------------------------------------------------------------------------ */
/* Frozen tables                                                            */
/* ------------------------------------------------------------------------ */

/* Pushes a key for a message: the string itself, or a short description. */
static void clua_rules_push_key(lua_State *L, int idx) {
  switch (lua_type(L, idx)) {
    case LUA_TSTRING: lua_pushvalue(L, idx); break;
    case LUA_TNUMBER:
      lua_pushvalue(L, idx);
      (void)lua_tolstring(L, -1, NULL);
      break;
    case LUA_TBOOLEAN: lua_pushstring(L, lua_toboolean(L, idx) ? "true" : "false"); break;
    default: lua_pushfstring(L, "(a %s key)", luaL_typename(L, idx)); break;
  }
}

/* Pushes what is running, e.g. "rule 'feed.itemTapped'", from the table at
 * `current` (absolute). */
static void clua_rules_push_what(lua_State *L, int current) {
  if (lua_type(L, current) == LUA_TTABLE) {
    if (lua_getfield(L, current, "what") == LUA_TSTRING) return;
    lua_settop(L, -2);
  }
  lua_pushliteral(L, "a rule");
}

/* Raises the error for a write to the frozen table at idx (field at `key`, or
 * 0 for a change of the table itself): "attempt to assign global 'counter'
 * inside rule 'home.tap' — …", positioned at the script code that wrote.
 * `current` is the absolute index of the current-call table. */
static int clua_rules_refuse(lua_State *L, int idx, int key, int current, const char *verb) {
  luaL_checkstack(L, 8, NULL);
  const char *name = "?";
  int isObject = 0;
  if (lua_getmetatable(L, idx)) {
    lua_pushliteral(L, "__frozen_object");
    isObject = lua_rawget(L, -2) != LUA_TNIL;
    lua_settop(L, -2);
    lua_pushliteral(L, "__frozen_name");
    if (lua_rawget(L, -2) == LUA_TSTRING) name = lua_tostring(L, -1);
  }
  /* the script's environment, or a table a script made its environment (`local _ENV = …`) */
  int isGlobals = strcmp(name, "_G") == 0 || strcmp(name, "_ENV") == 0;
  if (key != 0) clua_rules_push_key(L, key);
  else lua_pushliteral(L, "");
  const char *keyText = lua_tostring(L, -1);
  clua_rules_push_what(L, current);
  const char *what = lua_tostring(L, -1);
  if (isObject)
    lua_pushfstring(L, "attempt to %s a %s inside %s — a %s is read-only and valid only during its call (keep state "
                       "in screen state or context)", key == 0 ? "change the metatable of" : "assign a field of",
                    name, what, name);
  else if (key == 0)
    lua_pushfstring(L, "attempt to %s '%s' inside %s — tables defined at load time are read-only", verb, name, what);
  else if (isGlobals)
    lua_pushfstring(L, "attempt to assign global '%s' inside %s — keep state in screen state or context", keyText,
                    what);
  else
    lua_pushfstring(L,
                    "attempt to assign '%s.%s' inside %s — tables defined at load time are read-only "
                    "(keep state in screen state or context)",
                    name, keyText, what);
  luaL_where(L, 1);
  lua_rotate(L, -2, 1);
  lua_concat(L, 2);
  return lua_error(L);
}

/* __newindex of a frozen proxy; upvalue 1: the current-call table. */
static int clua_rules_frozen_newindex(lua_State *L) {
  return clua_rules_refuse(L, 1, 2, lua_upvalueindex(RULES_UPVALUE_CURRENT), "assign");
}

/* The length of the frozen proxy at idx: the border stored when it was frozen. */
static lua_Integer clua_rules_frozen_length(lua_State *L, int idx) {
  lua_Integer length = 0;
  if (lua_getmetatable(L, idx)) {
    lua_pushliteral(L, "__frozen_len");
    if (lua_rawget(L, -2) == LUA_TNUMBER) length = lua_tointegerx(L, -1, NULL);
    lua_settop(L, -3);
  }
  return length;
}

/* __len of a frozen proxy: its stored border. */
static int clua_rules_frozen_len(lua_State *L) {
  lua_pushinteger(L, clua_rules_frozen_length(L, 1));
  return 1;
}

/* The __index a frozen table's backing table gets in place of the script's own __index function:
 * calls it with the proxy, never with the backing table (which it could write). Upvalue 1: the
 * script's function, upvalue 2: the proxy. */
static int clua_rules_frozen_index(lua_State *L) {
  lua_settop(L, 2);
  lua_pushvalue(L, lua_upvalueindex(RULES_FROZEN_INDEX_UPVALUE_FUNCTION));
  lua_pushvalue(L, lua_upvalueindex(RULES_FROZEN_INDEX_UPVALUE_PROXY));
  lua_pushvalue(L, 2);
  lua_call(L, 2, 1);
  return 1;
}

/* Whether the key at idx is a metamethod's name the freeze copies (see clua_rules_freeze_table):
 * a string "__…" other than those the proxy's machinery owns (`__index`, `__newindex`,
 * `__metatable`, "__frozen…") and those the sandbox refuses (`__gc`, `__mode`). */
static int clua_rules_is_copied_event(lua_State *L, int idx) {
  if (lua_type(L, idx) != LUA_TSTRING) return 0;
  const char *key = lua_tostring(L, idx);
  if (key[0] != '_' || key[1] != '_') return 0;
  static const char *const owned[] = {"__index", "__newindex", "__metatable", "__gc", "__mode", NULL};
  for (int i = 0; owned[i] != NULL; i++)
    if (strcmp(key, owned[i]) == 0) return 0;
  return strncmp(key, "__frozen", 8) != 0;
}

/* Copies into the table at `to` the fields of the table at `from` (both absolute) whose keys
 * clua_rules_is_copied_event accepts, plus `__index` when `withIndex`. */
static void clua_rules_copy_events(lua_State *L, int from, int to, int withIndex) {
  lua_pushnil(L);
  while (lua_next(L, from) != 0) {
    int copied = clua_rules_is_copied_event(L, -2);
    if (!copied && withIndex && lua_type(L, -2) == LUA_TSTRING) copied = strcmp(lua_tostring(L, -2), "__index") == 0;
    if (copied) {
      lua_pushvalue(L, -2);
      lua_rotate(L, -2, 1);
      lua_rawset(L, to);
    } else {
      lua_settop(L, -2);
    }
  }
}

/* Makes the table at idx (absolute) a frozen proxy named by the string on top
 * of the stack (popped). Its contents move to a new backing table, in the
 * stable key order. The proxy's metatable keeps the table's metamethods — those
 * of its metatable, read from that metatable's backing table when it is frozen
 * already — except `__newindex` (the proxy refuses writes) and `__index`, which
 * the backing table's own metatable gets (an __index function is called with
 * the proxy, never the backing table, which it could write: see
 * clua_rules_frozen_index). So `tostring`, `..`, `+`, `==`, `<`, `#`, a call or
 * `<close>` on a table made at load work on it as before.
 *
 * A table that may serve as a metatable (it has "__…" fields) also gets its
 * metatable view (`__frozen_view` in the proxy's metatable): a plain table with
 * those fields, which `setmetatable(t, frozen)` gives `t` in its place (the
 * interpreter reads a metatable's fields raw, and the frozen table itself is
 * empty). No script can reach a view: its `__metatable` is the frozen table
 * (unless the table has its own), which `getmetatable` answers. `current` is
 * the absolute index of the current-call table. */
static void clua_rules_freeze_table(lua_State *L, int idx, int current) {
  luaL_checkstack(L, 12, NULL);
  int name = lua_gettop(L);
  lua_Integer border = 0;
  while (lua_rawgeti(L, idx, border + 1) != LUA_TNIL) {
    lua_settop(L, -2);
    border++;
  }
  lua_settop(L, -2);
  clua_rules_ordered_keys(L, idx, 0); /* name + 1 */
  int keys = lua_gettop(L);
  lua_createtable(L, 0, 0); /* backing */
  int backing = lua_gettop(L);
  lua_Integer count = (lua_Integer)lua_rawlen(L, keys);
  int events = 0;
  for (lua_Integer i = 1; i <= count; i++) {
    lua_rawgeti(L, keys, i);
    if (clua_rules_is_copied_event(L, -1) || (lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), "__index") == 0))
      events = 1;
    lua_pushvalue(L, -1);
    lua_rawget(L, idx);
    lua_rawset(L, backing);
  }
  for (lua_Integer i = 1; i <= count; i++) {
    lua_rawgeti(L, keys, i);
    lua_pushnil(L);
    lua_rawset(L, idx);
  }
  lua_createtable(L, 0, 8); /* the proxy's metatable */
  int meta = lua_gettop(L);
  /* the old metatable's fields (its backing's, once frozen) */
  int source = 0;
  if (lua_getmetatable(L, idx)) {
    source = lua_gettop(L);
    if (clua_proxy_backing(L, source)) lua_replace(L, source);
  }
  if (source != 0) {
    clua_rules_copy_events(L, source, meta, 0);
    lua_pushliteral(L, "__index");
    if (lua_rawget(L, source) != LUA_TNIL) {
      if (lua_type(L, -1) == LUA_TFUNCTION) {
        lua_pushvalue(L, idx);
        lua_pushcclosure(L, clua_rules_frozen_index, RULES_FROZEN_INDEX_UPVALUES);
      }
      lua_createtable(L, 0, 1); /* the backing table's metatable: the lookups it misses */
      lua_rotate(L, -2, 1);
      lua_setfield(L, -2, "__index");
      lua_setmetatable(L, backing);
    }
    lua_settop(L, source);
    lua_pushliteral(L, "__metatable");
    if (lua_rawget(L, source) != LUA_TNIL) lua_setfield(L, meta, "__metatable");
    lua_settop(L, source - 1);
  }
  lua_pushvalue(L, backing);
  lua_setfield(L, meta, "__index");
  lua_pushvalue(L, current);
  lua_pushcclosure(L, clua_rules_frozen_newindex, 1); /* RULES_UPVALUE_CURRENT */
  lua_setfield(L, meta, "__newindex");
  if (lua_getfield(L, meta, "__len") == LUA_TNIL) {
    lua_pushcclosure(L, clua_rules_frozen_len, 0);
    lua_setfield(L, meta, "__len");
  }
  lua_settop(L, meta);
  if (lua_getfield(L, meta, "__metatable") == LUA_TNIL) {
    lua_pushboolean(L, 0);
    lua_setfield(L, meta, "__metatable");
  }
  lua_settop(L, meta);
  lua_pushvalue(L, backing);
  lua_setfield(L, meta, "__frozen");
  lua_pushvalue(L, name);
  lua_setfield(L, meta, "__frozen_name");
  lua_pushinteger(L, border);
  lua_setfield(L, meta, "__frozen_len");
  if (events) { /* the metatable view */
    lua_createtable(L, 0, 4);
    clua_rules_copy_events(L, backing, lua_absindex(L, -1), 1);
    lua_pushliteral(L, "__metatable");
    if (lua_rawget(L, backing) != LUA_TNIL) {
      lua_setfield(L, -2, "__metatable");
    } else {
      lua_settop(L, -2);
      lua_pushvalue(L, idx);
      lua_setfield(L, -2, "__metatable");
      lua_pushboolean(L, 1);
      lua_setfield(L, -2, "__frozen_view");
    }
    lua_setfield(L, meta, "__frozen_view");
  }
  lua_setmetatable(L, idx);
  lua_settop(L, name - 1);
}

/* The fields of an upvalue record (one per variable a script function held when the script
 * loaded): the function, the upvalue's index in it, the value it had, its name. */
enum { RULES_RECORD_FUNCTION = 1, RULES_RECORD_INDEX, RULES_RECORD_VALUE, RULES_RECORD_NAME, RULES_RECORD_FIELDS = RULES_RECORD_NAME };
/* How many of the variables a call assigned an error names (it puts back every one). */
#define RULES_ASSIGNED_NAMED 8

/* The registry key of { records, current } (RULES_RESTORE_*), set by the freeze when the script's
 * functions hold variables: what clua_rules_after_failure puts back after a call that failed. */
static const char clua_rules_restore_key = 0;
enum { RULES_RESTORE_RECORDS = 1, RULES_RESTORE_CURRENT, RULES_RESTORE_FIELDS = RULES_RESTORE_CURRENT };

/* Puts back every variable of the records array at `records` (absolute) whose value is no longer
 * the one it had when the script loaded — all of them, allocating nothing, so it cannot stop
 * half-way — and returns how many there were; the record numbers of the first
 * RULES_ASSIGNED_NAMED go to `named`. Needs 6 free stack slots. */
static lua_Integer clua_rules_restore_records(lua_State *L, int records, lua_Integer *named) {
  int top = lua_gettop(L);
  lua_Integer n = (lua_Integer)lua_rawlen(L, records), changed = 0;
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, records, i);                        /* top + 1: the record */
    lua_rawgeti(L, top + 1, RULES_RECORD_FUNCTION);    /* top + 2 */
    lua_rawgeti(L, top + 1, RULES_RECORD_INDEX);       /* top + 3 */
    int index = (int)lua_tointegerx(L, top + 3, NULL);
    lua_rawgeti(L, top + 1, RULES_RECORD_VALUE);       /* top + 4: the value it had */
    if (lua_getupvalue(L, top + 2, index) != NULL && !lua_rawequal(L, top + 4, top + 5)) { /* top + 5 */
      lua_pushvalue(L, top + 4);
      (void)lua_setupvalue(L, top + 2, index);
      if (changed < RULES_ASSIGNED_NAMED) named[changed] = i;
      changed++;
    }
    lua_settop(L, top);
  }
  return changed;
}

/* Pushes the variables `named` (record numbers in the array at `records`, absolute) of the
 * `changed` a call assigned, for a message: "local 'n'", "_ENV", "locals 'n' and 'm'",
 * "locals 'a', 'b', … and 3 more". */
static void clua_rules_push_assigned(lua_State *L, int records, const lua_Integer *named, lua_Integer changed) {
  luaL_checkstack(L, RULES_ASSIGNED_NAMED + 8, NULL);
  int top = lua_gettop(L);
  lua_Integer listed = changed < RULES_ASSIGNED_NAMED ? changed : RULES_ASSIGNED_NAMED;
  lua_pushstring(L, changed == 1 ? "" : "locals ");
  for (lua_Integer i = 0; i < listed; i++) {
    lua_rawgeti(L, records, named[i]);
    const char *name = lua_rawgeti(L, -1, RULES_RECORD_NAME) == LUA_TSTRING ? lua_tostring(L, -1) : "?";
    if (changed == 1 && strcmp(name, "_ENV") == 0) lua_pushliteral(L, "_ENV");
    else if (changed == 1) lua_pushfstring(L, "local '%s'", name);
    else lua_pushfstring(L, "%s'%s'", i == 0 ? "" : (i + 1 == changed ? " and " : ", "), name);
    lua_replace(L, -3); /* over the record */
    lua_settop(L, -2);  /* the name */
  }
  if (changed > listed) lua_pushfstring(L, " and %I more", (lua_Integer)(changed - listed));
  lua_concat(L, lua_gettop(L) - top);
}

/* The upvalue check: upvalue 1 is the array of records (RULES_RECORD_*), upvalue 2 the
 * current-call table. Every variable whose value changed is put back, then the change is an error
 * naming them all (the first RULES_ASSIGNED_NAMED) and the rule. */
static int clua_rules_check_upvalues(lua_State *L) {
  luaL_checkstack(L, 8, NULL);
  lua_settop(L, 0);
  lua_Integer named[RULES_ASSIGNED_NAMED];
  int records = lua_upvalueindex(RULES_CHECK_UPVALUE_RECORDS);
  lua_Integer changed = clua_rules_restore_records(L, records, named);
  if (changed == 0) return 0;
  clua_rules_push_assigned(L, records, named, changed); /* 1 */
  clua_rules_push_what(L, lua_upvalueindex(RULES_CHECK_UPVALUE_CURRENT)); /* 2 */
  if (changed == 1 && strcmp(lua_tostring(L, 1), "_ENV") == 0)
    return luaL_error(L, "attempt to replace _ENV (held since the script loaded) inside %s — keep state in screen "
                         "state or context", lua_tostring(L, 2));
  return luaL_error(L, "attempt to assign %s (held since the script loaded) inside %s — keep state in screen state or "
                       "context", lua_tostring(L, 1), lua_tostring(L, 2));
}

/* Protected body of clua_rules_after_failure: (restore, message) -> message. Puts back what the
 * call assigned and, when it assigned anything, adds to the message what it was: the message
 * part of a traceback (CLuaContext.messageLength) gets " (rule 'x' also assigned local 'n', held
 * since the script loaded: put back — …)". */
static int clua_rules_restore_after_failure(lua_State *L) {
  luaL_checkstack(L, 12, NULL);
  lua_settop(L, 2);
  lua_rawgeti(L, 1, RULES_RESTORE_RECORDS); /* 3 */
  lua_rawgeti(L, 1, RULES_RESTORE_CURRENT); /* 4 */
  lua_Integer named[RULES_ASSIGNED_NAMED];
  lua_Integer changed = clua_rules_restore_records(L, 3, named);
  lua_settop(L, 4);
  if (changed == 0 || lua_type(L, 2) != LUA_TSTRING) {
    lua_settop(L, 2);
    return 1;
  }
  CLuaContext *c = clua_context(L);
  size_t length = 0;
  const char *message = lua_tolstring(L, 2, &length);
  size_t split = c->messageLength <= length ? c->messageLength : length;
  lua_pushlstring(L, message, split); /* 5 */
  clua_rules_push_what(L, 4);         /* 6 */
  clua_rules_push_assigned(L, 3, named, changed); /* 7 */
  lua_pushfstring(L, " (%s also assigned %s, held since the script loaded: %s back — keep state in screen state or "
                     "context)", lua_tostring(L, 6), lua_tostring(L, 7), changed == 1 ? "it was put" : "they were put");
  size_t added = 0;
  (void)lua_tolstring(L, -1, &added);
  lua_replace(L, 6);
  lua_settop(L, 6);
  lua_pushlstring(L, message + split, length - split);
  lua_concat(L, 3);
  if (c->messageLength <= length) c->messageLength += added;
  return 1;
}

/* After a host call that failed (raised, ran out of budget or memory, with its message on top of
 * the stack): puts back every variable the script's functions held since it loaded that the call
 * assigned, as the check does after a call that returns, and says so in the message. Protected,
 * with the memory limit off (the caller's): when even that fails, the variables are back and the
 * message is left as it was. */
void clua_rules_after_failure(lua_State *L) {
  if (!lua_checkstack(L, 4)) return;
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &clua_rules_restore_key) != LUA_TTABLE) {
    lua_settop(L, -2);
    return;
  }
  lua_pushcclosure(L, clua_rules_restore_after_failure, 0); /* [message, restore, function] */
  lua_rotate(L, -2, 1);                                     /* [message, function, restore] */
  lua_pushvalue(L, -3);                                     /* [message, function, restore, message] */
  if (lua_pcallk(L, 2, 1, 0, 0, NULL) == LUA_OK) lua_replace(L, -2);
  else lua_settop(L, -2);
}

/* Records the upvalue `up` of the function at fn (absolute; its value on top of
 * the stack, left there) for the check, once per variable (closures share
 * them): { function, index, value, name } appended to the array at `records`,
 * keyed by the variable's id in the table at `seen`. */
static void clua_rules_record_upvalue(lua_State *L, int fn, int up, const char *upname, int seen, int records,
                                      lua_Integer *cells) {
  void *id = lua_upvalueid(L, fn, up);
  if (id == NULL) return;
  if (lua_rawgetp(L, seen, id) != LUA_TNIL) {
    lua_settop(L, -2);
    return;
  }
  lua_settop(L, -2);
  lua_pushboolean(L, 1);
  lua_rawsetp(L, seen, id);
  lua_createtable(L, RULES_RECORD_FIELDS, 0);
  lua_pushvalue(L, fn);
  lua_rawseti(L, -2, RULES_RECORD_FUNCTION);
  lua_pushinteger(L, up);
  lua_rawseti(L, -2, RULES_RECORD_INDEX);
  lua_pushvalue(L, -2);
  lua_rawseti(L, -2, RULES_RECORD_VALUE);
  lua_pushstring(L, upname);
  lua_rawseti(L, -2, RULES_RECORD_NAME);
  lua_rawseti(L, records, ++*cells);
}

/* freeze(env, current, roots, trusted, undefined) -> count [, check]:
 * freezes everything the script can reach. When its functions hold variables
 * (upvalues: a `local` of the chunk a rule uses, or `_ENV` — whatever its
 * name, a variable is a variable), also returns `check`, which the DSL calls
 * after each rule to catch a rule that assigned one. `env` is the script's
 * environment: its base functions are copied in (so reads stay one hop) and a
 * read of a name it does not have calls `undefined(env, name)`. `roots` is an
 * array of further functions (the rule handlers) whose upvalues are walked.
 * `trusted` is a set of the DSL's own functions (by identity — never by chunk
 * name, which a script's `load` could copy): their upvalues are the host's, as
 * are C functions'. Tables are walked in the stable key order, so the name a
 * table is frozen under (and so every error text) never depends on the hash
 * seed. A reachable metatable with `__gc` or `__mode` is an error. Returns the
 * number of tables frozen. */
static int clua_rules_freeze(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TTABLE);
  luaL_checktype(L, 3, LUA_TTABLE);
  luaL_checktype(L, 4, LUA_TTABLE);
  luaL_checktype(L, 5, LUA_TFUNCTION);
  lua_settop(L, 5);
  lua_createtable(L, 0, 16); /* 6: upvalue variables seen (by upvalue id) */
  lua_createtable(L, 16, 0); /* 7: their records, for the check */
  lua_createtable(L, 0, 64); /* 8: seen */
  lua_createtable(L, 64, 0); /* 9: queue of values */
  lua_createtable(L, 64, 0); /* 10: queue of names */
  lua_Integer tail = 0;
  lua_Integer cells = 0;
  int frozen = 0;

  /* the environment: merge in the read-only base so every global is one hop */
  if (lua_getmetatable(L, 1)) {
    if (lua_getfield(L, -1, "__index") == LUA_TTABLE) {
      lua_pushnil(L);
      while (lua_next(L, -2) != 0) {
        lua_pushvalue(L, -2);
        if (lua_rawget(L, 1) == LUA_TNIL) {
          lua_settop(L, -2);
          lua_pushvalue(L, -2);
          lua_rotate(L, -2, 1);
          lua_rawset(L, 1);
        } else {
          lua_settop(L, -3);
        }
      }
    }
    lua_settop(L, 10);
  }
  lua_pushvalue(L, 1);
  lua_rawseti(L, 9, ++tail);
  lua_pushliteral(L, "_G");
  lua_rawseti(L, 10, tail);
  for (lua_Integer i = 1; lua_rawgeti(L, 3, i) != LUA_TNIL; i++) {
    lua_rawseti(L, 9, ++tail);
    lua_pushliteral(L, "a rule");
    lua_rawseti(L, 10, tail);
  }
  lua_settop(L, 10);

  for (lua_Integer head = 1; head <= tail; head++) {
    clua_charge(L, 1);
    lua_rawgeti(L, 9, head); /* 11: value */
    lua_rawgeti(L, 10, head); /* 12: its name */
    int type = lua_type(L, 11);
    lua_pushvalue(L, 11);
    if ((type != LUA_TTABLE && type != LUA_TFUNCTION) || lua_rawget(L, 8) != LUA_TNIL) {
      lua_settop(L, 10);
      continue;
    }
    lua_settop(L, 12);
    lua_pushvalue(L, 11);
    lua_pushboolean(L, 1);
    lua_rawset(L, 8);
    if (type == LUA_TFUNCTION) {
      lua_pushvalue(L, 11);
      int trusted = lua_rawget(L, 4) != LUA_TNIL;
      lua_settop(L, 12);
      if (lua_iscfunction(L, 11) || trusted) {
        lua_settop(L, 10);
        continue;
      }
      for (int up = 1;; up++) {
        const char *upname = lua_getupvalue(L, 11, up);
        if (upname == NULL) break;
        if (upname[0] == '\0') upname = "?";
        clua_rules_record_upvalue(L, 11, up, upname, 6, 7, &cells);
        int uptype = lua_type(L, -1);
        if (uptype == LUA_TTABLE || uptype == LUA_TFUNCTION) {
          lua_rawseti(L, 9, ++tail);
          lua_pushstring(L, upname);
          lua_rawseti(L, 10, tail);
        } else {
          lua_settop(L, -2);
        }
      }
      lua_settop(L, 10);
      continue;
    }
    if (clua_proxy_backing(L, 11)) { /* already frozen (reached twice) */
      lua_settop(L, 10);
      continue;
    }
    /* a table: queue its keys and values in the stable order, named after it, then freeze it */
    const char *parent = lua_tostring(L, 12);
    int isGlobals = lua_rawequal(L, 11, 1);
    clua_rules_ordered_keys(L, 11, 0); /* 13 */
    lua_Integer count = (lua_Integer)lua_rawlen(L, 13);
    for (lua_Integer i = 1; i <= count; i++) {
      lua_rawgeti(L, 13, i); /* 14: key */
      lua_pushvalue(L, 14);
      lua_rawget(L, 11); /* 15: value */
      for (int slot = 14; slot <= 15; slot++) {
        int t = lua_type(L, slot);
        if (t != LUA_TTABLE && t != LUA_TFUNCTION) continue;
        lua_pushvalue(L, slot);
        lua_rawseti(L, 9, ++tail);
        if (slot == 15 && lua_type(L, 14) == LUA_TSTRING) {
          if (isGlobals) lua_pushvalue(L, 14);
          else lua_pushfstring(L, "%s.%s", parent, lua_tostring(L, 14));
        } else {
          lua_pushfstring(L, "%s[…]", parent);
        }
        lua_rawseti(L, 10, tail);
      }
      lua_settop(L, 13);
    }
    lua_settop(L, 12);
    if (lua_getmetatable(L, 11)) { /* the script's own metatable: frozen too */
      if (clua_collector_field(L, -1)) return clua_refuse_collector_field(L);
      lua_rawseti(L, 9, ++tail);
      lua_pushfstring(L, "the metatable of %s", parent);
      lua_rawseti(L, 10, tail);
    }
    if (isGlobals) { /* reads of undefined names go to `undefined` */
      lua_createtable(L, 0, 1);
      lua_pushvalue(L, 5);
      lua_setfield(L, -2, "__index");
      lua_setmetatable(L, 11);
    }
    lua_pushvalue(L, 12);
    clua_rules_freeze_table(L, 11, 2);
    frozen++;
    lua_settop(L, 10);
  }
  lua_pushinteger(L, frozen);
  if (cells == 0) return 1;
  lua_createtable(L, RULES_RESTORE_FIELDS, 0);
  lua_pushvalue(L, 7);
  lua_rawseti(L, -2, RULES_RESTORE_RECORDS);
  lua_pushvalue(L, 2);
  lua_rawseti(L, -2, RULES_RESTORE_CURRENT);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &clua_rules_restore_key);
  lua_pushvalue(L, 7); /* RULES_CHECK_UPVALUE_RECORDS */
  lua_pushvalue(L, 2); /* RULES_CHECK_UPVALUE_CURRENT */
  lua_pushcclosure(L, clua_rules_check_upvalues, RULES_CHECK_UPVALUES);
  return 2;
}

/* ------------------------------------------------------------------------ */
/* Raw access that sees through (and refuses to write) frozen tables        */
/* ------------------------------------------------------------------------ */

/* Whether the value at idx is the key "__gc" or "__mode". */
static int clua_rules_is_collector_key(lua_State *L, int idx) {
  if (lua_type(L, idx) != LUA_TSTRING) return 0;
  const char *key = lua_tostring(L, idx);
  return strcmp(key, "__gc") == 0 || strcmp(key, "__mode") == 0;
}

/* Raises the error for writing the collector key at idx into a table. */
static int clua_rules_refuse_collector_key(lua_State *L, int idx) {
  return luaL_error(L, "'%s' fields are not allowed in rule scripts: finalizers and weak tables would make what a "
                       "rule sees depend on when the garbage collector runs", lua_tostring(L, idx));
}

/* rawget(t, k) */
static int clua_rules_rawget(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checkany(L, 2);
  lua_settop(L, 2);
  if (clua_proxy_backing(L, 1)) lua_replace(L, 1);
  lua_rawget(L, 1);
  return 1;
}

/* rawlen(v) */
static int clua_rules_rawlen(lua_State *L) {
  int t = lua_type(L, 1);
  luaL_argexpected(L, t == LUA_TTABLE || t == LUA_TSTRING, 1, "table or string");
  if (clua_proxy_backing(L, 1)) {
    lua_pushinteger(L, clua_rules_frozen_length(L, 1));
    return 1;
  }
  lua_pushinteger(L, (lua_Integer)lua_rawlen(L, 1));
  return 1;
}

/* rawset(t, k, v); upvalue 1: the current-call table. */
static int clua_rules_rawset(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checkany(L, 2);
  luaL_checkany(L, 3);
  lua_settop(L, 3);
  if (clua_proxy_backing(L, 1)) return clua_rules_refuse(L, 1, 2, lua_upvalueindex(RULES_UPVALUE_CURRENT), "assign");
  if (clua_rules_is_collector_key(L, 2)) return clua_rules_refuse_collector_key(L, 2);
  lua_rawset(L, 1);
  return 1;
}

/* __newindex of a metatable's guard (see setmetatable): refuses "__gc" and
 * "__mode", stores anything else. */
static int clua_rules_metatable_newindex(lua_State *L) {
  lua_settop(L, 3);
  if (clua_rules_is_collector_key(L, 2)) return clua_rules_refuse_collector_key(L, 2);
  lua_rawset(L, 1);
  return 0;
}

/* Pushes a new guard for metatables: { __newindex = clua_rules_metatable_newindex,
 * __metatable = false }, itself marked frozen (an empty backing table), so
 * neither the freeze nor `rawset` changes it. */
static void clua_rules_push_metatable_guard(lua_State *L) {
  luaL_checkstack(L, 4, NULL);
  lua_createtable(L, 0, 2);
  lua_pushcclosure(L, clua_rules_metatable_newindex, 0);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_createtable(L, 0, 3);
  lua_createtable(L, 0, 0);
  lua_setfield(L, -2, "__frozen");
  lua_pushliteral(L, "a metatable's guard");
  lua_setfield(L, -2, "__frozen_name");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
}

/* Whether the table at idx has a metatable view (see clua_rules_freeze_table) with the
 * `__metatable` the freeze gave it, which only this setmetatable may replace. */
static int clua_rules_has_view(lua_State *L, int idx) {
  if (lua_type(L, idx) != LUA_TTABLE || !lua_getmetatable(L, idx)) return 0;
  lua_pushliteral(L, "__frozen_view");
  int marked = lua_rawget(L, -2) == LUA_TBOOLEAN;
  lua_settop(L, -3);
  return marked;
}

/* setmetatable(t, mt); upvalue 1: the current-call table, upvalue 2: the
 * sandbox's setmetatable (which refuses a metatable that has `__gc` or
 * `__mode`), upvalue 3: the guard metatable. So that neither can be added to
 * `mt` later, `mt` gets the guard as its own metatable (a metatable that
 * already has one is refused: the guard could not be added). A frozen `mt` (a
 * table made at load) is replaced by its metatable view, so its metamethods
 * work (`Item.__index = Item; setmetatable({ id = 3 }, Item):label()`). */
static int clua_rules_setmetatable(lua_State *L) {
  if (clua_proxy_backing(L, 1)) {
    lua_settop(L, -2);
    return clua_rules_refuse(L, 1, 0, lua_upvalueindex(RULES_SETMETATABLE_UPVALUE_CURRENT), "change the metatable of");
  }
  if (lua_type(L, 2) == LUA_TTABLE && !clua_proxy_backing(L, 2)) {
    if (lua_getmetatable(L, 2)) {
      int guarded = lua_rawequal(L, -1, lua_upvalueindex(RULES_SETMETATABLE_UPVALUE_GUARD));
      lua_settop(L, -2);
      if (!guarded)
        return luaL_error(L, "setmetatable: a metatable that has a metatable of its own is not supported in rule "
                             "scripts");
    } else {
      if (clua_collector_field(L, 2)) return clua_refuse_collector_field(L);
      lua_pushvalue(L, lua_upvalueindex(RULES_SETMETATABLE_UPVALUE_GUARD));
      lua_setmetatable(L, 2);
    }
  } else if (lua_type(L, 2) == LUA_TTABLE) { /* a frozen metatable (its backing on top): its fields are fixed */
    if (clua_collector_field(L, -1)) return clua_refuse_collector_field(L);
    lua_settop(L, -2);
    lua_getmetatable(L, 2);
    lua_pushliteral(L, "__frozen_view");
    if (lua_rawget(L, -2) == LUA_TTABLE) lua_replace(L, 2);
    lua_settop(L, 2);
  }
  if (clua_rules_has_view(L, 1)) { /* its `__metatable` is the freeze's, not the script's: replaced here */
    luaL_argexpected(L, lua_type(L, 2) == LUA_TNIL || lua_type(L, 2) == LUA_TTABLE, 2, "nil or table");
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
  }
  lua_pushvalue(L, lua_upvalueindex(RULES_SETMETATABLE_UPVALUE_ORIGINAL));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

/* ------------------------------------------------------------------------ */
/* Deterministic iteration                                                  */
/* ------------------------------------------------------------------------ */

/* Order of keys outside the array part: booleans (false first), numbers,
 * strings (bytewise); other key types have no stable order. */
static int clua_rules_key_rank(int type) {
  switch (type) {
    case LUA_TBOOLEAN: return 0;
    case LUA_TNUMBER: return 1;
    case LUA_TSTRING: return 2;
    default: return -1;
  }
}

typedef struct CLuaKey {
  int rank;
  int isInteger;
  lua_Integer integer;
  lua_Number number;
  const char *bytes;
  size_t length;
  lua_Integer slot; /* position in the keys table */
} CLuaKey;

/* An integer and a float compared by value, exactly, as Lua compares them: converting the integer
 * to a float would round it (2^63 - 1 and the float 2^63, both keys, would tie). A float key is
 * never integral within the integers' range (Lua stores those as integer keys), nor NaN. */
_Static_assert(_Alignof(CLuaKey) <= _Alignof(CLuaMaxAlign), "sorted keys live in a userdata");
/* clua_rules_compare_integer_float takes the integers' range to be [LUA_MININTEGER,
 * -LUA_MININTEGER) with -LUA_MININTEGER a power of two (exact as a float). */
_Static_assert(LUA_MININTEGER == -LUA_MAXINTEGER - 1, "lua_Integer is two's complement");

static int clua_rules_compare_integer_float(lua_Integer i, lua_Number f) {
  const lua_Number two63 = -(lua_Number)LUA_MININTEGER; /* exact: a power of two */
  if (f >= two63) return -1;
  if (f < -two63) return 1;
  lua_Number truncated = (lua_Number)(lua_Integer)f; /* in range: exact */
  lua_Integer floor = (lua_Integer)(truncated > f ? truncated - 1 : truncated);
  if (i <= floor) return (i < floor || (lua_Number)floor < f) ? -1 : 0;
  return 1;
}

static int clua_rules_compare_keys(const void *a, const void *b) {
  const CLuaKey *x = (const CLuaKey *)a, *y = (const CLuaKey *)b;
  if (x->rank != y->rank) return x->rank < y->rank ? -1 : 1;
  switch (x->rank) {
    case 0: return (int)x->integer - (int)y->integer;
    case 1: {
      if (x->isInteger && y->isInteger) return x->integer < y->integer ? -1 : (x->integer > y->integer ? 1 : 0);
      if (x->isInteger) return clua_rules_compare_integer_float(x->integer, y->number);
      if (y->isInteger) return -clua_rules_compare_integer_float(y->integer, x->number);
      return x->number < y->number ? -1 : (x->number > y->number ? 1 : 0);
    }
    default: {
      size_t n = x->length < y->length ? x->length : y->length;
      int c = memcmp(x->bytes, y->bytes, n);
      if (c != 0) return c;
      return x->length < y->length ? -1 : (x->length > y->length ? 1 : 0);
    }
  }
}

/* Pushes an array of the keys of the table at t (absolute; a frozen proxy's
 * backing already resolved) in the stable order. Raises for keys that have no
 * stable order (tables, functions …). Charges n log n. */
static void clua_rules_sorted_keys(lua_State *L, int t) { clua_rules_ordered_keys(L, t, 1); }

/* clua_rules_sorted_keys; unless `strict`, keys without a stable order do not
 * raise but come last, in the table's own order (used where their order
 * changes nothing that can be observed). */
static void clua_rules_ordered_keys(lua_State *L, int t, int strict) {
  luaL_checkstack(L, 8, NULL);
  lua_Integer border = 0;
  while (lua_rawgeti(L, t, border + 1) != LUA_TNIL) {
    lua_settop(L, -2);
    border++;
  }
  lua_settop(L, -2);
  lua_createtable(L, 0, 0); /* keys without a stable order (unless strict) */
  int others = lua_gettop(L);
  lua_Integer otherCount = 0;
  lua_createtable(L, (int)(border < 1024 ? border : 1024), 0);
  int keys = lua_gettop(L);
  lua_Integer count = 0;
  lua_pushnil(L);
  while (lua_next(L, t) != 0) {
    lua_settop(L, -2);
    if (lua_isinteger(L, -1)) {
      lua_Integer k = lua_tointegerx(L, -1, NULL);
      if (k >= 1 && k <= border) continue;
    }
    if (clua_rules_key_rank(lua_type(L, -1)) < 0) {
      if (strict)
        luaL_error(L, "cannot iterate in a stable order over a table with %s keys (use an array, or string keys)",
                   luaL_typename(L, -1));
      lua_pushvalue(L, -1);
      lua_rawseti(L, others, ++otherCount);
      continue;
    }
    lua_pushvalue(L, -1);
    lua_rawseti(L, keys, ++count);
  }
  double cost = (double)(border + count) + 1;
  for (double k = (double)count; k > 1; k /= 2) cost += (double)count;
  clua_charge(L, cost);
  /* sort the non-array keys */
  CLuaKey *sorted = NULL;
  if (count > 1) {
    sorted = (CLuaKey *)lua_newuserdatauv(L, sizeof(CLuaKey) * (size_t)count, 0);
    for (lua_Integer i = 1; i <= count; i++) {
      lua_rawgeti(L, keys, i);
      CLuaKey *k = &sorted[i - 1];
      memset(k, 0, sizeof *k);
      k->slot = i;
      k->rank = clua_rules_key_rank(lua_type(L, -1));
      if (k->rank == 0) k->integer = lua_toboolean(L, -1);
      else if (k->rank == 1) {
        k->isInteger = lua_isinteger(L, -1);
        if (k->isInteger) k->integer = lua_tointegerx(L, -1, NULL);
        else k->number = lua_tonumberx(L, -1, NULL);
      } else {
        k->bytes = lua_tolstring(L, -1, &k->length); /* a string: no conversion; kept alive by `keys` */
      }
      lua_settop(L, -2);
    }
    qsort(sorted, (size_t)count, sizeof(CLuaKey), clua_rules_compare_keys);
  }
  /* the result: 1..border, then the sorted keys, then the others */
  lua_createtable(L, (int)((border + count) < 4096 ? border + count : 4096), 0);
  int out = lua_gettop(L);
  for (lua_Integer i = 1; i <= border; i++) {
    lua_pushinteger(L, i);
    lua_rawseti(L, out, i);
  }
  for (lua_Integer i = 1; i <= count; i++) {
    lua_rawgeti(L, keys, sorted != NULL ? sorted[i - 1].slot : i);
    lua_rawseti(L, out, border + i);
  }
  for (lua_Integer i = 1; i <= otherCount; i++) {
    lua_rawgeti(L, others, i);
    lua_rawseti(L, out, border + count + i);
  }
  lua_rotate(L, others, 1); /* result below others, keys (and the userdata) */
  lua_settop(L, others);
}

/* next(t [, k]) in the stable order. O(n log n) per call: `pairs` is the
 * cheap way to iterate. */
static int clua_rules_next(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  if (clua_proxy_backing(L, 1)) lua_replace(L, 1);
  clua_rules_sorted_keys(L, 1); /* 3 */
  lua_Integer n = (lua_Integer)lua_rawlen(L, 3);
  lua_Integer from = 1;
  if (!lua_isnil(L, 2)) {
    from = 0;
    for (lua_Integer i = 1; i <= n; i++) {
      lua_rawgeti(L, 3, i);
      int same = lua_rawequal(L, -1, 2);
      lua_settop(L, -2);
      if (same) {
        from = i + 1;
        break;
      }
    }
    if (from == 0) return luaL_error(L, "invalid key to 'next'");
  }
  for (lua_Integer i = from; i <= n; i++) {
    lua_rawgeti(L, 3, i);
    lua_pushvalue(L, -1);
    if (lua_rawget(L, 1) != LUA_TNIL) return 2;
    lua_settop(L, 3);
  }
  lua_pushnil(L);
  return 1;
}

/* The iterator `pairs` returns; upvalue 1: the table (backing resolved),
 * upvalue 2: its keys in order, upvalue 3: the position. */
static int clua_rules_pairs_step(lua_State *L) {
  lua_Integer position = lua_tointegerx(L, lua_upvalueindex(RULES_PAIRS_UPVALUE_POSITION), NULL);
  lua_Integer n = (lua_Integer)lua_rawlen(L, lua_upvalueindex(RULES_PAIRS_UPVALUE_KEYS));
  while (position < n) {
    position++;
    lua_rawgeti(L, lua_upvalueindex(RULES_PAIRS_UPVALUE_KEYS), position);
    lua_pushvalue(L, -1);
    if (lua_rawget(L, lua_upvalueindex(RULES_PAIRS_UPVALUE_TABLE)) != LUA_TNIL) {
      lua_pushinteger(L, position);
      lua_replace(L, lua_upvalueindex(RULES_PAIRS_UPVALUE_POSITION));
      return 2;
    }
    lua_settop(L, -3);
  }
  lua_pushinteger(L, position);
  lua_replace(L, lua_upvalueindex(RULES_PAIRS_UPVALUE_POSITION));
  lua_pushnil(L);
  return 1;
}

/* pairs(t): honours __pairs (a script's own metamethod), else iterates the
 * keys as they are when the loop starts, in the stable order; a key whose
 * value becomes nil during the loop is skipped. */
static int clua_rules_pairs(lua_State *L) {
  luaL_checkany(L, 1);
  lua_settop(L, 1);
  if (!clua_proxy_backing(L, 1) && luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
    lua_pushvalue(L, 1);
    lua_call(L, 1, 3);
    return 3;
  }
  if (lua_gettop(L) == 1) lua_pushvalue(L, 1); /* 2: the table to read */
  luaL_checktype(L, 2, LUA_TTABLE);
  clua_rules_sorted_keys(L, 2); /* 3 */
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, clua_rules_pairs_step, RULES_PAIRS_UPVALUES); /* 2: table, 3: keys, 0: position */
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

/* ------------------------------------------------------------------------ */
/* No addresses                                                             */
/* ------------------------------------------------------------------------ */

/* Pushes the value at idx as a string without addresses: __tostring is
 * honoured; other tables, functions, threads and userdata are their type name. */
static const char *clua_rules_tolstring(lua_State *L, int idx, size_t *length) {
  idx = lua_absindex(L, idx);
  int t = lua_type(L, idx);
  if (t == LUA_TTABLE || t == LUA_TUSERDATA) { /* a frozen table's metatable keeps its __tostring */
    if (luaL_getmetafield(L, idx, "__tostring") != LUA_TNIL) {
      lua_settop(L, -2);
      return luaL_tolstring(L, idx, length); /* runs __tostring, checks that it returns a string */
    }
  }
  if (t == LUA_TTABLE || t == LUA_TUSERDATA || t == LUA_TFUNCTION || t == LUA_TTHREAD || t == LUA_TLIGHTUSERDATA) {
    lua_pushstring(L, lua_typename(L, t));
    return lua_tolstring(L, -1, length);
  }
  return luaL_tolstring(L, idx, length);
}

/* tostring(v) */
static int clua_rules_tostring(lua_State *L) {
  luaL_checkany(L, 1);
  lua_settop(L, 1);
  (void)clua_rules_tolstring(L, 1, NULL);
  return 1;
}

/* string.format without %p, whose arguments given to %s never show an
 * address; upvalue 1: the sandbox's string.format. */
static int clua_rules_format(lua_State *L) {
  size_t length = 0;
  const char *format = luaL_checklstring(L, 1, &length);
  for (size_t i = 0; i + 1 < length; i++) {
    if (format[i] != '%') continue;
    size_t j = i + 1;
    if (format[j] == '%') {
      i = j;
      continue;
    }
    while (j < length && strchr("-+ #0123456789.", format[j]) != NULL) j++;
    if (j < length && format[j] == 'p')
      return luaL_error(L, "string.format: '%%p' is not available to rules (addresses are not deterministic)");
    i = j;
  }
  int n = lua_gettop(L);
  for (int i = 2; i <= n; i++) {
    int t = lua_type(L, i);
    if (t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TTHREAD || t == LUA_TUSERDATA || t == LUA_TLIGHTUSERDATA) {
      (void)clua_rules_tolstring(L, i, NULL);
      lua_replace(L, i);
    }
  }
  lua_pushvalue(L, lua_upvalueindex(RULES_FORMAT_UPVALUE_ORIGINAL));
  lua_insert(L, 1);
  lua_call(L, n, 1);
  return 1;
}

/* ------------------------------------------------------------------------ */
/* Screen payloads                                                          */
/* ------------------------------------------------------------------------ */

/* state_fits(kinds, state) -> boolean: whether `state` is a plain table whose every raw field
 * is declared in `kinds` (field name -> the `type` name of its default) with a value of that
 * kind — the common case of a rule's payload, checked without running Lua. `false` for anything
 * else (not a table, an unknown field, a value of another kind, a frozen table read through its
 * metatable): the DSL then checks the payload itself and names what is wrong. clua_rules_fits
 * checks the tables at two absolute indices and leaves the stack as it was. */
static int clua_rules_fits(lua_State *L, int kinds, int state) {
  if (lua_type(L, kinds) != LUA_TTABLE || lua_type(L, state) != LUA_TTABLE) return 0;
  int top = lua_gettop(L);
  int fits = 1, any = 0;
  double visited = 0;
  lua_pushnil(L);
  while (lua_next(L, state) != 0) { /* top + 1: key, top + 2: value */
    any = 1;
    visited += 1;
    if (lua_type(L, top + 1) != LUA_TSTRING) { fits = 0; break; }
    lua_pushvalue(L, top + 1);
    const char *kind = lua_rawget(L, kinds) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    if (kind == NULL || strcmp(kind, lua_typename(L, lua_type(L, top + 2))) != 0) { fits = 0; break; }
    lua_settop(L, top + 1);
  }
  lua_settop(L, top);
  if (fits && !any && lua_getmetatable(L, state)) {
    fits = 0;
    lua_settop(L, top);
  }
  clua_charge(L, visited); /* the fields cost what the Lua loop they replace would */
  return fits;
}

static int clua_rules_state_fits(lua_State *L) {
  lua_settop(L, 2);
  lua_pushboolean(L, clua_rules_fits(L, 1, 2));
  return 1;
}

/* takes_payload(fn) -> boolean: whether `fn` can read the payload, its second argument: a
 * Lua function declaring two parameters or more, or variadic (any C function too). A rule that
 * cannot is called without one, so none is made for it. */
static int clua_rules_takes_payload(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_settop(L, 1);
  lua_Debug ar;
  int takes = !lua_getinfo(L, ">u", &ar) || ar.nparams >= 2 || ar.isvararg;
  lua_pushboolean(L, takes);
  return 1;
}

/* ------------------------------------------------------------------------ */
/* push and pop on a rule's own nav                                         */
/* ------------------------------------------------------------------------ */

/* Calls the DSL's own method (upvalue 4 of a C nav method) with the method's
 * `arguments` first arguments: whatever the C method does not handle itself. */
static int clua_rules_call_dsl_method(lua_State *L, int arguments) {
  lua_settop(L, arguments);
  lua_pushvalue(L, lua_upvalueindex(RULES_NAV_UPVALUE_DSL_METHOD));
  lua_insert(L, 1);
  lua_call(L, arguments, 0);
  return 0;
}

/* nav:push(screen, state): the DSL's push, made in C for its common case — the
 * rule's own nav during its call, a declared screen name, no state or one that
 * fits (see state_fits) — which queues the push with the queue's one writer
 * (clua_queue_push), as the DSL's does through `enqueue`. Anything else goes
 * to the DSL's full push (upvalue 4), which checks every argument and says what
 * is wrong. Upvalues: screensByName, ruleCall, ruleNav, the full push, "kinds". */
static int clua_rules_push(lua_State *L) {
  lua_settop(L, 3);
  if (lua_rawequal(L, 1, lua_upvalueindex(RULES_PUSH_UPVALUE_RULE_NAV)) && lua_type(L, 2) == LUA_TSTRING &&
      lua_rawgeti(L, lua_upvalueindex(RULES_PUSH_UPVALUE_RULE_CALL), 1) == LUA_TTABLE) { /* 4: the queue */
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(RULES_PUSH_UPVALUE_SCREENS)) == LUA_TTABLE) { /* 5: the screen */
      lua_pushvalue(L, lua_upvalueindex(RULES_PUSH_UPVALUE_KINDS_KEY));
      lua_rawget(L, 5); /* 6: its fields' kinds */
      if (!lua_isnil(L, 3) && !clua_rules_fits(L, 6, 3)) goto checked;
      clua_queue_push(L, 4, 2, 3);
      return 0;
    }
  }
checked:
  return clua_rules_call_dsl_method(L, 3);
}

/* nav:pop(n): the DSL's pop, made in C for its common case — `nav:pop()` on
 * the rule's own nav during its call — which queues the pop-one command
 * (upvalue 3, see clua_queue_pop_one). Anything else goes to the DSL's full pop (upvalue 4).
 * Upvalues: ruleCall, ruleNav, the pop table, the full pop. */
static int clua_rules_pop(lua_State *L) {
  lua_settop(L, 2);
  if (lua_isnil(L, 2) && lua_rawequal(L, 1, lua_upvalueindex(RULES_POP_UPVALUE_RULE_NAV)) &&
      lua_rawgeti(L, lua_upvalueindex(RULES_POP_UPVALUE_RULE_CALL), 1) == LUA_TTABLE) { /* 3: the queue */
    clua_queue_pop_one(L, 3, lua_upvalueindex(RULES_POP_UPVALUE_POP_ONE));
    return 0;
  }
  return clua_rules_call_dsl_method(L, 2);
}

/* nav_methods(screensByName, ruleCall, ruleNav, push, pop) -> push, pop: the C
 * push and pop above over the DSL's full ones. Upvalue 1: the pop-one command. */
static int clua_rules_nav_methods(lua_State *L) {
  for (int i = 1; i <= 5; i++) luaL_checkany(L, i);
  lua_settop(L, 5);
  lua_pushvalue(L, 1); /* RULES_PUSH_UPVALUE_SCREENS */
  lua_pushvalue(L, 2); /* RULES_PUSH_UPVALUE_RULE_CALL */
  lua_pushvalue(L, 3); /* RULES_PUSH_UPVALUE_RULE_NAV */
  lua_pushvalue(L, 4); /* RULES_PUSH_UPVALUE_DSL_METHOD */
  lua_pushliteral(L, "kinds"); /* RULES_PUSH_UPVALUE_KINDS_KEY */
  lua_pushcclosure(L, clua_rules_push, RULES_PUSH_UPVALUES);
  lua_pushvalue(L, 2); /* RULES_POP_UPVALUE_RULE_CALL */
  lua_pushvalue(L, 3); /* RULES_POP_UPVALUE_RULE_NAV */
  lua_pushvalue(L, lua_upvalueindex(1)); /* RULES_POP_UPVALUE_POP_ONE */
  lua_pushvalue(L, 5); /* RULES_POP_UPVALUE_DSL_METHOD */
  lua_pushcclosure(L, clua_rules_pop, RULES_POP_UPVALUES);
  return 2;
}

/* ------------------------------------------------------------------------ */
/* The rule call                                                            */
/* ------------------------------------------------------------------------ */

/* call_rule(index, tab, payload, screen, action) -> queue: a rule call exactly
 * as the rule DSL describes it (see `api.call_rule` there), made in C because
 * it is the host's most frequent call: current.what = ruleWhat[index];
 * ruleCall[1..4] = the queue, emptied, tab, screen or index, action;
 * ruleFns[index](ruleNav, payload); ruleCall[1] = false; then ruleCall[5], the
 * check of the script's variables once it is sealed, if any. An error in the
 * rule leaves its queue in ruleCall[1], as the DSL expects.
 *
 * Every call uses the same queue table (upvalue 7), emptied first: the host
 * reads a call's queue before the next call starts (calls never nest), and no
 * script can keep a reference to the queue or to a nav made during a call
 * (its globals and the tables its functions hold are read-only, and the
 * variables its functions hold are checked after every call), so no call can
 * tell it from a fresh one — and no table is made for it. A nav that
 * `nav:tab(id)` makes carries the call's own token instead (its event table,
 * which ruleCall[3] holds only during that call), so it expires with its
 * call. Upvalues: the
 * current-call table, the key "what", ruleCall, ruleWhat, ruleFns, ruleNav,
 * the queue. */
static int clua_rules_call_rule(lua_State *L) {
  lua_settop(L, 5);
  lua_Integer index = lua_tointegerx(L, 1, NULL);
  lua_pushvalue(L, lua_upvalueindex(RULES_CALL_UPVALUE_WHAT_KEY));
  lua_rawgeti(L, lua_upvalueindex(RULES_CALL_UPVALUE_RULE_WHAT), index);
  lua_rawset(L, lua_upvalueindex(RULES_CALL_UPVALUE_CURRENT));
  lua_pushvalue(L, lua_upvalueindex(RULES_CALL_UPVALUE_QUEUE)); /* 6: the queue */
  for (lua_Integer queued = (lua_Integer)lua_rawlen(L, 6); queued > 0; queued--) {
    lua_pushnil(L);
    lua_rawseti(L, 6, queued);
  }
  lua_pushvalue(L, 6);
  lua_rawseti(L, lua_upvalueindex(RULES_CALL_UPVALUE_RULE_CALL), 1);
  lua_pushvalue(L, 2);
  lua_rawseti(L, lua_upvalueindex(RULES_CALL_UPVALUE_RULE_CALL), 2);
  lua_pushvalue(L, lua_toboolean(L, 4) ? 4 : 1);
  lua_rawseti(L, lua_upvalueindex(RULES_CALL_UPVALUE_RULE_CALL), 3);
  lua_pushvalue(L, 5);
  lua_rawseti(L, lua_upvalueindex(RULES_CALL_UPVALUE_RULE_CALL), 4);
  lua_rawgeti(L, lua_upvalueindex(RULES_CALL_UPVALUE_RULE_FNS), index);
  lua_pushvalue(L, lua_upvalueindex(RULES_CALL_UPVALUE_RULE_NAV));
  lua_pushvalue(L, 3);
  lua_call(L, 2, 0);
  lua_pushboolean(L, 0);
  lua_rawseti(L, lua_upvalueindex(RULES_CALL_UPVALUE_RULE_CALL), 1);
  if (lua_rawgeti(L, lua_upvalueindex(RULES_CALL_UPVALUE_RULE_CALL), 5) == LUA_TFUNCTION) lua_call(L, 0, 0);
  lua_settop(L, 6);
  return 1;
}

/* rule_caller(ruleCall, ruleWhat, ruleFns, ruleNav) -> call_rule (above);
 * upvalue 1: the current-call table. */
static int clua_rules_rule_caller(lua_State *L) {
  for (int i = 1; i <= 4; i++) luaL_checktype(L, i, LUA_TTABLE);
  lua_settop(L, 4);
  lua_pushvalue(L, lua_upvalueindex(RULES_UPVALUE_CURRENT)); /* RULES_CALL_UPVALUE_CURRENT */
  lua_pushliteral(L, "what");                                  /* RULES_CALL_UPVALUE_WHAT_KEY */
  lua_pushvalue(L, 1);                                         /* RULES_CALL_UPVALUE_RULE_CALL */
  lua_pushvalue(L, 2);                                         /* RULES_CALL_UPVALUE_RULE_WHAT */
  lua_pushvalue(L, 3);                                         /* RULES_CALL_UPVALUE_RULE_FNS */
  lua_pushvalue(L, 4);                                         /* RULES_CALL_UPVALUE_RULE_NAV */
  lua_createtable(L, 1, 0); /* RULES_CALL_UPVALUE_QUEUE, with room for one command */
  lua_pushcclosure(L, clua_rules_call_rule, RULES_CALL_UPVALUES);
  return 1;
}

/* visible_names() -> { name, … }: the local variables active at the innermost
 * script line (outside the hidden source, the rule DSL) and the upvalues of
 * its function — what a mistyped name may have meant. Called on error paths
 * only (an undefined global), never while a rule runs normally. */
static int clua_rules_visible_names(lua_State *L) {
  CLuaContext *c = clua_context(L);
  lua_settop(L, 0);
  luaL_checkstack(L, 4, "visible names");
  lua_createtable(L, 16, 0); /* 1 */
  int n = 0;
  lua_Debug ar;
  for (int level = 1; level < 200 && lua_getstack(L, level, &ar); level++) {
    if (!lua_getinfo(L, "Slf", &ar)) continue; /* pushes the function: 2 */
    int hidden = c->hiddenSource[0] != '\0' && strcmp(ar.source, c->hiddenSource) == 0;
    if (ar.currentline <= 0 || hidden) {
      lua_settop(L, 1);
      continue;
    }
    for (int i = 1; n < 256; i++) {
      const char *name = lua_getlocal(L, &ar, i);
      if (name == NULL) break;
      lua_settop(L, 2);
      if (name[0] == '(') continue; /* temporaries */
      lua_pushstring(L, name);
      lua_rawseti(L, 1, ++n);
    }
    for (int i = 1; n < 256; i++) {
      const char *name = lua_getupvalue(L, 2, i);
      if (name == NULL) break;
      lua_settop(L, 2);
      if (name[0] == '\0' || strcmp(name, "_ENV") == 0) continue;
      lua_pushstring(L, name);
      lua_rawseti(L, 1, ++n);
    }
    break;
  }
  lua_settop(L, 1);
  return 1;
}

/* ------------------------------------------------------------------------ */
/* The host table the rule DSL is made with                                 */
/* ------------------------------------------------------------------------ */

/* The host table's C functions: those without upvalues, */
static const luaL_Reg clua_rules_host_plain_functions[] = {
    {"freeze", clua_rules_freeze},
    {"visible_names", clua_rules_visible_names},
    {"rawget", clua_rules_rawget},
    {"rawlen", clua_rules_rawlen},
    {"next", clua_rules_next},
    {"pairs", clua_rules_pairs},
    {"tostring", clua_rules_tostring},
    {"state_fits", clua_rules_state_fits},
    {"takes_payload", clua_rules_takes_payload},
    {NULL, NULL},
};

/* those over the pop-one command (one upvalue, shared), */
static const luaL_Reg clua_rules_host_queue_functions[] = {
    {"enqueue", clua_queue_enqueue},
    {"nav_methods", clua_rules_nav_methods},
    {NULL, NULL},
};

/* those over the current-call table alone (one upvalue, shared), */
static const luaL_Reg clua_rules_host_functions[] = {
    {"rawset", clua_rules_rawset},
    {"rule_caller", clua_rules_rule_caller},
    {NULL, NULL},
};

/* and setmetatable, over the current-call table, the sandbox's setmetatable and the guard. */
static const luaL_Reg clua_rules_host_setmetatable[] = {
    {"setmetatable", clua_rules_setmetatable},
    {NULL, NULL},
};

/* host(view, base, hint [, print]) -> { current, view, hint, print, freeze, rawget, rawlen,
 * rawset, setmetatable, next, pairs, tostring, state_fits, takes_payload, rule_caller,
 * nav_methods, enqueue, pop_one, format }: the table the rule DSL is made with; `enqueue` and
 * `pop_one` are the command queue's writer and its pop-one command (queue.c). `view`, `hint`
 * and `print` are light userdata naming the Swift functions that answer nav
 * views, suggest names and take printed lines; `base` is the sandbox's
 * read-only base. `visible_names` lists the script's locals and upvalues at
 * an error (see clua_rules_visible_names). */
int clua_rules_host(lua_State *L) {
  luaL_checktype(L, 1, LUA_TLIGHTUSERDATA);
  luaL_checktype(L, 2, LUA_TTABLE);
  luaL_checktype(L, 3, LUA_TLIGHTUSERDATA);
  void *hint = lua_touserdata(L, 3);
  void *print = lua_islightuserdata(L, 4) ? lua_touserdata(L, 4) : NULL;
  lua_settop(L, 2);
  lua_createtable(L, 0, 20); /* 3 */
  lua_createtable(L, 0, 2);  /* 4: current */
  lua_pushvalue(L, 4);
  lua_setfield(L, 3, "current");
  clua_push_swift_function(L, lua_touserdata(L, 1), 0);
  lua_setfield(L, 3, "view");
  clua_push_swift_function(L, hint, 0);
  lua_setfield(L, 3, "hint");
  if (print != NULL) { /* print(text, where, what): a line a script printed, with its origin */
    clua_push_swift_function(L, print, 0);
    lua_setfield(L, 3, "print");
  }
  lua_pushvalue(L, 3);
  luaL_setfuncs(L, clua_rules_host_plain_functions, 0);
  clua_queue_new_pop_one(L);
  lua_pushvalue(L, -1);
  lua_setfield(L, 3, "pop_one");
  luaL_setfuncs(L, clua_rules_host_queue_functions, 1);
  lua_pushvalue(L, 4);
  luaL_setfuncs(L, clua_rules_host_functions, 1);
  lua_pushvalue(L, 4);
  lua_getfield(L, 2, "setmetatable");
  clua_rules_push_metatable_guard(L);
  luaL_setfuncs(L, clua_rules_host_setmetatable, RULES_SETMETATABLE_UPVALUES);
  lua_settop(L, 4);
  /* The hardened string library is the string metatable's __index; every environment made from
   * now on copies it. Its format becomes the address-free one, for method calls too. */
  lua_pushliteral(L, "");
  if (lua_getmetatable(L, -1) && lua_getfield(L, -1, "__index") == LUA_TTABLE) {
    int strings = lua_gettop(L);
    if (lua_getfield(L, strings, "format") == LUA_TFUNCTION) {
      lua_pushcclosure(L, clua_rules_format, 1); /* RULES_FORMAT_UPVALUE_ORIGINAL */
      lua_pushvalue(L, -1);
      lua_setfield(L, strings, "format");
      lua_setfield(L, 3, "format");
    }
  }
  lua_settop(L, 3);
  return 1;
}
