/* Declarations shared by the sandbox's C files (not part of the public header). */
#ifndef CLUA_SANDBOX_INTERNAL_H
#define CLUA_SANDBOX_INTERNAL_H

#include <ctype.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "include/CLuaSandbox.h"

/* What Lua guarantees for the memory of a userdata (lua_newuserdatauv): LUAI_MAXALIGN. The C
 * structs kept in userdata (gmatch state, sorted keys) must need no more. */
typedef union CLuaMaxAlign {
  LUAI_MAXALIGN;
} CLuaMaxAlign;

/* sandbox.c */
CLuaContext *clua_context(lua_State *L);
int clua_raise_budget(lua_State *L, int level, const char *what);
void clua_charge(lua_State *L, double cost);
int clua_collector_field(lua_State *L, int idx);
int clua_refuse_collector_field(lua_State *L);

/* rules.c */
void clua_rules_after_failure(lua_State *L);

/* allocator.c */
void *clua_limited_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

/* queue.c: the command queue's one writer (include/CLuaQueue.h) */
void clua_queue_push(lua_State *L, int queue, int screen, int state);
void clua_queue_pop_one(lua_State *L, int queue, int popOne);
void clua_queue_new_pop_one(lua_State *L);
int clua_queue_enqueue(lua_State *L);

/* pattern.c: the bounded string.find/match/gmatch/gsub */
int clua_str_find(lua_State *L);
int clua_str_match(lua_State *L);
int clua_str_gmatch(lua_State *L);
int clua_str_gsub(lua_State *L);

#endif
