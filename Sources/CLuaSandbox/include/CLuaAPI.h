/*
 * CLuaAPI: the Lua 5.4 API for TabFlow's C and Swift code, whichever Lua the package trait chose:
 *   - SystemLua (the default): the system's Lua through the CLuaSystem system library
 *     (pkg-config lua5.4);
 *   - BundledLua: Lua compiled from source by the LuaSwift package (its C target CLua, whose
 *     headers are on the path as <lua.h> and <CLua.h>). With both traits on, the bundled Lua is
 *     used: its headers are found first by name (<CLua.h> marks them).
 * Nothing else in TabFlow includes Lua's headers or imports a Lua module.
 *
 * Swift's ClangImporter imports Lua's real functions and simple constants but none of its
 * function-like macros, nor the variadic functions (lua_gc, lua_pushfstring, luaL_error). This
 * header re-exports what TabFlow needs as `static inline` functions with a `clua_` prefix: Swift
 * emits the bodies into the importing module (inlined in release builds).
 */
#ifndef CLUA_API_H
#define CLUA_API_H

#if __has_include(<CLua.h>) /* LuaSwift: the BundledLua trait (its umbrella includes lua.h beside it) */
#include <CLua.h>
#elif __has_include(<lua.h>) /* -I/usr/include/lua5.4 from pkg-config: the SystemLua trait */
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#elif __has_include(<lua5.4/lua.h>) /* Debian layout without pkg-config */
#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>
#else
#error "TabFlowLua needs Lua 5.4: enable TabFlow's SystemLua trait (the default; pkg-config lua5.4) or its BundledLua trait (Lua compiled from source, for iOS)"
#endif

/* Object-like macros Swift cannot import. */
/* Lua's own definition of LUA_REGISTRYINDEX, spelled out: LuaSwift's umbrella header turns the
 * macro into a `static const int`, which is no constant expression in C. */
static const int CLUA_REGISTRYINDEX = -LUAI_MAXSTACK - 1000;
static const int CLUA_EXTRASPACE = (int)LUA_EXTRASPACE;
static const char *const CLUA_RELEASE = LUA_RELEASE;

/* Function-like macros. */
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void clua_call(lua_State *L, int nargs, int nresults) { lua_callk(L, nargs, nresults, 0, NULL); }
static inline int clua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
  return lua_pcallk(L, nargs, nresults, msgh, 0, NULL);
}
static inline lua_Number clua_tonumber(lua_State *L, int i) { return lua_tonumberx(L, i, NULL); }
static inline lua_Integer clua_tointeger(lua_State *L, int i) { return lua_tointegerx(L, i, NULL); }
static inline void clua_pop(lua_State *L, int n) { lua_settop(L, -(n) - 1); }
static inline void clua_newtable(lua_State *L) { lua_createtable(L, 0, 0); }
static inline void clua_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcclosure(L, f, 0); }
static inline int clua_isfunction(lua_State *L, int i) { return lua_type(L, i) == LUA_TFUNCTION; }
static inline int clua_istable(lua_State *L, int i) { return lua_type(L, i) == LUA_TTABLE; }
static inline int clua_isnil(lua_State *L, int i) { return lua_type(L, i) == LUA_TNIL; }
static inline int clua_isnoneornil(lua_State *L, int i) { return lua_type(L, i) <= 0; }
static inline void clua_pushglobaltable(lua_State *L) { (void)lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS); }
static inline const char *clua_tostring(lua_State *L, int i) { return lua_tolstring(L, i, NULL); }
static inline void clua_insert(lua_State *L, int i) { lua_rotate(L, i, 1); }
static inline void clua_remove(lua_State *L, int i) { lua_rotate(L, i, -1); lua_settop(L, -2); }
static inline void clua_replace(lua_State *L, int i) { lua_copy(L, -1, i); lua_settop(L, -2); }
static inline void *clua_newuserdata(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 1); }
static inline void *clua_getextraspace(lua_State *L) { return lua_getextraspace(L); }
static inline int clua_loadbuffer(lua_State *L, const char *s, size_t n, const char *name, const char *mode) {
  return luaL_loadbufferx(L, s, n, name, mode);
}

/* Variadic functions, in the forms TabFlow uses. */
static inline int clua_gc_collect(lua_State *L) { return lua_gc(L, LUA_GCCOLLECT); }
static inline int clua_gc_count_kb(lua_State *L) { return lua_gc(L, LUA_GCCOUNT); }
static inline int clua_gc_generational(lua_State *L) { return lua_gc(L, LUA_GCGEN, 0, 0); }
static inline int clua_gc_incremental(lua_State *L) { return lua_gc(L, LUA_GCINC, 0, 0, 0); }


#endif
