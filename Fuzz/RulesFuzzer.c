/*
 * libFuzzer harness for the sandbox's pure rules (Sources/CLuaSandbox/rules.c), driven the way the
 * rule DSL drives them: a real sandboxed lua_State (clua_sandbox_open, the safe libraries,
 * clua_sandbox_setup), the host table clua_rules_host makes, and its functions called on tables
 * built from the input. Each input builds a table (array part, boolean, integer, float and string
 * keys, nested tables, an optional metatable; sometimes a key with no stable order), then checks:
 *   - host.next and host.pairs visit every key exactly once, the same sequence twice, the array
 *     part 1..n first, then booleans, numbers (by value, as Lua compares them), strings (bytewise);
 *     a table with a key of no stable order makes both raise instead;
 *   - host.freeze leaves every value readable through the proxy and through host.rawget, `#` and
 *     host.rawlen equal to the border before freezing, the same iteration order, and refuses every
 *     write (assignment, host.rawset, host.setmetatable) without changing the table;
 *   - host.tostring and host.format never show an address (%p refused);
 *   - host.enqueue(queue, op, tab, a1..a5), the command queue's one writer (queue.c), called a few
 *     times in a row on one queue, which may hold entries already: op of every code (its name; for
 *     no op random bytes, "", a name one letter off, or no string), tab nil, false or a string, up
 *     to CLUA_QUEUE_MAX_ARGUMENTS arguments (nil, numbers, strings, tables, booleans). A queue that
 *     is no table or an op that is no op raises, the queue exactly as it was (length, and entries by
 *     rawequal). A push without a tab (its screen a string, as the DSL's) appends two elements, the
 *     screen then the state or false for none; a pop of the integer 1 without a tab appends
 *     host.pop_one; any other call appends one new table whose keys are exactly op (the name), each
 *     field clua_queue_op_field names whose argument is not nil, and tab when
 *     clua_queue_op_takes_tab and the tab is truthy. Entries queued before never change, nor do the
 *     command tables made, nor host.pop_one ({ op = "pop", count = 1 });
 *   - the state closes with the allocator's count back at zero (ASan reports leaks).
 * Errors a script could cause are expected; a broken invariant aborts. Build and run with scripts/fuzz.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CLuaSandbox.h"

enum { MAX_KEYS = 48, MAX_DEPTH = 2 };
/* Stack slots of the state a run works in. */
enum { SLOT_INPUT = 1, SLOT_NEWENV, SLOT_BASE, SLOT_HOST, SLOT_ENV, SLOT_CURRENT, SLOT_DATA };

static CLuaContext *context;
static lua_State *running; /* the state of the run in progress, NULL outside it */

typedef struct Input {
  const uint8_t *data;
  size_t size, pos;
} Input;

static uint8_t take(Input *in) { return in->pos < in->size ? in->data[in->pos++] : 0; }

static void fail(const char *what) {
  /* a run the budget or the memory cap stopped proves nothing: the harness's own calls fail then */
  if (running != NULL && (context->budgetExceeded || context->memoryLimitHit || context->memoryErrorRaised))
    (void)luaL_error(running, "script stopped: the run was cut short");
  fprintf(stderr, "RulesFuzzer: invariant broken: %s\n", what);
  abort();
}

/* The Swift functions the host table names (view, hint, print): here, one that returns nothing. */
static int dispatch(lua_State *L, void *box) {
  (void)L;
  (void)box;
  return 0;
}

static int undefined_global(lua_State *L) {
  lua_pushnil(L);
  return 1;
}

static int index_function(lua_State *L) {
  lua_pushliteral(L, "from __index");
  return 1;
}

static int tostring_metamethod(lua_State *L) {
  lua_pushliteral(L, "custom");
  return 1;
}

/* Numbers around the edges of lua_Integer and of the floats that stay floats as keys. */
static void push_number(lua_State *L, Input *in) {
  uint8_t k = take(in);
  switch (k % 12) {
    case 0: lua_pushinteger(L, (lua_Integer)(int8_t)take(in)); break;
    case 1: lua_pushinteger(L, LUA_MAXINTEGER - (lua_Integer)take(in)); break;
    case 2: lua_pushinteger(L, LUA_MININTEGER + (lua_Integer)take(in)); break;
    case 3: lua_pushnumber(L, 9223372036854775808.0); break; /* 2^63: a float key */
    case 4: lua_pushnumber(L, -9223372036854775808.0 * 2); break;
    case 5: lua_pushnumber(L, (lua_Number)(int8_t)take(in) + 0.5); break;
    case 6: lua_pushnumber(L, 1.0 / 0.0); break;
    case 7: lua_pushnumber(L, -1.0 / 0.0); break;
    case 8: lua_pushnumber(L, 4503599627370495.5); break; /* 2^52 - 0.5 */
    case 9: lua_pushinteger(L, (lua_Integer)1 << 53 | take(in)); break;
    case 10: lua_pushnumber(L, 1e300 * (take(in) & 1 ? 1 : -1)); break;
    default: lua_pushinteger(L, (lua_Integer)take(in) + 1); break;
  }
}

