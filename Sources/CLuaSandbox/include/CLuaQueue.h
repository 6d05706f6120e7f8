/*
 * The command queue: what a rule, deep link or guard redirect queues through `nav`, and the one
 * definition of its format. queue.c writes it (the only writer: the engine's C push and pop in
 * rules.c and the rule DSL's own nav methods, through the host function `enqueue`, both call it);
 * the Swift host (ScriptCommandDecoder, LuaCommandFields) reads it by the names below.
 *
 * A queue is a Lua array of entries, in the order the commands were queued. An entry is
 *   - CLUA_QUEUE_ENTRY_PUSH: a push not addressed to a tab, as two elements, no table of its own:
 *     the screen's name (the only strings a queue holds), then its state — a table, or `false`
 *     for none (CLUA_QUEUE_PUSH_NO_STATE);
 *   - CLUA_QUEUE_ENTRY_COMMAND: a command table, `{ op = <op name>, <field> = … }`, with the
 *     fields its op takes (clua_queue_op_field) and, for a stack command addressed to a tab
 *     (`nav:tab(id)`), `tab = id`. `nav:pop()` not addressed to a tab is always the same table,
 *     the queue's pop-one command (`{ op = "pop", count = 1 }`), which the host knows by identity.
 */
#ifndef CLUA_QUEUE_H
#define CLUA_QUEUE_H

#include <stddef.h>

/* The kinds of queue entries, by the Lua type of their first element. */
typedef enum CLuaQueueEntry {
  CLUA_QUEUE_ENTRY_PUSH = 4,    /* LUA_TSTRING: a screen name, then its state */
  CLUA_QUEUE_ENTRY_COMMAND = 5, /* LUA_TTABLE: a command table */
} CLuaQueueEntry;

/* The second element of a push without state (a Lua boolean). */
#define CLUA_QUEUE_PUSH_NO_STATE 0

/* The commands, by their op codes; clua_queue_op_name gives the `op` a command table holds. */
typedef enum CLuaQueueOp {
  CLUA_QUEUE_OP_NONE = 0, /* not an op */
  CLUA_QUEUE_OP_PUSH,
  CLUA_QUEUE_OP_PRESENT_SHEET,
  CLUA_QUEUE_OP_PRESENT_COVER,
  CLUA_QUEUE_OP_POP,
  CLUA_QUEUE_OP_GO_BACK,
  CLUA_QUEUE_OP_DISMISS,
  CLUA_QUEUE_OP_POP_TO,
  CLUA_QUEUE_OP_GO_BACK_TO,
  CLUA_QUEUE_OP_POP_TO_ROOT,
  CLUA_QUEUE_OP_GO_BACK_TO_ROOT,
  CLUA_QUEUE_OP_POP_TO_CURRENT_NAVIGATION_ROOT,
  CLUA_QUEUE_OP_DISMISS_ALL,
  CLUA_QUEUE_OP_SELECT_TAB,
  CLUA_QUEUE_OP_RESET_TABS,
  CLUA_QUEUE_OP_RESET,
  CLUA_QUEUE_OP_OPEN,
  CLUA_QUEUE_OP_EMIT,
  CLUA_QUEUE_OP_BADGE,
  CLUA_QUEUE_OP_SET_STATE,
  CLUA_QUEUE_OP_COUNT /* one past the last op */
} CLuaQueueOp;

/* The fields a command table can have, by their codes; clua_queue_field_name gives the name. The
 * host keeps the names as Lua strings in an array at these positions. */
typedef enum CLuaQueueField {
  CLUA_QUEUE_FIELD_NONE = 0, /* not a field */
  CLUA_QUEUE_FIELD_OP,
  CLUA_QUEUE_FIELD_TAB,
  CLUA_QUEUE_FIELD_SCREEN,
  CLUA_QUEUE_FIELD_STATE,
  CLUA_QUEUE_FIELD_COUNT,
  CLUA_QUEUE_FIELD_NAVIGATION,
  CLUA_QUEUE_FIELD_DETENTS,
  CLUA_QUEUE_FIELD_DRAG_INDICATOR,
  CLUA_QUEUE_FIELD_TARGET,
  CLUA_QUEUE_FIELD_ROUTES,
  CLUA_QUEUE_FIELD_MODE,
  CLUA_QUEUE_FIELD_NAME,
  CLUA_QUEUE_FIELD_PAYLOAD,
  CLUA_QUEUE_FIELD_STYLE,
  CLUA_QUEUE_FIELD_LAST = CLUA_QUEUE_FIELD_STYLE
} CLuaQueueField;

/* The most fields an op takes as arguments (presentSheet's five). */
#define CLUA_QUEUE_MAX_ARGUMENTS 5

/* The `op` name of an op ("push", "presentSheet", …); NULL for CLUA_QUEUE_OP_NONE or out of range. */
const char *clua_queue_op_name(int op);
/* The op named `name` (`length` bytes), or CLUA_QUEUE_OP_NONE. */
int clua_queue_op_code(const char *name, size_t length);
/* The field an op takes as its argument number `argument` (0-based), or CLUA_QUEUE_FIELD_NONE. */
int clua_queue_op_field(int op, int argument);
/* Whether a command of this op is addressed to a tab when queued on a nav of `nav:tab(id)` (a
 * stack command: 1) or always goes to the coordinator (selectTab, resetTabs, emit: 0). */
int clua_queue_op_takes_tab(int op);
/* The name of a field ("op", "screen", …); NULL for CLUA_QUEUE_FIELD_NONE or out of range. */
const char *clua_queue_field_name(int field);

#endif
