/* The sandbox: context, allocator, budget hook, message handler, trampoline, protected
 * call and load, library hardening. */
#include "internal.h"

/* Upvalue indices of the C closures made here. */
enum { SANDBOX_SWIFT_UPVALUE_BOX = 1 }; /* trampoline, print: light userdata naming the Swift box */
/* wrappers of a library's own C function (charged, setmetatable, randomseed, coroutine.resume and
 * close): the original is always upvalue 1 */
enum { SANDBOX_WRAPPER_UPVALUE_ORIGINAL = 1 };
enum { SANDBOX_CHARGED_UPVALUE_KIND = SANDBOX_WRAPPER_UPVALUE_ORIGINAL + 1, SANDBOX_CHARGED_UPVALUES = SANDBOX_CHARGED_UPVALUE_KIND };
enum { SANDBOX_RANDOMSEED_UPVALUE_SEED = SANDBOX_WRAPPER_UPVALUE_ORIGINAL + 1, SANDBOX_RANDOMSEED_UPVALUES = SANDBOX_RANDOMSEED_UPVALUE_SEED };
enum { SANDBOX_READER_UPVALUE_READER = 1 };   /* a `load` reader's wrapper: the script's reader */
enum { SANDBOX_LOAD_UPVALUE_ENV = 1, SANDBOX_LOAD_UPVALUE_ORIGINAL, SANDBOX_LOAD_UPVALUES = SANDBOX_LOAD_UPVALUE_ORIGINAL };
enum { /* newenv */
  SANDBOX_NEWENV_UPVALUE_LIBRARIES = 1, /* { name = library } */
  SANDBOX_NEWENV_UPVALUE_METATABLE,     /* { __index = base, __metatable = false } */
  SANDBOX_NEWENV_UPVALUE_LOAD,          /* the original load */
  SANDBOX_NEWENV_UPVALUES = SANDBOX_NEWENV_UPVALUE_LOAD,
};
enum { SANDBOX_HANDLER_UPVALUE_HANDLER = 1 }; /* xpcall's guarded handler: the script's handler */
/* the killed set: upvalue 2 of coroutine.resume and close (after the original) and of a function
 * coroutine.wrap makes (after its thread); upvalue 1 of coroutine.wrap itself */
enum { SANDBOX_COROUTINE_UPVALUE_KILLED = 2, SANDBOX_COROUTINE_UPVALUES = SANDBOX_COROUTINE_UPVALUE_KILLED };
enum { SANDBOX_WRAPPED_UPVALUE_THREAD = 1, SANDBOX_WRAPPED_UPVALUES = SANDBOX_COROUTINE_UPVALUES };
enum { SANDBOX_WRAP_UPVALUE_KILLED = 1 };
_Static_assert(SANDBOX_WRAPPER_UPVALUE_ORIGINAL + 1 == SANDBOX_COROUTINE_UPVALUE_KILLED &&
                   SANDBOX_WRAPPED_UPVALUE_THREAD + 1 == SANDBOX_COROUTINE_UPVALUE_KILLED,
               "the killed set follows the original (resume, close) and the thread (a wrap function)");

/* ------------------------------------------------------------------------ */
/* 1. Per-state context                                                      */
/* ------------------------------------------------------------------------ */



_Static_assert(LUA_EXTRASPACE >= sizeof(CLuaContext *),
               "the context pointer is copied into each thread's extra space (lua_getextraspace)");

CLuaContext *clua_context(lua_State *L) {
  CLuaContext *c;
  memcpy(&c, lua_getextraspace(L), sizeof c);
  return c;
}

static void clua_setcontext(lua_State *L, CLuaContext *c) { memcpy(lua_getextraspace(L), &c, sizeof c); }

/* A deadline counts the calling thread's CPU time, not the wall clock's: a loaded machine that
 * keeps the thread waiting for a core never turns a quick call into a timeout (so a check's
 * report, or a test, never depends on the load), and the work the instruction budget cannot see,
 * long string operations in C, is exactly what CPU time counts. That clock is a system call
 * (no vDSO, a few hundred ns), so it starts lazily: a call is armed with CLUA_DEADLINE_UNSTARTED,
 * and the first check (the count hook after hookStride instructions, or a pattern's refuel)
 * reads it and sets the deadline a span later. Most rule calls end before that and never read a
 * clock; host functions, on an action's hot path, read none: their work is charged to the
 * budget, and the time they took meets the deadline at the next check. */
long long clua_thread_cpu_nanos(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Whether the running call's deadline has passed; starts its clock at the first check. */
int clua_deadline_passed(CLuaContext *c) {
  if (c->deadlineNanos == 0) return 0;
  long long now = clua_thread_cpu_nanos();
  if (c->deadlineNanos == CLUA_DEADLINE_UNSTARTED) {
    c->deadlineNanos = now + c->deadlineSpan;
    return 0;
  }
  return now > c->deadlineNanos;
}

/* ------------------------------------------------------------------------ */
/* 2. Limiting allocator: see allocator.c                                    */
/* ------------------------------------------------------------------------ */

/* ------------------------------------------------------------------------ */
/* 3. Instruction budget: sticky count hook                                  */
/* ------------------------------------------------------------------------ */


/* Makes the hook fire on every instruction of this thread and of the main
 * thread, so no `pcall` can catch the budget error and go on. */
static void clua_make_sticky(lua_State *L) {
  int mask = LUA_MASKCOUNT | clua_context(L)->lineMask;
  lua_sethook(L, clua_count_hook, mask, 1);
  if (lua_checkstack(L, 1)) {
    if (lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD) == LUA_TTHREAD) {
      lua_State *main = lua_tothread(L, -1);
      if (main != NULL && main != L) lua_sethook(main, clua_count_hook, mask, 1);
    }
    lua_settop(L, -2);
  }
}

/* Pushes "<chunk>:<line>: " for the innermost Lua function at or above
 * `level` (or an empty string when there is none). */
static void clua_push_where(lua_State *L, int level) {
  lua_Debug ar;
  for (int i = level; i < level + 64 && lua_getstack(L, i, &ar); i++) {
    if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
      lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
      return;
    }
  }
  lua_pushliteral(L, "");
}

/* Raises the budget error from C. `level` locates the Lua code to blame. */
_Static_assert(sizeof(lua_Integer) >= sizeof(long long), "the budget (long long) is printed as a lua_Integer (%I)");
int clua_raise_budget(lua_State *L, int level, const char *what) {
  CLuaContext *c = clua_context(L);
  c->budgetExceeded = 1;
  clua_make_sticky(L);
  int saved = c->enforceMemoryLimit;
  c->enforceMemoryLimit = 0; /* the message itself must not fail for memory */
  clua_push_where(L, level);
  if (c->deadlineExceeded)
    lua_pushfstring(L, "%s (deadline of %d ms exceeded)", what, (int)(c->deadlineSpan / 1000000));
  else
    lua_pushfstring(L, "%s (instruction budget of %I exceeded)", what, (lua_Integer)c->instructionBudget);
  lua_concat(L, 2);
  c->enforceMemoryLimit = saved;
  return lua_error(L);
}

