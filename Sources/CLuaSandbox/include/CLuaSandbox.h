/*
 * CLuaSandbox: the C core of TabFlow's Lua sandbox, a C target of its own (it builds once,
 * rebuilds when edited, and can be fuzzed and sanitized alone: see Fuzz/ and scripts/fuzz).
 *
 * Everything that may raise a Lua error (longjmp) lives here, in C, so that no longjmp ever
 * crosses a Swift frame:
 *   - sandbox.c: the per-state context, a limiting allocator (memory cap, enforced only while Lua
 *     code runs), a sticky count hook (instruction budget and deadline; once exhausted it re-arms
 *     with count = 1, so `pcall` in a script cannot swallow it), a message handler that runs no
 *     script code and locates every error at its real line, a trampoline for Swift functions, the
 *     protected call and load, and the library hardening (a per-script environment over a
 *     read-only base, text-only `load`, `setmetatable` refusing `__gc`, cost-charging wrappers);
 *   - pattern.c: a bounded reimplementation of Lua's pattern matcher
 *     (string.find/match/gmatch/gsub) that charges every matching step to the budget;
 *   - rules.c: pure rules — freezing what a rule script can reach after it loads (metamethods
 *     kept), deterministic next/pairs, address-free tostring/string.format, the upvalue check
 *     and the restoring of what a failed call assigned (clua_rules_after_failure);
 *   - queue.c: the command queue's one writer, whose format CLuaQueue.h names.
 *
 * This header declares what the Swift side uses.
 */
#ifndef CLUA_SANDBOX_PUBLIC_H
#define CLUA_SANDBOX_PUBLIC_H

#include <stddef.h>
#include "CLuaQueue.h"
#include "CLuaAPI.h"

/* Owned by the Swift LuaVM; it outlives lua_close (the allocator writes to it
 * while the state closes). A pointer to it is the allocator's `ud` and is also
 * copied into the main thread's extra space, which lua_newthread copies into
 * every coroutine, so the hook and the C functions find it from any thread. */
/* The allocator keeps freed blocks of up to CLUA_POOL_CLASSES * 16 bytes (Lua's tables, short
 * strings, small hash and array parts) for reuse by the same state, up to CLUA_POOL_MAX_BYTES. */
#define CLUA_POOL_GRAIN 16
#define CLUA_POOL_CLASSES 16
#define CLUA_POOL_MAX_BYTES ((size_t)256 << 10)

typedef struct CLuaContext {
  size_t bytesInUse;           /* current heap of the state */
  size_t bytesPeak;            /* high-water mark */
  size_t memoryLimit;          /* 0 = unlimited */
  size_t stringLimit;          /* longest string Lua code may create, 0 = unlimited */
  int enforceMemoryLimit;      /* 1 only while Lua code runs */
  int memoryLimitHit;          /* set when the allocator refused a block */
  int stringLimitHit;          /* set when it refused a string over stringLimit */
  int memoryErrorRaised;       /* a memory error was raised in this call: no pcall may catch it */
  long long instructionBudget; /* per host call */
  long long instructionsLeft;  /* what is left of it in the current call */
  int hookStride;              /* count-hook period */
  int budgetExceeded;          /* sticky until the next host call re-arms */
  int deadlineExceeded;        /* the budget error came from the deadline */
  long long deadlineSpan;      /* nanoseconds per host call, 0 = none */
  long long deadlineNanos;     /* the thread's CPU clock; 0 = none, CLUA_DEADLINE_UNSTARTED = not read yet */
  int callDepth;               /* host calls in progress (re-entrancy guard) */
  size_t messageLength;        /* length of the message part of a traceback */
  int batchDepth;              /* > 0 while calls share one budget (one action's batch) */
  int batchArmed;              /* the shared budget has been armed by the batch's first call */
  char hiddenSource[32];       /* chunk whose positions never locate an error (the rule DSL) */
  int (*dispatch)(lua_State *L, void *box); /* Swift @convention(c) */
  void *freeBlocks[CLUA_POOL_CLASSES]; /* the allocator's free small blocks, by size class */
  size_t pooledBytes;          /* bytes held in freeBlocks (capped by CLUA_POOL_MAX_BYTES) */
  /* Line coverage (flowscript run --coverage), off unless clua_line_coverage turned it on. The
   * buffers and the source name belong to the Swift side; the hook only writes to them. */
  int lineMask;                /* LUA_MASKLINE while line coverage is on, else 0 */
  const char *coveredSource;   /* the `source` (as lua_getinfo gives it) whose lines are counted */
  unsigned int *lineHits;      /* line events per line number (saturating), lineHitsCount entries */
  unsigned char *lineFlags;    /* CLUA_LINE_* per line number, lineHitsCount entries */
  int lineHitsCount;           /* entries in lineHits and lineFlags (index = line number) */
} CLuaContext;

/* lineFlags: a line holds code of a function that ran (it is in the function's active lines); a
 * function defined at this line had its active lines recorded. */
#define CLUA_LINE_EXECUTABLE 1
#define CLUA_LINE_SCANNED 2

/* Status returned by clua_sandbox_pcall for a call that re-entered the VM. */
#define CLUA_REENTERED (-100)

/* A call's deadline before its clock is first read (see clua_deadline_passed). */
#define CLUA_DEADLINE_UNSTARTED (-1LL)

long long clua_thread_cpu_nanos(void);
int clua_deadline_passed(CLuaContext *c);
void clua_count_hook(lua_State *L, lua_Debug *ar);
void clua_line_coverage(lua_State *L, CLuaContext *c, const char *source, unsigned int *hits,
                        unsigned char *flags, int count);

/* The key marking a host's watch metatable (see ReadWatch), its value the VM's context pointer as
 * a light userdata: the sandbox's getmetatable answers nil for a table that has one, and
 * setmetatable replaces it, so rules cannot tell it is there (nor mark a metatable of their own). */
#define CLUA_WATCH_MARK "__tabflow_watch"

/* Compiles `text` (`length` bytes, text only, never run) and returns its binary chunk as
 * `lua_dump` writes it, unstripped (line information kept), in memory from malloc the caller
 * frees; NULL when it does not compile or memory runs out. Stack unchanged. Call it between host
 * calls. */
unsigned char *clua_compiled_dump(lua_State *L, const char *text, size_t length, size_t *size);
/* Frees what clua_compiled_dump returned. */
void clua_free_dump(unsigned char *dump);
int clua_sandbox_pcall(lua_State *L, CLuaContext *c, int nargs, int nresults);
int clua_sandbox_load(lua_State *L, CLuaContext *c, const char *s, size_t n, const char *name);
int clua_sandbox_setup(lua_State *L);
lua_State *clua_sandbox_open(CLuaContext *c);
void clua_sandbox_close(lua_State *L, CLuaContext *c);
int clua_sandbox_openlibs(lua_State *L);
void clua_push_swift_function(lua_State *L, void *box, int isPrint);
int clua_proxy_backing(lua_State *L, int idx);
/* rules.c: the rule DSL's host table (TabFlowLua's only; the binding never calls it). */
int clua_rules_host(lua_State *L);

#endif