static void push_string(lua_State *L, Input *in) {
  char text[8];
  size_t n = take(in) % sizeof text;
  for (size_t i = 0; i < n; i++) text[i] = (char)take(in);
  lua_pushlstring(L, text, n);
}

static void push_table(lua_State *L, Input *in, int depth);

/* A value of any kind the DSL meets. */
static void push_value(lua_State *L, Input *in, int depth) {
  switch (take(in) % 7) {
    case 0: lua_pushboolean(L, take(in) & 1); break;
    case 1: push_number(L, in); break;
    case 2: push_string(L, in); break;
    case 3:
      if (depth < MAX_DEPTH) push_table(L, in, depth + 1);
      else lua_pushboolean(L, 1);
      break;
    case 4: lua_pushcclosure(L, index_function, 0); break;
    default: lua_pushinteger(L, take(in)); break;
  }
}

/* A key: mostly ones with a stable order; rarely a table (no stable order). */
static void push_key(lua_State *L, Input *in) {
  switch (take(in) % 9) {
    case 0: lua_pushboolean(L, take(in) & 1); break;
    case 1: case 2: push_number(L, in); break;
    case 3: lua_createtable(L, 0, 0); break;
    default: push_string(L, in); break;
  }
}

static void push_table(lua_State *L, Input *in, int depth) {
  lua_createtable(L, 0, 0);
  int t = lua_gettop(L);
  int array = take(in) % 12;
  for (int i = 1; i <= array; i++) {
    push_value(L, in, depth);
    lua_rawseti(L, t, i);
  }
  int n = take(in) % MAX_KEYS;
  for (int i = 0; i < n && in->pos < in->size; i++) {
    push_key(L, in);
    push_value(L, in, depth);
    lua_rawset(L, t);
  }
  uint8_t meta = take(in) % 8;
  if (meta == 1 || meta == 2) {
    lua_createtable(L, 0, 1);
    lua_pushcclosure(L, meta == 1 ? index_function : tostring_metamethod, 0);
    lua_setfield(L, -2, meta == 1 ? "__index" : "__tostring");
    lua_setmetatable(L, t);
  }
}

/* Calls host[name] with the `nargs` values on top of the stack, unprotected (run inside the
 * protected run below, or under lua_pcall). */
static void push_host(lua_State *L, const char *name) {
  if (lua_getfield(L, SLOT_HOST, name) != LUA_TFUNCTION) fail("host function missing");
}

static int protected_host_call(lua_State *L, const char *name, int nargs, int nresults) {
  push_host(L, name);
  lua_rotate(L, -nargs - 1, 1);
  return lua_pcall(L, nargs, nresults, 0);
}

/* The order the rules promise for keys outside the array part: booleans (false first), numbers by
 * value (Lua's own comparison), strings bytewise. Returns <0, 0, >0. */
static int rank(lua_State *L, int i) {
  switch (lua_type(L, i)) {
    case LUA_TBOOLEAN: return 0;
    case LUA_TNUMBER: return 1;
    case LUA_TSTRING: return 2;
    default: fail("key of no stable order visited"); return -1;
  }
}

static int in_order(lua_State *L, int a, int b) {
  int ra = rank(L, a), rb = rank(L, b);
  if (ra != rb) return ra < rb;
  if (ra == 0) return !lua_toboolean(L, a) && lua_toboolean(L, b);
  if (ra == 1) return lua_compare(L, a, b, LUA_OPLT);
  size_t la, lb;
  const char *sa = lua_tolstring(L, a, &la), *sb = lua_tolstring(L, b, &lb);
  int c = memcmp(sa, sb, la < lb ? la : lb);
  return c < 0 || (c == 0 && la < lb);
}

/* Prints the key at idx (a finding's report). */
static void describe(lua_State *L, int idx) {
  if (lua_type(L, idx) == LUA_TNUMBER && !lua_isinteger(L, idx))
    fprintf(stderr, "RulesFuzzer: key %.17g (float)\n", (double)lua_tonumber(L, idx));
  else if (lua_type(L, idx) == LUA_TNUMBER)
    fprintf(stderr, "RulesFuzzer: key %lld (integer)\n", (long long)lua_tointeger(L, idx));
  else
    fprintf(stderr, "RulesFuzzer: key of type %s\n", luaL_typename(L, idx));
}

/* Collects, into a new array (pushed), the keys host.next visits on the value at t. Returns their
 * count, or -1 when next raised (then an error message is pushed instead). */
static lua_Integer collect_next(lua_State *L, int t) {
  lua_createtable(L, 0, 0);
  int out = lua_gettop(L);
  lua_Integer n = 0;
  lua_pushnil(L); /* out + 1: the key */
  for (;;) {
    lua_pushvalue(L, t);
    lua_pushvalue(L, out + 1);
    if (protected_host_call(L, "next", 2, 2) != LUA_OK) {
      lua_rotate(L, out, 1);
      lua_settop(L, out);
      return -1;
    }
    if (lua_isnil(L, -2)) break;
    if (lua_isnil(L, -1)) fail("next returned a key with a nil value");
    lua_settop(L, -2);
    lua_copy(L, -1, out + 1);
    lua_rawseti(L, out, ++n);
    if (n > 4 * MAX_KEYS + 64) fail("next does not end");
  }
  lua_settop(L, out);
  return n;
}