/* Line coverage: counts a line event of the covered chunk at its line. The first time a line
 * of a function is seen (its line not yet known to hold code, or the line defining the function
 * not yet scanned), records the function's active lines as executable, so the report can list
 * the lines of functions that ran which never ran themselves. Charges nothing; the memory limit
 * is suspended while the active-lines table exists (a report must not change what fails). */
static void clua_record_line(lua_State *L, CLuaContext *c, lua_Debug *ar) {
  if (c->lineHits == NULL || c->coveredSource == NULL || !lua_getinfo(L, "S", ar)) return;
  if (ar->source == NULL || strcmp(ar->source, c->coveredSource) != 0) return;
  int line = ar->currentline, count = c->lineHitsCount, defined = ar->linedefined;
  if (line <= 0 || line >= count) return;
  if (c->lineHits[line] != UINT_MAX) c->lineHits[line]++;
  int scanned = defined < 0 || defined >= count || (c->lineFlags[defined] & CLUA_LINE_SCANNED);
  if ((c->lineFlags[line] & CLUA_LINE_EXECUTABLE) && scanned) return;
  c->lineFlags[line] |= CLUA_LINE_EXECUTABLE;
  if (!lua_checkstack(L, 3)) return; /* scanned at a later line event, when the stack has room */
  if (defined >= 0 && defined < count) c->lineFlags[defined] |= CLUA_LINE_SCANNED;
  int saved = c->enforceMemoryLimit;
  c->enforceMemoryLimit = 0;
  if (lua_getinfo(L, "L", ar) && lua_type(L, -1) == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
      int isInteger = 0;
      lua_Integer active = lua_tointegerx(L, -2, &isInteger);
      if (isInteger && active > 0 && active < count) c->lineFlags[active] |= CLUA_LINE_EXECUTABLE;
      lua_settop(L, -2);
    }
  }
  lua_settop(L, -2);
  c->enforceMemoryLimit = saved;
}

/* A growing buffer `lua_dump` writes a chunk into (see clua_compiled_dump). */
typedef struct {
  unsigned char *bytes;
  size_t size, capacity;
} CLuaDumpBuffer;

static int clua_dump_writer(lua_State *L, const void *p, size_t size, void *ud) {
  (void)L;
  CLuaDumpBuffer *buffer = ud;
  if (size > SIZE_MAX / 2 - buffer->size) return 1;
  if (buffer->size + size > buffer->capacity) {
    size_t capacity = buffer->capacity == 0 ? 4096 : buffer->capacity;
    while (capacity < buffer->size + size) capacity *= 2;
    unsigned char *grown = realloc(buffer->bytes, capacity);
    if (grown == NULL) return 1;
    buffer->bytes = grown;
    buffer->capacity = capacity;
  }
  memcpy(buffer->bytes + buffer->size, p, size);
  buffer->size += size;
  return 0;
}

unsigned char *clua_compiled_dump(lua_State *L, const char *text, size_t length, size_t *size) {
  int top = lua_gettop(L);
  if (!lua_checkstack(L, 2)) return NULL;
  /* lua_load is protected: a syntax or memory error is a status, never a longjmp. */
  if (luaL_loadbufferx(L, text, length, "=compiled", "t") != LUA_OK) {
    lua_settop(L, top);
    return NULL;
  }
  /* Dumping writes only to the buffer: it allocates nothing in the Lua state. */
  CLuaDumpBuffer buffer = {NULL, 0, 0};
  int status = lua_dump(L, clua_dump_writer, &buffer, 0);
  lua_settop(L, top);
  if (status != 0) {
    free(buffer.bytes);
    return NULL;
  }
  *size = buffer.size;
  return buffer.bytes;
}

void clua_free_dump(unsigned char *dump) { free(dump); }

/* Turns line coverage on for the chunk whose source is `source` (the chunk name as loaded,
 * "=rules.lua"), counting into `hits` and `flags` (`count` entries, index = line number), or off
 * when `source` is NULL. Call it from the main thread between host calls: the main thread's hook
 * gets the line mask now, coroutines created later inherit it, older ones get it at their next
 * count event. */
void clua_line_coverage(lua_State *L, CLuaContext *c, const char *source, unsigned int *hits,
                        unsigned char *flags, int count) {
  int on = source != NULL && hits != NULL && flags != NULL && count > 0;
  c->coveredSource = on ? source : NULL;
  c->lineHits = on ? hits : NULL;
  c->lineFlags = on ? flags : NULL;
  c->lineHitsCount = on ? count : 0;
  c->lineMask = on ? LUA_MASKLINE : 0;
  lua_sethook(L, clua_count_hook, LUA_MASKCOUNT | c->lineMask, c->budgetExceeded ? 1 : c->hookStride);
}

/* The count hook. Charges this thread's period; once the budget or the
 * deadline is gone it re-arms itself with count = 1 (Redis' trick), so the
 * error comes back at the next instruction even if the script catches it. A
 * coroutine left at count = 1 by an earlier call is put back to the stride. */
void clua_count_hook(lua_State *L, lua_Debug *ar) {
  CLuaContext *c = clua_context(L);
  if (ar->event == LUA_HOOKLINE) { /* only while line coverage is on: never charged */
    clua_record_line(L, c, ar);
    return;
  }
  int count = lua_gethookcount(L);
  c->instructionsLeft -= count;
  if (!c->budgetExceeded && clua_deadline_passed(c)) c->deadlineExceeded = 1;
  if (c->instructionsLeft < 0 || c->budgetExceeded || c->deadlineExceeded) {
    clua_raise_budget(L, 0, "script stopped");
    return;
  }
  /* (a coroutine created before line coverage was turned on gets the line mask here) */
  if (count != c->hookStride || (c->lineMask != 0 && !(lua_gethookmask(L) & LUA_MASKLINE)))
    lua_sethook(L, clua_count_hook, LUA_MASKCOUNT | c->lineMask, c->hookStride);
}

/* Charges `cost` instructions for work done inside a C function; raises the
 * budget error at once when that exhausts the budget. */
void clua_charge(lua_State *L, double cost) {
  CLuaContext *c = clua_context(L);
  if (cost < 0) cost = 0;
  if (cost > 1e18) cost = 1e18;
  c->instructionsLeft -= (long long)cost;
  if (c->instructionsLeft < 0 || c->budgetExceeded) clua_raise_budget(L, 1, "script stopped in a library function");
}

