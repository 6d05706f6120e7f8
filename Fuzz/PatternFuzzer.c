/*
 * libFuzzer harness for the sandbox's bounded pattern matcher (Sources/CLuaSandbox/pattern.c).
 * Input: a pattern, a NUL byte, a subject. Each input runs string.find, string.match, a
 * string.gmatch loop and string.gsub through the sandbox, under an instruction budget; errors
 * (malformed patterns, the budget) are expected, crashes and sanitizer reports are findings.
 * Build and run with scripts/fuzz.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "CLuaSandbox.h"

static lua_State *L;
static CLuaContext context;

static void open_state(void) {
  memset(&context, 0, sizeof context);
  context.memoryLimit = 64 << 20;
  context.stringLimit = 1 << 20;
  context.instructionBudget = 200000;
  context.hookStride = 1000;
  L = clua_sandbox_open(&context);
  if (L == NULL) abort();
  lua_pushcclosure(L, clua_sandbox_openlibs, 0);
  lua_pushboolean(L, 0);
  if (clua_sandbox_pcall(L, &context, 1, 0) != LUA_OK) abort();
  lua_pushcclosure(L, clua_sandbox_setup, 0);
  lua_pushinteger(L, 1);
  if (clua_sandbox_pcall(L, &context, 1, 2) != LUA_OK) abort();
  lua_settop(L, 1); /* the message handler stays at index 1 */
}

/* Pushes string.<name> of the hardened library (the string metatable's __index). */
static void push_string_function(const char *name) {
  lua_pushliteral(L, "");
  lua_getmetatable(L, -1);
  lua_getfield(L, -1, "__index");
  lua_getfield(L, -1, name);
  lua_rotate(L, -4, 1);
  lua_settop(L, -4);
}

static void call(const char *name, const char *subject, size_t ls, const char *pattern, size_t lp, int extra) {
  push_string_function(name);
  lua_pushlstring(L, subject, ls);
  lua_pushlstring(L, pattern, lp);
  int nargs = 2;
  if (extra) {
    lua_pushliteral(L, "<%0>");
    nargs = 3;
  }
  (void)clua_sandbox_pcall(L, &context, nargs, LUA_MULTRET);
  lua_settop(L, 1);
}

static const char *gmatch_loop =
    "local s, p = ... local n = 0 for a in string.gmatch(s, p) do n = n + 1 if n > 1000 then break end end return n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (L == NULL) open_state();
  const char *text = (const char *)data;
  const char *zero = memchr(text, 0, size);
  size_t lp = zero ? (size_t)(zero - text) : size;
  const char *subject = zero ? zero + 1 : "";
  size_t ls = zero ? size - lp - 1 : 0;
  call("find", subject, ls, text, lp, 0);
  call("match", subject, ls, text, lp, 0);
  call("gsub", subject, ls, text, lp, 1);
  if (luaL_loadbufferx(L, gmatch_loop, strlen(gmatch_loop), "=gmatch", "t") == LUA_OK) {
    lua_pushlstring(L, subject, ls);
    lua_pushlstring(L, text, lp);
    (void)clua_sandbox_pcall(L, &context, 2, 0);
  }
  lua_settop(L, 1);
  if (context.bytesInUse > (48u << 20)) lua_gc(L, LUA_GCCOLLECT);
  return 0;
}