/* The same with host.pairs. */
static lua_Integer collect_pairs(lua_State *L, int t) {
  lua_createtable(L, 0, 0);
  int out = lua_gettop(L);
  lua_pushvalue(L, t);
  if (protected_host_call(L, "pairs", 1, 3) != LUA_OK) {
    lua_rotate(L, out, 1);
    lua_settop(L, out);
    return -1;
  }
  lua_Integer n = 0;
  for (;;) { /* out + 1: iterator, + 2: state, + 3: control */
    lua_pushvalue(L, out + 1);
    lua_pushvalue(L, out + 2);
    lua_pushvalue(L, out + 3);
    if (lua_pcall(L, 2, 2, 0) != LUA_OK) fail("the pairs iterator raised");
    if (lua_isnil(L, -2)) break;
    if (lua_isnil(L, -1)) fail("pairs returned a key with a nil value");
    lua_settop(L, -2);
    lua_copy(L, -1, out + 3);
    lua_rawseti(L, out, ++n);
    if (n > 4 * MAX_KEYS + 64) fail("pairs does not end");
  }
  lua_settop(L, out);
  return n;
}

static void same_sequence(lua_State *L, int a, int b, lua_Integer n, const char *what) {
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, a, i);
    lua_rawgeti(L, b, i);
    if (!lua_rawequal(L, -1, -2)) fail(what);
    lua_settop(L, -3);
  }
}

/* The raw keys of the table at t: count, and whether one has no stable order. */
static lua_Integer raw_count(lua_State *L, int t, int *unordered) {
  lua_Integer n = 0;
  *unordered = 0;
  lua_pushnil(L);
  while (lua_next(L, t) != 0) {
    int kt = lua_type(L, -2);
    if (kt != LUA_TBOOLEAN && kt != LUA_TNUMBER && kt != LUA_TSTRING) *unordered = 1;
    lua_settop(L, -2);
    n++;
  }
  return n;
}

static lua_Integer border_of(lua_State *L, int t) {
  lua_Integer b = 0;
  while (lua_rawgeti(L, t, b + 1) != LUA_TNIL) {
    lua_settop(L, -2);
    b++;
  }
  lua_settop(L, -2);
  return b;
}

/* Checks the ordered iteration of `subject` (a table or its frozen proxy) whose raw contents are the
 * table at `raw`. Pushes the key sequence (or nothing when iteration must raise) and returns its
 * length (-1: raised as it must). */
static lua_Integer check_iteration(lua_State *L, int subject, int raw) {
  int top = lua_gettop(L);
  int unordered = 0;
  lua_Integer count = raw_count(L, raw, &unordered);
  lua_Integer border = border_of(L, raw);
  lua_Integer n1 = collect_next(L, subject); /* top + 1 */
  lua_Integer n2 = collect_next(L, subject); /* top + 2 */
  lua_Integer n3 = collect_pairs(L, subject); /* top + 3 */
  if (unordered) {
    if (n1 != -1 || n2 != -1 || n3 != -1) fail("a key of no stable order was iterated");
    lua_settop(L, top);
    return -1;
  }
  if (n1 < 0 || n2 < 0 || n3 < 0) fail("next or pairs raised on a table of ordered keys");
  if (n1 != count || n2 != count || n3 != count) fail("iteration does not visit every key exactly once");
  same_sequence(L, top + 1, top + 2, n1, "next visits keys in a different order the second time");
  same_sequence(L, top + 1, top + 3, n1, "pairs and next disagree on the order");
  lua_createtable(L, 0, (int)n1); /* top + 4: keys seen */
  for (lua_Integer i = 1; i <= n1; i++) {
    lua_rawgeti(L, top + 1, i);
    lua_pushvalue(L, -1);
    if (lua_rawget(L, top + 4) != LUA_TNIL) fail("a key visited twice");
    lua_settop(L, -2);
    lua_pushvalue(L, -1);
    if (lua_rawget(L, raw) == LUA_TNIL) fail("a key visited that the table does not have");
    lua_settop(L, -2);
    lua_pushboolean(L, 1);
    lua_rawset(L, top + 4);
    if (i <= border) {
      lua_rawgeti(L, top + 1, i);
      if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) != i) fail("the array part does not come first, in order");
      lua_settop(L, -2);
    } else if (i > border + 1) {
      lua_rawgeti(L, top + 1, i - 1);
      lua_rawgeti(L, top + 1, i);
      if (!in_order(L, -2, -1)) {
        describe(L, -2);
        describe(L, -1);
        fail("keys outside the array part are not in the stable order");
      }
      lua_settop(L, -3);
    }
  }
  lua_settop(L, top + 1);
  return n1;
}

/* The address the standard tostring would show for the value at idx, pushed. */
static void push_address(lua_State *L, int idx) {
  char text[64];
  snprintf(text, sizeof text, "%p", lua_topointer(L, idx));
  lua_pushstring(L, text);
}