/* ------------------------------------------------------------------------ */
/* 4. Message handler, trampoline, panic, protected call                     */
/* ------------------------------------------------------------------------ */

/* pcall message handler: message + traceback. It never runs script code (no
 * __tostring), so it cannot loop or fail with "error in error handling". A
 * non-string error object gets the position of the innermost Lua function.
 * The length of the message part is stored in the context, so the host can
 * split message and traceback without parsing. */
/* The real location wins: unless the message on top of the stack starts
 * with the position of a Lua function on the call stack ("rules.lua:12:"),
 * it gets the position of the innermost Lua function outside the hidden
 * source (the rule DSL) — so a message that merely looks like a location
 * ("item:3: not in stock") cannot pass for one, and a message without one
 * (`error("x", 0)`) gets one. A message positioned inside the hidden source
 * is moved to the innermost position outside it (the script line that
 * called into the DSL). */
static void clua_locate_message(lua_State *L, CLuaContext *c) {
  size_t length = 0;
  const char *msg = lua_tolstring(L, -1, &length);
  if (msg == NULL) return;
  lua_Debug ar;
  char where[LUA_IDSIZE + 32], fallback[LUA_IDSIZE + 32];
  where[0] = fallback[0] = '\0';
  size_t matched = 0;
  int matchedHidden = 0;
  for (int level = 1; level < 200 && lua_getstack(L, level, &ar); level++) {
    if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue;
    char position[LUA_IDSIZE + 32];
    int n = snprintf(position, sizeof position, "%s:%d:", ar.short_src, ar.currentline);
    int hidden = c->hiddenSource[0] != '\0' && strcmp(ar.source, c->hiddenSource) == 0;
    if (matched == 0 && n > 0 && (size_t)n <= length && memcmp(msg, position, (size_t)n) == 0) {
      matched = (size_t)n;
      matchedHidden = hidden;
      if (!hidden) return; /* located in the script */
    }
    if (!hidden && where[0] == '\0') memcpy(where, position, sizeof position);
    if (fallback[0] == '\0') memcpy(fallback, position, sizeof position);
  }
  if (matched != 0 && (!matchedHidden || where[0] == '\0')) return;
  const char *prefix = where[0] != '\0' ? where : fallback;
  if (prefix[0] == '\0') return;
  size_t skip = matched;
  while (skip < length && msg[skip] == ' ') skip++;
  lua_pushstring(L, prefix);
  lua_pushliteral(L, " ");
  lua_pushlstring(L, msg + skip, length - skip);
  lua_concat(L, 3);
  lua_rotate(L, -2, 1);
  lua_settop(L, -2);
}

static int clua_message_handler(lua_State *L) {
  CLuaContext *c = clua_context(L);
  int t = lua_type(L, 1);
  if (t != LUA_TSTRING && t != LUA_TNUMBER) {
    clua_push_where(L, 1);
    lua_pushfstring(L, "(error object is a %s value)", lua_typename(L, t));
    lua_concat(L, 2);
  } else {
    lua_pushvalue(L, 1);
    clua_locate_message(L, c);
  }
  size_t length = 0;
  const char *msg = lua_tolstring(L, -1, &length);
  c->messageLength = length;
  luaL_traceback(L, L, msg, 1);
  return 1;
}

/* Trampoline for Swift functions: upvalue 1 is a light userdata naming the
 * Swift box. Swift never raises; it returns n >= 0 results, or -1 with an error
 * message pushed, and the raise happens here, in C. The memory limit is
 * suspended while Swift runs, so no allocation can longjmp through it. */
