/*
 * The command queue's one writer (its format: include/CLuaQueue.h).
 *
 * - clua_queue_push and clua_queue_pop_one append the two entries most rules queue; the engine's
 *   C push and pop (rules.c) call them directly.
 * - enqueue(queue, op, tab, …) is the host function the rule DSL calls for every other command,
 *   once it has checked the arguments: it appends the command `op` with the fields its op takes,
 *   in order, from the arguments after `tab` — through the two functions above when the command is
 *   a push or a one-route pop not addressed to a tab, so each form is written in one place.
 */
#include "internal.h"

_Static_assert(CLUA_QUEUE_ENTRY_PUSH == LUA_TSTRING && CLUA_QUEUE_ENTRY_COMMAND == LUA_TTABLE,
               "queue entries are told apart by the Lua type of their first element");

/* Each op: its name, whether a nav of `nav:tab(id)` addresses it to its tab, and the fields it
 * takes as arguments, in order (CLUA_QUEUE_FIELD_NONE ends the list). Indexed by op code. */
static const struct {
  const char *name;
  int takesTab;
  int fields[CLUA_QUEUE_MAX_ARGUMENTS];
} clua_queue_ops[CLUA_QUEUE_OP_COUNT] = {
    [CLUA_QUEUE_OP_PUSH] = {"push", 1, {CLUA_QUEUE_FIELD_SCREEN, CLUA_QUEUE_FIELD_STATE}},
    [CLUA_QUEUE_OP_PRESENT_SHEET] = {"presentSheet", 1,
                                     {CLUA_QUEUE_FIELD_SCREEN, CLUA_QUEUE_FIELD_STATE, CLUA_QUEUE_FIELD_NAVIGATION,
                                      CLUA_QUEUE_FIELD_DETENTS, CLUA_QUEUE_FIELD_DRAG_INDICATOR}},
    [CLUA_QUEUE_OP_PRESENT_COVER] = {"presentCover", 1,
                                     {CLUA_QUEUE_FIELD_SCREEN, CLUA_QUEUE_FIELD_STATE, CLUA_QUEUE_FIELD_NAVIGATION}},
    [CLUA_QUEUE_OP_POP] = {"pop", 1, {CLUA_QUEUE_FIELD_COUNT}},
    [CLUA_QUEUE_OP_GO_BACK] = {"goBack", 1, {CLUA_QUEUE_FIELD_COUNT}},
    [CLUA_QUEUE_OP_DISMISS] = {"dismiss", 1, {CLUA_QUEUE_FIELD_COUNT}},
    [CLUA_QUEUE_OP_POP_TO] = {"popTo", 1, {CLUA_QUEUE_FIELD_SCREEN}},
    [CLUA_QUEUE_OP_GO_BACK_TO] = {"goBackTo", 1, {CLUA_QUEUE_FIELD_SCREEN}},
    [CLUA_QUEUE_OP_POP_TO_ROOT] = {"popToRoot", 1, {0}},
    [CLUA_QUEUE_OP_GO_BACK_TO_ROOT] = {"goBackToRoot", 1, {0}},
    [CLUA_QUEUE_OP_POP_TO_CURRENT_NAVIGATION_ROOT] = {"popToCurrentNavigationRoot", 1, {0}},
    [CLUA_QUEUE_OP_DISMISS_ALL] = {"dismissAll", 1, {0}},
    [CLUA_QUEUE_OP_SELECT_TAB] = {"selectTab", 0, {CLUA_QUEUE_FIELD_TARGET}},
    [CLUA_QUEUE_OP_RESET_TABS] = {"resetTabs", 0, {CLUA_QUEUE_FIELD_TARGET}},
    [CLUA_QUEUE_OP_RESET] = {"reset", 1, {CLUA_QUEUE_FIELD_ROUTES}},
    [CLUA_QUEUE_OP_OPEN] = {"open", 1, {CLUA_QUEUE_FIELD_ROUTES, CLUA_QUEUE_FIELD_MODE}},
    [CLUA_QUEUE_OP_EMIT] = {"emit", 0, {CLUA_QUEUE_FIELD_NAME, CLUA_QUEUE_FIELD_PAYLOAD}},
    [CLUA_QUEUE_OP_BADGE] = {"badge", 0, {CLUA_QUEUE_FIELD_TARGET, CLUA_QUEUE_FIELD_PAYLOAD}},
    [CLUA_QUEUE_OP_SET_STATE] = {"setState", 1, {CLUA_QUEUE_FIELD_SCREEN, CLUA_QUEUE_FIELD_STATE}},
};

/* The fields' names, indexed by field code. */
static const char *const clua_queue_fields[CLUA_QUEUE_FIELD_LAST + 1] = {
    [CLUA_QUEUE_FIELD_OP] = "op",
    [CLUA_QUEUE_FIELD_TAB] = "tab",
    [CLUA_QUEUE_FIELD_SCREEN] = "screen",
    [CLUA_QUEUE_FIELD_STATE] = "state",
    [CLUA_QUEUE_FIELD_COUNT] = "count",
    [CLUA_QUEUE_FIELD_NAVIGATION] = "navigation",
    [CLUA_QUEUE_FIELD_DETENTS] = "detents",
    [CLUA_QUEUE_FIELD_DRAG_INDICATOR] = "dragIndicator",
    [CLUA_QUEUE_FIELD_TARGET] = "target",
    [CLUA_QUEUE_FIELD_ROUTES] = "routes",
    [CLUA_QUEUE_FIELD_MODE] = "mode",
    [CLUA_QUEUE_FIELD_NAME] = "name",
    [CLUA_QUEUE_FIELD_PAYLOAD] = "payload",
    [CLUA_QUEUE_FIELD_STYLE] = "style",
};