static void check_no_address(lua_State *L, int idx, const char *text, size_t length) {
  int t = lua_type(L, idx);
  if (t != LUA_TTABLE && t != LUA_TFUNCTION && t != LUA_TUSERDATA && t != LUA_TTHREAD) return;
  push_address(L, idx);
  const char *address = lua_tostring(L, -1);
  size_t la = strlen(address);
  for (size_t i = 0; i + la <= length; i++)
    if (memcmp(text + i, address, la) == 0) fail("an address was shown");
  lua_settop(L, -2);
}

/* host.tostring on every value of the table at raw (raw contents of `subject`), and on subject. */
static void check_tostring(lua_State *L, int subject, int raw) {
  lua_pushvalue(L, subject);
  if (protected_host_call(L, "tostring", 1, 1) == LUA_OK) {
    size_t n;
    const char *s = lua_tolstring(L, -1, &n);
    if (s == NULL) fail("tostring returned no string");
    check_no_address(L, subject, s, n);
    check_no_address(L, raw, s, n);
  }
  lua_settop(L, -2);
  lua_pushnil(L);
  while (lua_next(L, raw) != 0) {
    int v = lua_gettop(L);
    lua_pushvalue(L, v);
    if (protected_host_call(L, "tostring", 1, 1) != LUA_OK) fail("tostring raised on a plain value");
    size_t n;
    const char *s = lua_tolstring(L, -1, &n);
    if (s == NULL) fail("tostring returned no string");
    check_no_address(L, v, s, n);
    int t = lua_type(L, v);
    if ((t == LUA_TFUNCTION || (t == LUA_TTABLE && !lua_getmetatable(L, v))) &&
        strcmp(s, lua_typename(L, t)) != 0)
      fail("tostring of a table or function is not its type name");
    lua_settop(L, v - 1);
  }
}

/* host.format with a format made from the input, over the table's values. */
static void check_format(lua_State *L, Input *in, int raw) {
  char format[24];
  size_t n = take(in) % sizeof format;
  static const char alphabet[] = "%%%%spdqx-0 #.5a";
  for (size_t i = 0; i < n; i++) format[i] = alphabet[take(in) % (sizeof alphabet - 1)];
  int top = lua_gettop(L);
  lua_pushlstring(L, format, n);
  int args = 1;
  lua_pushnil(L);
  while (args < 8 && lua_next(L, raw) != 0) {
    lua_rotate(L, -2, 1); /* value below key */
    args++;
  }
  if (args >= 8) lua_settop(L, -2); /* the key of an unfinished traversal */
  if (protected_host_call(L, "format", args, 1) == LUA_OK) {
    size_t length;
    const char *s = lua_tolstring(L, -1, &length);
    if (s == NULL) fail("format returned no string");
    /* the arguments were consumed: check against the table's values again */
    lua_pushnil(L);
    while (lua_next(L, raw) != 0) {
      check_no_address(L, -1, s, length);
      lua_settop(L, -2);
    }
  }
  lua_settop(L, top);
}

/* host.rawset and host.setmetatable on the frozen proxy at p must raise, and nothing may change:
 * every value of the snapshot at `copy` still reads the same through host.rawget. */
static void check_refuses_writes(lua_State *L, Input *in, int p, int copy) {
  int top = lua_gettop(L);
  for (int attempt = 0; attempt < 3; attempt++) {
    push_key(L, in); /* top + 1 */
    lua_pushvalue(L, p);
    lua_pushvalue(L, top + 1);
    lua_pushinteger(L, 7);
    if (protected_host_call(L, "rawset", 3, 0) == LUA_OK) fail("rawset wrote to a frozen table");
    lua_settop(L, top);
    lua_pushvalue(L, p);
    lua_createtable(L, 0, 0);
    if (protected_host_call(L, "setmetatable", 2, 0) == LUA_OK) fail("setmetatable changed a frozen table");
    lua_settop(L, top);
  }
  lua_pushnil(L);
  while (lua_next(L, copy) != 0) { /* key, value */
    lua_pushvalue(L, p);
    lua_pushvalue(L, -3);
    if (protected_host_call(L, "rawget", 2, 1) != LUA_OK || !lua_rawequal(L, -1, -2))
      fail("a frozen value changed or is unreadable through rawget");
    lua_settop(L, -3);
  }
  lua_settop(L, top);
}

static int assign(lua_State *L) {
  lua_settable(L, 1); /* t, k, v */
  return 0;
}

static int read_field(lua_State *L) {
  lua_gettable(L, 1); /* t, k */
  return 1;
}

static int length_of(lua_State *L) {
  lua_len(L, 1);
  return 1;
}

/* ------------------------------------------------------------------------ */
/* The command queue's writer, host.enqueue (queue.c)                       */
/* ------------------------------------------------------------------------ */

enum { QUEUE_MAX_CALLS = 8, OP_NAME_MAX = 32 };

/* The op the `length` bytes at `name` name, looked up by the harness itself over
 * clua_queue_op_name (not through clua_queue_op_code, which enqueue uses); CLUA_QUEUE_OP_NONE
 * when they name none. */
