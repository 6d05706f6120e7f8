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

CLuaContext *clua_context(lua_State *L);
void clua_setcontext(lua_State *L, CLuaContext *c);
void clua_make_sticky(lua_State *L);
void clua_push_where(lua_State *L, int level);
int clua_raise_budget(lua_State *L, int level, const char *what);
void clua_charge(lua_State *L, double cost);
void clua_locate_message(lua_State *L, CLuaContext *c);
int clua_print(lua_State *L);
double clua_length_cost(lua_State *L, int idx);
int clua_charged(lua_State *L);
void clua_wrap_charged(lua_State *L, int idx, const char *name, int kind);
int clua_collector_field(lua_State *L, int idx);
int clua_refuse_collector_field(lua_State *L);
int clua_setmetatable(lua_State *L);
int clua_collectgarbage(lua_State *L);
int clua_randomseed(lua_State *L);
int clua_charged_reader(lua_State *L);
int clua_env_load(lua_State *L);
void clua_copy_table(lua_State *L, int from);
int clua_guarded_handler(lua_State *L);
int clua_uncatchable(lua_State *L, int status);
int clua_finish_pcall(lua_State *L, int status, lua_KContext extra);
int clua_pcall(lua_State *L);
int clua_xpcall(lua_State *L);
int clua_killed(lua_State *L, int idx, int killed, int mark);
int clua_died(lua_State *co);
int clua_co_resume(lua_State *L);
int clua_co_close(lua_State *L);
int clua_co_wrapped(lua_State *L);
int clua_co_wrap(lua_State *L);
void clua_guard_coroutines(lua_State *L, int idx);
void clua_take(lua_State *L, int g, int t, const char *name);
int clua_class_matches(int c, int cls);
int clua_set_matches(int c, const char *p, const char *close);
size_t clua_start_offset(lua_Integer pos, size_t len);
int clua_has_specials(const char *p, size_t lp);
int clua_find_or_match(lua_State *L, int find);
int clua_str_find(lua_State *L);
int clua_str_match(lua_State *L);
int clua_gmatch_next(lua_State *L);
int clua_str_gmatch(lua_State *L);
int clua_str_gsub(lua_State *L);
void clua_rules_push_key(lua_State *L, int idx);
void clua_rules_push_what(lua_State *L, int current);
int clua_rules_refuse(lua_State *L, int idx, int key, int current, const char *verb);
int clua_rules_frozen_newindex(lua_State *L);
lua_Integer clua_rules_frozen_length(lua_State *L, int idx);
int clua_rules_frozen_len(lua_State *L);
int clua_rules_frozen_index(lua_State *L);
void clua_rules_freeze_table(lua_State *L, int idx, int current);
int clua_rules_check_upvalues(lua_State *L);
int clua_rules_freeze(lua_State *L);
int clua_rules_visible_names(lua_State *L);
int clua_rules_rawget(lua_State *L);
int clua_rules_rawlen(lua_State *L);
int clua_rules_rawset(lua_State *L);
int clua_rules_is_collector_key(lua_State *L, int idx);
int clua_rules_refuse_collector_key(lua_State *L, int idx);
int clua_rules_metatable_newindex(lua_State *L);
void clua_rules_push_metatable_guard(lua_State *L);
int clua_rules_setmetatable(lua_State *L);
int clua_rules_key_rank(int type);
int clua_rules_compare_keys(const void *a, const void *b);
void clua_rules_sorted_keys(lua_State *L, int t);
void clua_rules_ordered_keys(lua_State *L, int t, int strict);
int clua_rules_next(lua_State *L);
int clua_rules_pairs_step(lua_State *L);
int clua_rules_pairs(lua_State *L);
const char *clua_rules_tolstring(lua_State *L, int idx, size_t *length);
int clua_rules_tostring(lua_State *L);
int clua_rules_format(lua_State *L);

#endif