static int clua_trampoline(lua_State *L) {
  CLuaContext *c = clua_context(L);
  void *box = lua_touserdata(L, lua_upvalueindex(SANDBOX_SWIFT_UPVALUE_BOX));
  int saved = c->enforceMemoryLimit;
  c->enforceMemoryLimit = 0;
  int n = c->dispatch(L, box);
  c->enforceMemoryLimit = saved;
  /* Work the host did for the script, charged by Swift to instructionsLeft. No clock is read
   * here: the time a host function took meets the deadline at the next count hook. */
  if (c->instructionsLeft < 0) return clua_raise_budget(L, 1, "script stopped in a host function");
  if (n >= 0) {
    /* Results that put the state over its cap: an allocation now fails after
     * the emergency GC and raises a real memory error, here in C. */
    if (saved && c->memoryLimit != 0 && c->bytesInUse > c->memoryLimit && lua_checkstack(L, 1)) {
      (void)lua_newuserdatauv(L, 1, 0);
      lua_settop(L, -2);
    }
    return n;
  }
  if (n < -1 || lua_gettop(L) == 0) return luaL_error(L, "a Swift function failed without a message");
  if (lua_type(L, -1) == LUA_TSTRING) { /* prefix the caller's position */
    clua_push_where(L, 1);
    lua_rotate(L, -2, 1);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

/* `print`: formats its arguments like the standard one (tostring, tabs), then
 * hands the line to the Swift sink named by upvalue 1. */
static int clua_print(lua_State *L) {
  int n = lua_gettop(L);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (int i = 1; i <= n; i++) {
    if (i > 1) luaL_addchar(&b, '\t'); /* before pushing: addchar may grow the buffer box at -1 */
    (void)luaL_tolstring(L, i, NULL);
    luaL_addvalue(&b);
  }
  luaL_pushresult(&b);
  lua_rotate(L, 1, 1);
  lua_settop(L, 1);
  return clua_trampoline(L);
}

static int clua_panic(lua_State *L) {
  const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, NULL) : "?";
  fprintf(stderr, "TabFlow LuaVM PANIC: unprotected error in call to Lua API (%s)\n", msg);
  return 0; /* Lua aborts */
}


/* Stack [... f a1..an] -> [... results] (or [... message] on error). Arms the
 * budget and the deadline, enforces the memory limit while Lua runs, and uses
 * the message handler. Refuses re-entrant calls (from a Swift callback).
 * The host keeps the message handler at index 1 of the main thread (pushed
 * once, see clua_sandbox_open); when it is not there, it is pushed below the
 * function for this call. */
int clua_sandbox_pcall(lua_State *L, CLuaContext *c, int nargs, int nresults) {
  if (c->callDepth != 0) {
    lua_settop(L, -(nargs)-2);
    return CLUA_REENTERED;
  }
  int base = lua_gettop(L) - nargs;
  int permanent = base > 1 && lua_tocfunction(L, 1) == clua_message_handler;
  int handler = permanent ? 1 : base;
  if (!permanent) {
    lua_pushcclosure(L, clua_message_handler, 0);
    lua_rotate(L, base, 1);
  }
  if (c->batchDepth == 0 || !c->batchArmed) { /* a batch's calls share the first call's budget */
    c->instructionsLeft = c->instructionBudget;
    c->deadlineExceeded = 0;
    c->deadlineNanos = c->deadlineSpan != 0 ? CLUA_DEADLINE_UNSTARTED : 0;
    c->batchArmed = c->batchDepth > 0;
  }
  /* Every call starts a whole count period (lua_sethook resets the countdown), so what a call is
   * charged never depends on where the previous call left the period: the same call from the
   * same state fits the budget, or does not, whatever ran before it. */
  c->budgetExceeded = 0;
  lua_sethook(L, clua_count_hook, LUA_MASKCOUNT | c->lineMask, c->hookStride);
  c->messageLength = (size_t)-1;
  c->memoryLimitHit = 0;
  c->stringLimitHit = 0;
  c->memoryErrorRaised = 0;
  c->callDepth = 1;
  c->enforceMemoryLimit = 1;
  int status = lua_pcallk(L, nargs, nresults, handler, 0, NULL);
  c->enforceMemoryLimit = 0;
  if (status != LUA_OK) clua_rules_after_failure(L); /* put back what a failed rule assigned */
  c->callDepth = 0;
  if (!permanent) {
    lua_rotate(L, base, -1);
    lua_settop(L, -2);
  }
  return status;
}

/* Loads text (never binary) with the memory limit enforced. */
int clua_sandbox_load(lua_State *L, CLuaContext *c, const char *s, size_t n, const char *name) {
  if (c->callDepth != 0) return CLUA_REENTERED;
  c->memoryLimitHit = 0;
  c->stringLimitHit = 0;
  c->memoryErrorRaised = 0;
  c->enforceMemoryLimit = 1;
  int status = luaL_loadbufferx(L, s, n, name, "t");
  c->enforceMemoryLimit = 0;
  return status;
}

/* ------------------------------------------------------------------------ */
/* 6. Library hardening                                                      */
/* ------------------------------------------------------------------------ */

/* Cost models for C library functions whose running time grows with their
 * input but which allocate little (allocations are charged by the
 * allocator). The wrapper has the original C function as upvalue 1 and the
 * kind as upvalue 2, charges, then runs the original in its own frame (none of
 * the wrapped functions use upvalues), so error messages are unchanged. */
enum {
  CLUA_COST_SORT = 1,   /* n log n over #t */
  CLUA_COST_MOVE,       /* e - f + 1 */
  CLUA_COST_INSERT,     /* #t when a position is given */
  CLUA_COST_REMOVE,     /* #t when a position is given */
  CLUA_COST_UNPACK,     /* j - i + 1, table.unpack(t, i, j) */
  CLUA_COST_CONCAT,     /* j - i + 1, table.concat(t, sep, i, j) */
  CLUA_COST_STRING,     /* #s / 4 (utf8.len, utf8.offset, utf8.codepoint, tonumber) */
  CLUA_COST_STRINGS,    /* (#a + #b) / 4 (the string metatable's arithmetic: coercion) */
};

static double clua_length_cost(lua_State *L, int idx) {
  if (lua_type(L, idx) != LUA_TTABLE) return 0;
  return (double)luaL_len(L, idx);
}

static int clua_charged(lua_State *L) {
  lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(SANDBOX_WRAPPER_UPVALUE_ORIGINAL));
  int kind = (int)lua_tointegerx(L, lua_upvalueindex(SANDBOX_CHARGED_UPVALUE_KIND), NULL);
  int top = lua_gettop(L);
  double cost = 1;
  int isnum = 0;
  switch (kind) {
    case CLUA_COST_SORT: {
      double n = clua_length_cost(L, 1);
      double lg = 1;
      for (double k = n; k > 1; k /= 2) lg++;
      cost += n * lg;
      break;
    }
    case CLUA_COST_MOVE: {
      lua_Integer f = lua_tointegerx(L, 2, &isnum);
      if (!isnum) break;
      lua_Integer e = lua_tointegerx(L, 3, &isnum);
      if (!isnum) break;
      if (e >= f) cost += (double)e - (double)f + 1;
      break;
    }
    case CLUA_COST_INSERT:
      if (top >= 3) cost += clua_length_cost(L, 1);
      break;
    case CLUA_COST_REMOVE:
      if (top >= 2) cost += clua_length_cost(L, 1);
      break;
    case CLUA_COST_UNPACK:
    case CLUA_COST_CONCAT: {
      int at = kind == CLUA_COST_UNPACK ? 2 : 3; /* position of i; j follows */
      lua_Integer i = 1;
      if (top >= at && !lua_isnoneornil(L, at)) {
        i = lua_tointegerx(L, at, &isnum);
        if (!isnum) break;
      }
      double j;
      if (top >= at + 1 && !lua_isnoneornil(L, at + 1)) {
        lua_Integer jj = lua_tointegerx(L, at + 1, &isnum);
        if (!isnum) break;
        j = (double)jj;
      } else {
        j = clua_length_cost(L, 1);
      }
      if (j >= (double)i) cost += j - (double)i + 1;
      break;
    }
    case CLUA_COST_STRING:
      if (lua_type(L, 1) == LUA_TSTRING) cost += (double)lua_rawlen(L, 1) / 4;
      break;
    case CLUA_COST_STRINGS:
      if (lua_type(L, 1) == LUA_TSTRING) cost += (double)lua_rawlen(L, 1) / 4;
      if (lua_type(L, 2) == LUA_TSTRING) cost += (double)lua_rawlen(L, 2) / 4;
      break;
    default: break;
  }
  /* range kinds may have pushed nothing; the stack is as the caller left it */
  lua_settop(L, top);
  clua_charge(L, cost);
  return original(L);
}

/* Replaces t[name] (t at idx, absolute) with a charging wrapper. */
static void clua_wrap_charged(lua_State *L, int idx, const char *name, int kind) {
  if (lua_getfield(L, idx, name) != LUA_TFUNCTION || lua_tocfunction(L, -1) == NULL) {
    lua_settop(L, -2);
    return;
  }
  lua_pushinteger(L, kind);
  lua_pushcclosure(L, clua_charged, SANDBOX_CHARGED_UPVALUES);
  lua_setfield(L, idx, name);
}

/* Whether the table at idx has a raw field that exposes the garbage collector: `__gc` (a
 * finalizer, which runs with hooks off, so a looping one could never be stopped and would hang
 * lua_close) or `__mode` (a weak table, whose contents change when the collector runs — hidden
 * input). Pushes the offending name and returns 1, or returns 0 and pushes nothing. */