static int op_named(const char *name, size_t length) {
  for (int op = CLUA_QUEUE_OP_NONE + 1; op < CLUA_QUEUE_OP_COUNT; op++) {
    const char *candidate = clua_queue_op_name(op);
    if (candidate == NULL) fail("an op code below CLUA_QUEUE_OP_COUNT has no name");
    if (strlen(candidate) == length && memcmp(candidate, name, length) == 0) return op;
  }
  return CLUA_QUEUE_OP_NONE;
}

/* The op argument of an enqueue call, pushed. An op code 1..CLUA_QUEUE_OP_COUNT-1 gives its name;
 * 0 and CLUA_QUEUE_OP_COUNT (no op: clua_queue_op_name is NULL) give a name of no op — random
 * bytes, the empty string, a name one letter off (a letter changed, left out, added, or its case
 * flipped) — or a value that is no name at all. Returns the op the pushed value names, or
 * CLUA_QUEUE_OP_NONE (random bytes may name one: then the call is one within the contract). */
static int push_op(lua_State *L, Input *in) {
  int code = take(in) % (CLUA_QUEUE_OP_COUNT + 1);
  const char *name = clua_queue_op_name(code);
  if (name != NULL) {
    lua_pushstring(L, name);
    return code;
  }
  if (code != CLUA_QUEUE_OP_NONE && code != CLUA_QUEUE_OP_COUNT) fail("an op code has no name");
  char text[OP_NAME_MAX + 2];
  size_t n = 0;
  switch (take(in) % 8) {
    case 0:
    case 1: /* random bytes */
      n = take(in) % OP_NAME_MAX;
      for (size_t i = 0; i < n; i++) text[i] = (char)take(in);
      break;
    case 2: break; /* the empty string */
    case 3: lua_pushnil(L); return CLUA_QUEUE_OP_NONE;
    case 4: lua_pushboolean(L, take(in) & 1); return CLUA_QUEUE_OP_NONE;
    case 5: /* a number: read as its text, which names no op */
      push_number(L, in);
      return CLUA_QUEUE_OP_NONE;
    default: { /* one letter off a real name */
      const char *real = clua_queue_op_name(CLUA_QUEUE_OP_NONE + 1 + take(in) % (CLUA_QUEUE_OP_COUNT - 1));
      size_t length = strlen(real);
      if (length == 0 || length > OP_NAME_MAX) fail("an op name of an unexpected length");
      memcpy(text, real, length);
      n = length;
      uint8_t how = take(in) % 4, byte = take(in);
      size_t at = take(in) % length;
      switch (how) {
        case 0: text[at] = (char)(byte == (uint8_t)real[at] ? byte ^ 1 : byte); break; /* changed */
        case 1: memmove(text + at, text + at + 1, length - at - 1); n--; break;     /* left out */
        case 2: /* added, anywhere from before the first letter to after the last */
          at = byte % (length + 1);
          memmove(text + at + 1, text + at, length - at);
          text[at] = (char)take(in);
          n++;
          break;
        default: text[at] = (char)(text[at] ^ 0x20); break; /* case flipped */
      }
    }
  }
  lua_pushlstring(L, text, n);
  return op_named(text, n);
}

/* A queue argument that is no table (a contract break). */
static void push_non_table(lua_State *L, Input *in) {
  switch (take(in) % 5) {
    case 0: lua_pushnil(L); break;
    case 1: lua_pushboolean(L, take(in) & 1); break;
    case 2: push_number(L, in); break;
    case 3: push_string(L, in); break;
    default: lua_pushcclosure(L, index_function, 0); break;
  }
}

/* The tab an enqueue call is addressed to: none (nil, or the DSL's false) or a tab id (a string,
 * the empty one included: truthy). */
static void push_tab(lua_State *L, Input *in) {
  switch (take(in) % 3) {
    case 0: lua_pushnil(L); break;
    case 1: lua_pushboolean(L, 0); break;
    default: push_string(L, in); break;
  }
}

/* An argument of an enqueue call: nil, the count 1 as an integer and as a float, the frozen table
 * of this run (the DSL passes frozen states), or any value push_value makes. */
static void push_argument(lua_State *L, Input *in) {
  switch (take(in) % 10) {
    case 0:
    case 1: lua_pushnil(L); break;
    case 2: lua_pushinteger(L, 1); break;
    case 3: lua_pushnumber(L, 1.0); break;
    case 4: lua_pushvalue(L, SLOT_DATA); break;
    default: push_value(L, in, 1); break;
  }
}

/* The length of the queue at q, which must stay a sequence: keys 1..n and no other. */
static lua_Integer queue_length(lua_State *L, int q) {
  int unordered;
  lua_Integer n = border_of(L, q);
  if (raw_count(L, q, &unordered) != n) fail("the queue holds a key outside its sequence");
  if ((lua_Integer)lua_rawlen(L, q) != n) fail("the queue's rawlen is not its length");
  return n;
}

/* The table at t has exactly the keys of the table at `expect`, each with a rawequal value, and no
 * metatable. */
static void same_fields(lua_State *L, int t, int expect, const char *what) {
  int unordered;
  if (!lua_istable(L, t)) fail(what);
  if (lua_getmetatable(L, t)) fail(what);
  if (raw_count(L, t, &unordered) != raw_count(L, expect, &unordered)) fail(what);
  lua_pushnil(L);
  while (lua_next(L, t) != 0) { /* key, value */
    lua_pushvalue(L, -2);
    if (lua_rawget(L, expect) == LUA_TNIL || !lua_rawequal(L, -1, -2)) fail(what);
    lua_settop(L, -3);
  }
}

