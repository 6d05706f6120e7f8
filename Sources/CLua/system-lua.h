/*
 * CLuaSystem: Lua 5.4 from the system, through pkg-config `lua5.4` (Debian/Ubuntu liblua5.4-dev,
 * Homebrew lua) — the SystemLua trait, TabFlow's default. The BundledLua trait takes Lua compiled
 * from source by the LuaSwift package instead. TabFlow's code never imports this module: it
 * includes CLuaAPI.h (in CLuaSandbox), which takes Lua's headers from whichever module the trait
 * brought in.
 */
#ifndef CLUA_SYSTEM_H
#define CLUA_SYSTEM_H
#if __has_include(<lua.h>) /* -I/usr/include/lua5.4 from pkg-config */
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#else /* Debian layout without pkg-config */
#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>
#endif
#endif