int clua_collector_field(lua_State *L, int idx) {
  static const char *const names[] = {"__gc", "__mode", NULL};
  idx = lua_absindex(L, idx);
  for (int i = 0; names[i] != NULL; i++) {
    lua_pushstring(L, names[i]);
    if (lua_rawget(L, idx) != LUA_TNIL) {
      lua_settop(L, -2);
      lua_pushstring(L, names[i]);
      return 1;
    }
    lua_settop(L, -2);
  }
  return 0;
}

/* Raises the error for a metatable field that exposes the collector (name on top). */
int clua_refuse_collector_field(lua_State *L) {
  const char *name = lua_tostring(L, -1);
  if (name != NULL && strcmp(name, "__mode") == 0)
    return luaL_error(L, "weak tables (__mode) are not allowed in this sandbox: what they hold would depend on "
                         "when the garbage collector runs");
  return luaL_error(L, "__gc metamethods are not allowed in this sandbox");
}

/* setmetatable that refuses metatables with __gc or __mode (see clua_collector_field). */
static int clua_setmetatable(lua_State *L) {
  lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(SANDBOX_WRAPPER_UPVALUE_ORIGINAL));
  if (lua_type(L, 2) == LUA_TTABLE && clua_collector_field(L, 2)) return clua_refuse_collector_field(L);
  return original(L);
}

/* getmetatable that does not see a host's watch: a metatable whose CLUA_WATCH_MARK field is this
 * VM's context pointer (a light userdata, which no script can make, so a script cannot mark its own
 * metatables), which `check` and `diff` put on payloads and contexts to note the keys rules read.
 * A rule sees the same table while exploring as in an app: no metatable. Upvalue 1: the original. */
static int clua_getmetatable(lua_State *L) {
  if (lua_type(L, 1) == LUA_TTABLE && lua_checkstack(L, 2) && lua_getmetatable(L, 1)) {
    lua_pushliteral(L, CLUA_WATCH_MARK);
    int watched = lua_rawget(L, -2) == LUA_TLIGHTUSERDATA && lua_touserdata(L, -1) == (void *)clua_context(L);
    lua_settop(L, -3);
    if (watched) {
      lua_pushnil(L);
      return 1;
    }
  }
  lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(SANDBOX_WRAPPER_UPVALUE_ORIGINAL));
  return original(L);
}

/* collectgarbage("count") only: full collections on demand, "stop" and the
 * tuning options belong to the host. */
static int clua_collectgarbage(lua_State *L) {
  const char *opt = lua_type(L, 1) == LUA_TSTRING ? lua_tolstring(L, 1, NULL) : NULL;
  if (opt == NULL || strcmp(opt, "count") != 0)
    return luaL_error(L, "collectgarbage: only \"count\" is allowed in this sandbox");
  int kb = lua_gc(L, LUA_GCCOUNT);
  int b = lua_gc(L, LUA_GCCOUNTB);
  lua_pushnumber(L, (lua_Number)kb + ((lua_Number)b / 1024));
  return 1;
}

/* math.randomseed: with no argument it re-seeds with the VM's fixed seed
 * instead of the clock. Upvalue 1: the original, upvalue 2: the seed. */
static int clua_randomseed(lua_State *L) {
  int n = lua_gettop(L);
  lua_pushvalue(L, lua_upvalueindex(SANDBOX_WRAPPER_UPVALUE_ORIGINAL));
  if (n == 0) {
    lua_pushvalue(L, lua_upvalueindex(SANDBOX_RANDOMSEED_UPVALUE_SEED));
    n = 1;
  } else {
    lua_rotate(L, 1, 1);
  }
  lua_callk(L, n, LUA_MULTRET, 0, NULL);
  return lua_gettop(L);
}

/* Wraps a `load` reader so every piece it returns is charged (the parser runs
 * in C, out of the hook's reach). Upvalue 1: the script's reader. */
static int clua_charged_reader(lua_State *L) {
  lua_settop(L, 0);
  lua_pushvalue(L, lua_upvalueindex(SANDBOX_READER_UPVALUE_READER));
  lua_callk(L, 0, 1, 0, NULL);
  if (lua_type(L, 1) == LUA_TSTRING) clua_charge(L, 1 + (double)lua_rawlen(L, 1) / 4);
  return 1;
}

/* A chunk name a script gives `load` that Lua would show as it is ('=name') or as a file
 * ('@file'): it becomes '=(load) name', with control characters escaped (\n, \r, \t, \xHH).
 * So a loaded chunk never takes the script's own chunk name (its errors and covered lines would
 * be the script's), and a name cannot forge lines of a traceback. A plain name is shown by Lua as
 * [string "name"], cut at its first line break, and is kept. */
static void clua_load_chunk_name(lua_State *L, int index) {
  size_t length;
  const char *name = lua_tolstring(L, index, &length);
  if (length == 0 || (name[0] != '=' && name[0] != '@')) return;
  clua_charge(L, 1 + (double)length / 4);
  luaL_Buffer buffer;
  luaL_buffinit(L, &buffer);
  luaL_addstring(&buffer, "=(load) ");
  for (size_t i = 1; i < length; i++) {
    unsigned char ch = (unsigned char)name[i];
    char escaped[8];
    switch (ch) {
      case '\n': luaL_addstring(&buffer, "\\n"); break;
      case '\r': luaL_addstring(&buffer, "\\r"); break;
      case '\t': luaL_addstring(&buffer, "\\t"); break;
      default:
        if (ch < 0x20 || ch == 0x7F) {
          snprintf(escaped, sizeof escaped, "\\x%02X", ch);
          luaL_addstring(&buffer, escaped);
        } else {
          luaL_addchar(&buffer, (char)ch);
        }
    }
  }
  luaL_pushresult(&buffer);
  lua_replace(L, index);
}

/* The per-environment `load`: text only; the default environment is the
 * calling script's own (never the real globals); an environment given
 * explicitly (even nil) is forwarded. The source is charged to the budget.
 * Upvalue 1: the environment, upvalue 2: the original load. */
static int clua_env_load(lua_State *L) {
  lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(SANDBOX_LOAD_UPVALUE_ORIGINAL));
  int n = lua_gettop(L);
  /* The host's own chunk (the rule DSL) is known by its name: no script chunk may take it. */
  CLuaContext *c = clua_context(L);
  if (n >= 2 && lua_type(L, 2) == LUA_TSTRING && c->hiddenSource[0] != '\0' &&
      strcmp(lua_tostring(L, 2), c->hiddenSource) == 0)
    return luaL_error(L, "load: the chunk name '%s' is reserved for TabFlow's own code", c->hiddenSource);
  if (n >= 2 && lua_type(L, 2) == LUA_TSTRING) clua_load_chunk_name(L, 2);
  if (lua_type(L, 1) == LUA_TSTRING) {
    clua_charge(L, 1 + (double)lua_rawlen(L, 1) / 4);
  } else if (lua_type(L, 1) == LUA_TFUNCTION) {
    lua_pushvalue(L, 1);
    lua_pushcclosure(L, clua_charged_reader, 1 /* SANDBOX_READER_UPVALUE_READER */);
    lua_replace(L, 1);
  }
  if (n < 4) {
    lua_settop(L, 4);
    lua_pushvalue(L, lua_upvalueindex(SANDBOX_LOAD_UPVALUE_ENV));
    lua_replace(L, 4);
  }
  lua_pushliteral(L, "t");
  lua_replace(L, 3);
  return original(L);
}