/* host.enqueue(queue, op, tab, a1..a5), the command queue's one writer, called a few times in a
 * row on one queue (which may hold entries already), with calls built from the input: within its
 * contract (a table queue; for a push without a tab, a screen name) and breaking it (a queue that
 * is no table, an op that is no op). Each call is checked against the format of CLuaQueue.h. */
static void check_queue(lua_State *L, Input *in) {
  luaL_checkstack(L, 3 * CLUA_QUEUE_MAX_ARGUMENTS + 32, "the queue check");
  int top = lua_gettop(L);
  int pop_one = top + 1, queue = top + 2, mirror = top + 3, expects = top + 4;
  if (lua_getfield(L, SLOT_HOST, "pop_one") != LUA_TTABLE) fail("host.pop_one is not a table");
  lua_createtable(L, 0, 0); /* the queue */
  lua_createtable(L, 0, 0); /* what it must hold: its entries, in order */
  lua_createtable(L, 0, 0); /* by position: the keys and values of each command table enqueue made */
  lua_Integer n = take(in) % 4;
  for (lua_Integer i = 1; i <= n; i++) { /* entries queued before */
    if (take(in) % 4 == 0) lua_pushvalue(L, pop_one);
    else push_value(L, in, 1);
    lua_pushvalue(L, -1);
    lua_rawseti(L, queue, i);
    lua_rawseti(L, mirror, i);
  }
  int calls = 1 + take(in) % QUEUE_MAX_CALLS;
  for (int call = 0; call < calls; call++) {
    int base = lua_gettop(L);
    int args = base + 4; /* base + 1: queue, + 2: op, + 3: tab, args..: a1..a5 (nil past `given`) */
    int table_queue = take(in) % 8 != 0;
    if (table_queue) lua_pushvalue(L, queue);
    else push_non_table(L, in);
    int op = push_op(L, in);
    push_tab(L, in);
    int tab = lua_toboolean(L, base + 3);
    int given = take(in) % (CLUA_QUEUE_MAX_ARGUMENTS + 1);
    for (int i = 0; i < CLUA_QUEUE_MAX_ARGUMENTS; i++) {
      if (i < given) push_argument(L, in);
      else lua_pushnil(L);
    }
    if (op == CLUA_QUEUE_OP_PUSH && !tab) { /* the DSL's push without a tab names its screen */
      push_string(L, in);
      lua_replace(L, args);
      if (given < 1) given = 1;
    }
    int accepted = table_queue && op != CLUA_QUEUE_OP_NONE;
    int frame = lua_gettop(L);
    push_host(L, "enqueue");
    for (int i = base + 1; i < args + given; i++) lua_pushvalue(L, i);
    int status = lua_pcall(L, 3 + given, LUA_MULTRET, 0);
    n = (lua_Integer)lua_rawlen(L, mirror);
    if (!accepted) { /* refused with a Lua error, the queue exactly as it was */
      if (status == LUA_OK) fail("enqueue accepted a queue that is no table or an op that is no op");
      if (status != LUA_ERRRUN || lua_type(L, -1) != LUA_TSTRING) fail("enqueue refused a call without a Lua error");
      lua_settop(L, frame);
      if (queue_length(L, queue) != n) fail("a refused enqueue changed the queue's length");
      same_sequence(L, queue, mirror, n, "a refused enqueue changed an entry");
      lua_settop(L, base);
      continue;
    }
    if (status != LUA_OK) fail("enqueue refused a call within its contract");
    if (lua_gettop(L) != frame) fail("enqueue returned values");
    lua_Integer length = queue_length(L, queue);
    same_sequence(L, queue, mirror, n < length ? n : length, "enqueue changed an entry queued before");
    if (op == CLUA_QUEUE_OP_PUSH && !tab) {
      /* two elements: the screen, then the state or false for none */
      if (length != n + 2) fail("a push without a tab did not append exactly two elements");
      lua_rawgeti(L, queue, n + 1);
      if (!lua_rawequal(L, -1, args)) fail("a push without a tab did not append its screen first");
      lua_rawgeti(L, queue, n + 2);
      if (lua_isnil(L, args + 1) ? !lua_isboolean(L, -1) || lua_toboolean(L, -1) : !lua_rawequal(L, -1, args + 1))
        fail("a push without a tab did not append its state, or false for none, second");
    } else if (op == CLUA_QUEUE_OP_POP && !tab && lua_isinteger(L, args) && lua_tointeger(L, args) == 1) {
      /* the pop-one command itself */
      if (length != n + 1) fail("a pop of one without a tab did not append exactly one element");
      lua_rawgeti(L, queue, n + 1);
      if (!lua_rawequal(L, -1, pop_one)) fail("a pop of one without a tab did not append host.pop_one");
    } else {
      /* one new command table: op, the fields given, and tab when the op is addressed to one */
      if (length != n + 1) fail("a command did not append exactly one element");
      lua_rawgeti(L, queue, n + 1);
      int entry = lua_gettop(L);
      if (lua_type(L, entry) != LUA_TTABLE) fail("a command appended no table");
      if (lua_rawequal(L, entry, pop_one)) fail("a command other than a pop of one without a tab appended host.pop_one");
      for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, mirror, i);
        if (lua_rawequal(L, entry, -1)) fail("a command appended a table queued before");
        lua_settop(L, entry);
      }
      for (int i = base + 1; i < args + CLUA_QUEUE_MAX_ARGUMENTS; i++)
        if (lua_rawequal(L, entry, i)) fail("a command appended one of its arguments as its table");
      lua_createtable(L, 0, CLUA_QUEUE_MAX_ARGUMENTS + 2);
      int expect = lua_gettop(L);
      lua_pushvalue(L, base + 2);
      lua_setfield(L, expect, "op");
      for (int i = 0; i < CLUA_QUEUE_MAX_ARGUMENTS; i++) {
        int field = clua_queue_op_field(op, i);
        if (field == CLUA_QUEUE_FIELD_NONE || lua_isnil(L, args + i)) continue;
        const char *field_name = clua_queue_field_name(field);
        if (field_name == NULL || strcmp(field_name, "op") == 0 || strcmp(field_name, "tab") == 0)
          fail("an op takes a field of no name, or op or tab, as an argument");
        lua_pushvalue(L, args + i);
        lua_setfield(L, expect, field_name);
      }
      if (clua_queue_op_takes_tab(op) && tab) {
        lua_pushvalue(L, base + 3);
        lua_setfield(L, expect, "tab");
      }
      same_fields(L, entry, expect, "a command table's keys are not op, the fields given and its tab");
      lua_rawseti(L, expects, n + 1);
    }
    for (lua_Integer i = n + 1; i <= length; i++) {
      lua_rawgeti(L, queue, i);
      lua_rawseti(L, mirror, i);
    }
    lua_settop(L, base);
  }
  /* at the end: every entry as it was queued, every command table as it was made */
  n = (lua_Integer)lua_rawlen(L, mirror);
  if (queue_length(L, queue) != n) fail("the queue's length changed after the calls");
  same_sequence(L, queue, mirror, n, "an entry changed after the calls");
  lua_pushnil(L);
  while (lua_next(L, expects) != 0) { /* position, expected fields */
    lua_rawgeti(L, queue, lua_tointeger(L, -2));
    same_fields(L, lua_gettop(L), lua_gettop(L) - 1, "a command table changed after it was queued");
    lua_settop(L, -3);
  }
  /* and the pop-one command still { op = "pop", count = 1 } */
  lua_createtable(L, 0, 2);
  lua_pushliteral(L, "pop");
  lua_setfield(L, -2, "op");
  lua_pushinteger(L, 1);
  lua_setfield(L, -2, "count");
  same_fields(L, pop_one, lua_gettop(L), "host.pop_one is no longer { op = \"pop\", count = 1 }");
  lua_getfield(L, pop_one, "count");
  if (!lua_isinteger(L, -1)) fail("host.pop_one's count is not the integer 1");
  lua_settop(L, top);
}