const char *clua_queue_op_name(int op) {
  return op > CLUA_QUEUE_OP_NONE && op < CLUA_QUEUE_OP_COUNT ? clua_queue_ops[op].name : NULL;
}

int clua_queue_op_code(const char *name, size_t length) {
  if (name == NULL) return CLUA_QUEUE_OP_NONE;
  for (int op = CLUA_QUEUE_OP_NONE + 1; op < CLUA_QUEUE_OP_COUNT; op++) {
    const char *candidate = clua_queue_ops[op].name;
    if (strlen(candidate) == length && memcmp(candidate, name, length) == 0) return op;
  }
  return CLUA_QUEUE_OP_NONE;
}

int clua_queue_op_field(int op, int argument) {
  if (clua_queue_op_name(op) == NULL || argument < 0 || argument >= CLUA_QUEUE_MAX_ARGUMENTS)
    return CLUA_QUEUE_FIELD_NONE;
  return clua_queue_ops[op].fields[argument];
}

int clua_queue_op_takes_tab(int op) { return clua_queue_op_name(op) != NULL && clua_queue_ops[op].takesTab; }

const char *clua_queue_field_name(int field) {
  return field > CLUA_QUEUE_FIELD_NONE && field <= CLUA_QUEUE_FIELD_LAST ? clua_queue_fields[field] : NULL;
}

/* Appends a push not addressed to a tab to the queue at `queue` (absolute): the screen name at
 * `screen`, then the state at `state`, or CLUA_QUEUE_PUSH_NO_STATE when it is nil or absent. */
void clua_queue_push(lua_State *L, int queue, int screen, int state) {
  lua_Integer queued = (lua_Integer)lua_rawlen(L, queue);
  lua_pushvalue(L, screen);
  lua_rawseti(L, queue, queued + 1);
  if (lua_isnoneornil(L, state)) lua_pushboolean(L, CLUA_QUEUE_PUSH_NO_STATE);
  else lua_pushvalue(L, state);
  lua_rawseti(L, queue, queued + 2);
}

/* Appends the pop-one command at `popOne` to the queue at `queue` (both absolute). */
void clua_queue_pop_one(lua_State *L, int queue, int popOne) {
  lua_pushvalue(L, popOne);
  lua_rawseti(L, queue, (lua_Integer)lua_rawlen(L, queue) + 1);
}

/* Pushes a new pop-one command, `{ op = "pop", count = 1 }`: one per host table. */
void clua_queue_new_pop_one(lua_State *L) {
  lua_createtable(L, 0, 2);
  lua_pushstring(L, clua_queue_op_name(CLUA_QUEUE_OP_POP));
  lua_setfield(L, -2, clua_queue_field_name(CLUA_QUEUE_FIELD_OP));
  lua_pushinteger(L, 1);
  lua_setfield(L, -2, clua_queue_field_name(CLUA_QUEUE_FIELD_COUNT));
}

/* enqueue(queue, op, tab, …): appends the command `op` (its name) to `queue`, with the fields its
 * op takes from the arguments after `tab` (nil ones are left out), addressed to `tab` (a tab id,
 * or nil or false for none) when the op takes one. The arguments are the DSL's, already checked;
 * a wrong queue or an unknown op is the DSL's mistake, an error. Upvalue 1: the pop-one command. */
int clua_queue_enqueue(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  size_t length = 0;
  const char *name = luaL_checklstring(L, 2, &length);
  int op = clua_queue_op_code(name, length);
  if (op == CLUA_QUEUE_OP_NONE) return luaL_error(L, "enqueue: unknown op '%s'", name);
  lua_settop(L, 3 + CLUA_QUEUE_MAX_ARGUMENTS);
  int tab = clua_queue_op_takes_tab(op) && lua_toboolean(L, 3) ? 3 : 0;
  if (!tab && op == CLUA_QUEUE_OP_PUSH) {
    clua_queue_push(L, 1, 4, 5);
    return 0;
  }
  if (!tab && op == CLUA_QUEUE_OP_POP && lua_isinteger(L, 4) && lua_tointeger(L, 4) == 1) {
    clua_queue_pop_one(L, 1, lua_upvalueindex(1));
    return 0;
  }
  lua_createtable(L, 0, CLUA_QUEUE_MAX_ARGUMENTS + 2);
  lua_pushvalue(L, 2);
  lua_setfield(L, -2, clua_queue_field_name(CLUA_QUEUE_FIELD_OP));
  for (int argument = 0; argument < CLUA_QUEUE_MAX_ARGUMENTS; argument++) {
    int field = clua_queue_op_field(op, argument);
    if (field == CLUA_QUEUE_FIELD_NONE) break;
    lua_pushvalue(L, 4 + argument);
    lua_setfield(L, -2, clua_queue_field_name(field));
  }
  if (tab) {
    lua_pushvalue(L, tab);
    lua_setfield(L, -2, clua_queue_field_name(CLUA_QUEUE_FIELD_TAB));
  }
  lua_rawseti(L, 1, (lua_Integer)lua_rawlen(L, 1) + 1);
  return 0;
}