/* Copies every raw field of the table at `from` into a new table, pushed. */
static void clua_copy_table(lua_State *L, int from) {
  lua_createtable(L, 0, 32);
  lua_pushnil(L);
  while (lua_next(L, from) != 0) {
    lua_pushvalue(L, -2);
    lua_rotate(L, -2, 1);
    lua_rawset(L, -4);
  }
}

/* newenv(): a fresh environment for one script. Upvalue 1: { name = library }
 * (the hardened originals), upvalue 2: the shared metatable
 * { __index = base, __metatable = false }, upvalue 3: the original load.
 * Each environment gets its own copies of the library tables, so writes
 * (`string.upper = nil`, `rawset(string, ...)`) stay in that script. */
static int clua_newenv(lua_State *L) {
  lua_settop(L, 0);
  lua_createtable(L, 0, 16); /* 1: env */
  lua_pushnil(L);
  while (lua_next(L, lua_upvalueindex(SANDBOX_NEWENV_UPVALUE_LIBRARIES)) != 0) { /* 2: name, 3: library */
    clua_copy_table(L, 3);                        /* 4: copy */
    lua_pushvalue(L, 2);
    lua_rotate(L, -2, 1);
    lua_rawset(L, 1);
    lua_settop(L, 2);
  }
  lua_pushliteral(L, "_G");
  lua_pushvalue(L, 1);
  lua_rawset(L, 1);
  lua_pushliteral(L, "load");
  lua_pushvalue(L, 1);
  lua_pushvalue(L, lua_upvalueindex(SANDBOX_NEWENV_UPVALUE_LOAD));
  lua_pushcclosure(L, clua_env_load, SANDBOX_LOAD_UPVALUES);
  lua_rawset(L, 1);
  lua_pushvalue(L, lua_upvalueindex(SANDBOX_NEWENV_UPVALUE_METATABLE));
  lua_setmetatable(L, 1);
  return 1;
}

/* Hooks and errors. An error raised inside a hook (the budget error) leaves
 * the thread's `allowhook` off until a protected call unwinds it. Until then
 * two kinds of script code could run with hooks off, out of the budget's
 * reach: an `xpcall` message handler (it runs where the error is raised) and
 * the `__close` metamethods of a coroutine killed by the hook (they run when
 * `coroutine.close` or a `wrap` function resets the dead thread). So message
 * handlers are skipped while the budget is exceeded, and a coroutine that died
 * while the budget was exceeded is marked and never reset. */

/* An xpcall handler wrapper; upvalue 1: the script's handler. */
static int clua_guarded_handler(lua_State *L) {
  if (clua_context(L)->budgetExceeded) {
    lua_settop(L, 1); /* pass the budget error through, run no script code */
    return 1;
  }
  lua_settop(L, 1);
  lua_pushvalue(L, lua_upvalueindex(SANDBOX_HANDLER_UPVALUE_HANDLER));
  lua_rotate(L, 1, 1);
  lua_callk(L, 1, 1, 0, NULL);
  return 1;
}

/* Whether an error with `status` must go on past a script's pcall: the memory cap (once hit in a
 * call, every enclosing pcall lets it through, so a rule cannot catch it and go on allocating)
 * and the budget. */
static int clua_uncatchable(lua_State *L, int status) {
  CLuaContext *c = clua_context(L);
  if (status == LUA_ERRMEM) c->memoryErrorRaised = 1;
  return c->memoryErrorRaised || c->budgetExceeded;
}

/* The end of pcall and xpcall (also their continuation after a yield), as in the standard
 * library, except that an uncatchable error is raised again. `extra` counts the values below
 * the results (the boolean, and xpcall's handler). */
static int clua_finish_pcall(lua_State *L, int status, lua_KContext extra) {
  if (status != LUA_OK && status != LUA_YIELD) {
    if (clua_uncatchable(L, status)) return lua_error(L);
    lua_pushboolean(L, 0);
    lua_pushvalue(L, -2);
    return 2;
  }
  return lua_gettop(L) - (int)extra;
}

/* pcall(f, ...): the standard one, except for uncatchable errors (clua_uncatchable). */
static int clua_script_pcall(lua_State *L) {
  luaL_checkany(L, 1);
  lua_pushboolean(L, 1);
  lua_insert(L, 1);
  int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, clua_finish_pcall);
  return clua_finish_pcall(L, status, 0);
}

/* xpcall(f, handler, ...): the standard one with a guarded handler (no script code runs while the
 * budget is exceeded), except for uncatchable errors. */
static int clua_xpcall(lua_State *L) {
  int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, clua_guarded_handler, 1 /* SANDBOX_HANDLER_UPVALUE_HANDLER */);
  lua_replace(L, 2);
  lua_pushboolean(L, 1);
  lua_pushvalue(L, 1);
  lua_rotate(L, 3, 2); /* [f, handler, true, f, args...] */
  int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, clua_finish_pcall);
  return clua_finish_pcall(L, status, 2);
}

/* Whether the thread at idx died while the budget was exceeded (set in the
 * weak-keyed table at `killed`, a pseudo-index); marks it if `mark`. */
static int clua_killed(lua_State *L, int idx, int killed, int mark) {
  idx = lua_absindex(L, idx);
  if (mark) {
    CLuaContext *c = clua_context(L);
    int saved = c->enforceMemoryLimit;
    c->enforceMemoryLimit = 0;
    lua_pushvalue(L, idx);
    lua_pushboolean(L, 1);
    lua_rawset(L, killed);
    c->enforceMemoryLimit = saved;
    return 1;
  }
  lua_pushvalue(L, idx);
  int t = lua_rawget(L, killed);
  lua_settop(L, -2);
  return t != LUA_TNIL;
}

static int clua_died(lua_State *co) {
  int st = lua_status(co);
  return st != LUA_OK && st != LUA_YIELD;
}

/* coroutine.resume; upvalue 1: the original, upvalue 2: the killed set. */
static int clua_co_resume(lua_State *L) {
  lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(SANDBOX_WRAPPER_UPVALUE_ORIGINAL));
  int n = original(L);
  lua_State *co = lua_tothread(L, 1);
  if (co != NULL && clua_context(L)->budgetExceeded && clua_died(co) && lua_checkstack(L, 2))
    clua_killed(L, 1, lua_upvalueindex(SANDBOX_COROUTINE_UPVALUE_KILLED), 1);
  /* a coroutine that died of the memory cap or the budget: the error goes on (resume would
   * return it as false, message, which a script could ignore) */
  if (co != NULL && clua_died(co) && clua_uncatchable(L, lua_status(co))) return lua_error(L);
  return n;
}