/* The whole check for one input, run protected (a Lua error in the harness itself is a bug). */
static int run(lua_State *L) {
  running = L;
  Input *in = (Input *)lua_touserdata(L, SLOT_INPUT);
  lua_settop(L, SLOT_INPUT);
  lua_pushvalue(L, lua_upvalueindex(1));   /* SLOT_NEWENV */
  lua_pushvalue(L, lua_upvalueindex(2));   /* SLOT_BASE */
  lua_pushvalue(L, lua_upvalueindex(3));   /* SLOT_HOST */
  lua_pushvalue(L, SLOT_NEWENV);
  lua_call(L, 0, 1);                /* SLOT_ENV */
  lua_createtable(L, 0, 2);         /* SLOT_CURRENT */
  lua_pushliteral(L, "rule 'fuzz'");
  lua_setfield(L, SLOT_CURRENT, "what");
  push_table(L, in, 0);             /* SLOT_DATA */
  int data = SLOT_DATA;

  /* a raw snapshot of the contents, and the iteration before freezing */
  lua_createtable(L, 0, 0);
  int copy = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, data) != 0) {
    lua_pushvalue(L, -2);
    lua_rotate(L, -2, 1);
    lua_rawset(L, copy);
  }
  lua_Integer border = border_of(L, data);
  lua_Integer before = check_iteration(L, data, data);
  int order = before >= 0 ? lua_gettop(L) : 0;
  check_tostring(L, data, data);
  check_format(L, in, data);

  /* freeze(env, current, roots, trusted, undefined), with the table as a global */
  lua_pushvalue(L, data);
  lua_setfield(L, SLOT_ENV, "data");
  int top = lua_gettop(L);
  lua_pushvalue(L, SLOT_ENV);
  lua_pushvalue(L, SLOT_CURRENT);
  lua_createtable(L, 0, 0);
  lua_createtable(L, 0, 0);
  lua_pushcclosure(L, undefined_global, 0);
  int status = protected_host_call(L, "freeze", 5, 1);
  if (status != LUA_OK) {
    /* only a budget or memory stop may refuse a table of plain values */
    lua_settop(L, top);
    return 0;
  }
  lua_settop(L, top);
  if (!clua_rules_backing(L, data)) fail("the table was not frozen");
  int backing = lua_gettop(L);
  { /* same contents, readable through the proxy */
    lua_pushnil(L);
    lua_Integer n = 0;
    while (lua_next(L, copy) != 0) {
      n++;
      lua_pushcclosure(L, read_field, 0);
      lua_pushvalue(L, data);
      lua_pushvalue(L, -4);
      if (lua_pcall(L, 2, 1, 0) != LUA_OK || !lua_rawequal(L, -1, -2)) fail("a frozen value reads differently");
      lua_settop(L, -3);
    }
    int unordered;
    if (raw_count(L, backing, &unordered) != n) fail("the backing table lost or gained keys");
    if (raw_count(L, data, &unordered) != 0) fail("the proxy is not empty");
  }
  lua_pushcclosure(L, length_of, 0);
  lua_pushvalue(L, data);
  if (lua_pcall(L, 1, 1, 0) != LUA_OK || !lua_isinteger(L, -1) || lua_tointeger(L, -1) != border)
    fail("# of a frozen table is not its border");
  lua_settop(L, -2);
  lua_pushvalue(L, data);
  if (protected_host_call(L, "rawlen", 1, 1) != LUA_OK || lua_tointeger(L, -1) != border)
    fail("rawlen of a frozen table is not its border");
  lua_settop(L, -2);
  lua_Integer after = check_iteration(L, data, backing);
  if (after != before) fail("freezing changed what iteration visits");
  if (after >= 0) same_sequence(L, order, lua_gettop(L), after, "freezing changed the iteration order");
  if (after >= 0) lua_settop(L, -2);
  /* writes: assignment of an existing or a new key */
  for (int i = 0; i < 2; i++) {
    lua_pushcclosure(L, assign, 0);
    lua_pushvalue(L, data);
    if (i == 0) lua_pushinteger(L, 1); /* an existing key unless the array part is empty */
    else push_key(L, in);
    lua_pushinteger(L, 42);
    if (lua_pcall(L, 3, 0, 0) == LUA_OK) fail("an assignment to a frozen table succeeded");
    lua_settop(L, backing);
  }
  check_refuses_writes(L, in, data, copy);
  check_tostring(L, data, backing);
  /* a nested frozen table refuses writes too */
  lua_pushnil(L);
  while (lua_next(L, backing) != 0) {
    if (lua_type(L, -1) == LUA_TTABLE) {
      int nested = lua_gettop(L);
      if (!clua_rules_backing(L, nested)) fail("a reachable table was not frozen");
      lua_settop(L, nested);
      lua_pushcclosure(L, assign, 0);
      lua_pushvalue(L, nested);
      lua_pushliteral(L, "x");
      lua_pushinteger(L, 1);
      if (lua_pcall(L, 3, 0, 0) == LUA_OK) fail("an assignment to a nested frozen table succeeded");
    }
    lua_settop(L, backing + 1);
  }
  /* the queue's writer, from the bytes left (the frozen table may be one of its arguments) */
  check_queue(L, in);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  CLuaContext state;
  context = &state;
  memset(&state, 0, sizeof state);
  state.memoryLimit = 64 << 20;
  state.stringLimit = 1 << 20;
  state.instructionBudget = 2000000;
  state.hookStride = 1000;
  state.dispatch = dispatch;
  lua_State *L = clua_sandbox_open(&state);
  if (L == NULL) abort();
  lua_pushcclosure(L, clua_sandbox_openlibs, 0);
  lua_pushboolean(L, 0);
  if (clua_sandbox_pcall(L, &state, 1, 0) != LUA_OK) abort();
  lua_pushcclosure(L, clua_sandbox_setup, 0);
  lua_pushinteger(L, 1);
  if (clua_sandbox_pcall(L, &state, 1, 2) != LUA_OK) abort(); /* 2: newenv, 3: base */
  static int box;
  lua_pushcclosure(L, clua_rules_host, 0);
  lua_pushlightuserdata(L, &box);
  lua_pushvalue(L, 3);
  lua_pushlightuserdata(L, &box);
  lua_pushlightuserdata(L, &box);
  if (clua_sandbox_pcall(L, &state, 4, 1) != LUA_OK) abort(); /* 4: host */
  Input in = {data, size, 0};
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_pushvalue(L, 4);
  lua_pushcclosure(L, run, 3);
  lua_pushlightuserdata(L, &in);
  int status = clua_sandbox_pcall(L, &state, 1, 0);
  running = NULL;
  if (status != LUA_OK) {
    const char *message = lua_tostring(L, -1);
    /* the budget and the memory cap may stop a run; anything else is a bug of the harness or rules.c */
    if (message == NULL || (strstr(message, "script stopped") == NULL && strstr(message, "not enough memory") == NULL)) {
      fprintf(stderr, "RulesFuzzer: the run raised: %s\n", message ? message : "?");
      abort();
    }
  }
  clua_sandbox_close(L, &state);
  if (state.bytesInUse != 0) fail("the allocator's count is not zero after close");
  return 0;
}