/* coroutine.close; refuses (returns false, message) for a killed coroutine.
 * Upvalue 1: the original, upvalue 2: the killed set. */
static int clua_co_close(lua_State *L) {
  lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(SANDBOX_WRAPPER_UPVALUE_ORIGINAL));
  if (lua_type(L, 1) == LUA_TTHREAD) {
    luaL_checkstack(L, 2, NULL);
    if (clua_killed(L, 1, lua_upvalueindex(SANDBOX_COROUTINE_UPVALUE_KILLED), 0)) {
      lua_pushboolean(L, 0);
      lua_pushliteral(L, "the coroutine was stopped by the sandbox's budget; its to-be-closed variables stay open");
      return 2;
    }
  }
  return original(L);
}

/* The function made by coroutine.wrap; upvalue 1: the thread, upvalue 2: the
 * killed set. Like the standard one, except that a killed thread is not reset. */
static int clua_co_wrapped(lua_State *L) {
  lua_State *co = lua_tothread(L, lua_upvalueindex(SANDBOX_WRAPPED_UPVALUE_THREAD));
  int narg = lua_gettop(L);
  int nres = 0;
  if (!lua_checkstack(co, narg)) return luaL_error(L, "too many arguments to resume");
  lua_xmove(L, co, narg);
  int status = lua_resume(co, L, narg, &nres);
  if (status == LUA_OK || status == LUA_YIELD) {
    if (!lua_checkstack(L, nres + 1)) {
      lua_settop(co, -(nres)-1);
      return luaL_error(L, "too many results to resume");
    }
    lua_xmove(co, L, nres);
    return nres;
  }
  luaL_checkstack(L, 3, NULL);
  lua_xmove(co, L, 1); /* the error object */
  int st = lua_status(co);
  (void)clua_uncatchable(L, st); /* a memory error stays one past every enclosing pcall */
  if (st != LUA_OK && st != LUA_YIELD) {
    if (clua_context(L)->budgetExceeded || clua_killed(L, lua_upvalueindex(SANDBOX_WRAPPED_UPVALUE_THREAD), lua_upvalueindex(SANDBOX_COROUTINE_UPVALUE_KILLED), 0)) {
      clua_killed(L, lua_upvalueindex(SANDBOX_WRAPPED_UPVALUE_THREAD), lua_upvalueindex(SANDBOX_COROUTINE_UPVALUE_KILLED), 1);
    } else {
      st = lua_resetthread(co); /* close its to-be-closed variables */
      lua_xmove(co, L, 1);
    }
  }
  if (st != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
    luaL_where(L, 1);
    lua_rotate(L, -2, 1);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

/* coroutine.wrap; upvalue 1: the killed set. */
static int clua_co_wrap(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_State *co = lua_newthread(L); /* inherits the count hook */
  lua_pushvalue(L, 1);
  lua_xmove(L, co, 1);
  lua_pushvalue(L, lua_upvalueindex(SANDBOX_WRAP_UPVALUE_KILLED));
  lua_pushcclosure(L, clua_co_wrapped, SANDBOX_WRAPPED_UPVALUES);
  return 1;
}

/* Installs the guarded coroutine functions into the table at idx. */
static void clua_guard_coroutines(lua_State *L, int idx) {
  lua_createtable(L, 0, 0); /* the killed set, weak keys */
  int killed = lua_gettop(L);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, killed);
  lua_getfield(L, idx, "resume");
  lua_pushvalue(L, killed);
  lua_pushcclosure(L, clua_co_resume, SANDBOX_COROUTINE_UPVALUES);
  lua_setfield(L, idx, "resume");
  lua_getfield(L, idx, "close");
  lua_pushvalue(L, killed);
  lua_pushcclosure(L, clua_co_close, SANDBOX_COROUTINE_UPVALUES);
  lua_setfield(L, idx, "close");
  lua_pushvalue(L, killed);
  lua_pushcclosure(L, clua_co_wrap, 1 /* SANDBOX_WRAP_UPVALUE_KILLED */);
  lua_setfield(L, idx, "wrap");
  lua_settop(L, killed - 1);
}

/* Moves g[name] into t (both absolute indices). */
static void clua_take(lua_State *L, int g, int t, const char *name) {
  lua_getfield(L, g, name);
  lua_setfield(L, t, name);
}

/* The bounded pattern functions that replace the string library's. */
static const luaL_Reg clua_string_functions[] = {
    {"find", clua_str_find},
    {"match", clua_str_match},
    {"gmatch", clua_str_gmatch},
    {"gsub", clua_str_gsub},
    {NULL, NULL},
};

/* The base functions of the read-only base that the sandbox makes itself (no upvalues). */
static const luaL_Reg clua_base_functions[] = {
    {"pcall", clua_script_pcall},
    {"xpcall", clua_xpcall},
    {"collectgarbage", clua_collectgarbage},
    {NULL, NULL},
};

/* setup(seed) -> newenv, base. Run once, protected, right after the safe
 * libraries are opened and before any script runs. Builds the read-only base
 * (safe base functions only; registered Swift functions are added to it
 * later), hardens the libraries, hides the string metatable and returns the
 * environment factory. The real global table stays unreachable to scripts. */
int clua_sandbox_setup(lua_State *L) {
  lua_Integer seed = luaL_checkinteger(L, 1);
  lua_settop(L, 0);
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS); /* 1: real globals */

  /* string: bounded pattern functions, no bytecode producer */
  lua_getfield(L, 1, "string"); /* 2 */
  luaL_setfuncs(L, clua_string_functions, 0);
  lua_pushnil(L);
  lua_setfield(L, 2, "dump");
  /* the shared string metatable: hidden from getmetatable; its arithmetic
   * metamethods (string-to-number coercion) charged */
  lua_pushliteral(L, "");
  if (lua_getmetatable(L, -1)) {
    int mt = lua_gettop(L);
    lua_pushboolean(L, 0);
    lua_setfield(L, mt, "__metatable");
    static const char *const arith[] = {"__add", "__sub", "__mul", "__mod", "__pow", "__div", "__idiv", "__unm", NULL};
    for (int i = 0; arith[i] != NULL; i++) clua_wrap_charged(L, mt, arith[i], CLUA_COST_STRINGS);
  }
  lua_settop(L, 2);

  lua_getfield(L, 1, "table"); /* 3 */
  clua_wrap_charged(L, 3, "sort", CLUA_COST_SORT);
  clua_wrap_charged(L, 3, "move", CLUA_COST_MOVE);
  clua_wrap_charged(L, 3, "insert", CLUA_COST_INSERT);
  clua_wrap_charged(L, 3, "remove", CLUA_COST_REMOVE);
  clua_wrap_charged(L, 3, "concat", CLUA_COST_CONCAT);
  clua_wrap_charged(L, 3, "unpack", CLUA_COST_UNPACK);

  lua_getfield(L, 1, "utf8"); /* 4 */
  clua_wrap_charged(L, 4, "len", CLUA_COST_STRING);
  clua_wrap_charged(L, 4, "offset", CLUA_COST_STRING);
  clua_wrap_charged(L, 4, "codepoint", CLUA_COST_STRING);

  lua_getfield(L, 1, "math"); /* 5 */
  /* Lua 5.4 exactly, whatever the build: a Lua built with LUA_COMPAT_5_3 (Debian's, the default
   * Makefile's) also registers the 5.3 math functions, which a Lua compiled without it (an app's)
   * lacks — a script using math.pow would pass here and fail there. And math.atan2 is math.atan
   * itself: an error in either named the function by whichever name the hash order met first. */
  static const char *const compat[] = {"atan2", "cosh", "sinh", "tanh", "pow", "frexp", "ldexp", "log10", NULL};
  for (int i = 0; compat[i] != NULL; i++) {
    lua_pushnil(L);
    lua_setfield(L, 5, compat[i]);
  }
  lua_getfield(L, 5, "randomseed");
  lua_pushvalue(L, -1);
  lua_pushinteger(L, seed);
  lua_callk(L, 1, 0, 0, NULL); /* deterministic from the start */
  lua_pushinteger(L, seed);
  lua_pushcclosure(L, clua_randomseed, SANDBOX_RANDOMSEED_UPVALUES);
  lua_setfield(L, 5, "randomseed");

  lua_getfield(L, 1, "coroutine"); /* 6 (nil if not opened) */
  if (lua_type(L, 6) == LUA_TTABLE) clua_guard_coroutines(L, 6);

  /* the read-only base: only safe, immutable values */
  lua_createtable(L, 0, 32); /* 7 */
  static const char *const safe[] = {"assert", "error",  "ipairs", "next",     "pairs",
                                     "rawequal", "rawget", "rawlen",     "rawset", "select",   "tostring",
                                     "type",   "_VERSION", NULL};
  for (int i = 0; safe[i] != NULL; i++) clua_take(L, 1, 7, safe[i]);
  luaL_setfuncs(L, clua_base_functions, 0);
  clua_wrap_charged(L, 1, "tonumber", CLUA_COST_STRING);
  clua_take(L, 1, 7, "tonumber");
  lua_getfield(L, 1, "setmetatable");
  lua_pushcclosure(L, clua_setmetatable, 1 /* SANDBOX_WRAPPER_UPVALUE_ORIGINAL */);
  lua_setfield(L, 7, "setmetatable");
  lua_getfield(L, 1, "getmetatable");
  lua_pushcclosure(L, clua_getmetatable, 1 /* SANDBOX_WRAPPER_UPVALUE_ORIGINAL */);
  lua_setfield(L, 7, "getmetatable");

  /* libraries copied into every environment */
  lua_createtable(L, 0, 8); /* 8 */
  lua_pushvalue(L, 2);
  lua_setfield(L, 8, "string");
  lua_pushvalue(L, 3);
  lua_setfield(L, 8, "table");
  lua_pushvalue(L, 4);
  lua_setfield(L, 8, "utf8");
  lua_pushvalue(L, 5);
  lua_setfield(L, 8, "math");
  if (lua_type(L, 6) == LUA_TTABLE) {
    lua_pushvalue(L, 6);
    lua_setfield(L, 8, "coroutine");
  }

  /* the environment metatable, shared and hidden */
  lua_createtable(L, 0, 2); /* 9 */
  lua_pushvalue(L, 7);
  lua_setfield(L, 9, "__index");
  lua_pushboolean(L, 0);
  lua_setfield(L, 9, "__metatable");

  lua_getfield(L, 1, "load"); /* 10: the original */

  /* the real globals keep nothing a script could use, should one ever reach them */
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {
    lua_settop(L, -2);
    lua_pushvalue(L, -1);
    lua_pushnil(L);
    lua_rawset(L, 1);
  }

  lua_pushvalue(L, 8);
  lua_pushvalue(L, 9);
  lua_pushvalue(L, 10);
  lua_pushcclosure(L, clua_newenv, SANDBOX_NEWENV_UPVALUES); /* 11 */
  lua_pushvalue(L, 7);                 /* 12 */
  return 2;
}

/* Opens the state: context, panic function, hook (before any script runs, so
 * every coroutine inherits it) and the safe libraries. NULL if out of memory. */
lua_State *clua_sandbox_open(CLuaContext *c) {
  lua_State *L = lua_newstate(clua_limited_alloc, c);
  if (L == NULL) return NULL;
  clua_setcontext(L, c);
  lua_atpanic(L, clua_panic);
  lua_sethook(L, clua_count_hook, LUA_MASKCOUNT | c->lineMask, c->hookStride);
  lua_pushcclosure(L, clua_message_handler, 0); /* index 1, for good */
  return L;
}

/* Protected body of the library opening (luaL_requiref may fail for memory). */
int clua_sandbox_openlibs(lua_State *L) {
  int withCoroutines = lua_toboolean(L, 1);
  luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
  luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
  luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
  luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
  luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
  if (withCoroutines) luaL_requiref(L, LUA_COLIBNAME, luaopen_coroutine, 1);
  return 0;
}

/* Pushes a Swift function: a trampoline closure over the box pointer. */
void clua_push_swift_function(lua_State *L, void *box, int isPrint) {
  lua_pushlightuserdata(L, box);
  lua_pushcclosure(L, isPrint ? clua_print : clua_trampoline, 1);
}

/* Read-only proxies: a table whose metatable holds a table under "__frozen" (its backing
 * table) is read through to it — by the value bridge, and by rules.c, which makes such
 * proxies. If the value at idx is one, pushes its backing table and returns 1; otherwise
 * pushes nothing and returns 0. Raw: no script runs. */
int clua_proxy_backing(lua_State *L, int idx) {
  if (lua_type(L, idx) != LUA_TTABLE || !lua_getmetatable(L, idx)) return 0;
  lua_pushliteral(L, "__frozen");
  if (lua_rawget(L, -2) == LUA_TTABLE) {
    lua_rotate(L, -2, 1);
    lua_settop(L, -2);
    return 1;
  }
  lua_settop(L, -3);
  return 0;
}
