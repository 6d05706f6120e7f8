/* The sandbox's allocator: Lua's heap limit, the string limit, growth charged to the
 * instruction budget, and a per-state pool of small blocks. */
#include "internal.h"

/* A free pooled block holds the address of the next free block of its class in its first bytes. */
_Static_assert(CLUA_POOL_GRAIN >= sizeof(void *), "the smallest pooled block holds a pointer");

/* The size class of a small block: 1...16 bytes -> 0, 17...32 -> 1, ..., 241...256 -> 15. */
static size_t pool_class(size_t size) { return (size - 1) / CLUA_POOL_GRAIN; }

static int is_small(size_t size) { return size <= CLUA_POOL_CLASSES * CLUA_POOL_GRAIN; }

/* A block of at least `size` bytes: a pooled one of its class when there is one. Small blocks
 * are always allocated with their class's full size, so any block of a class can serve any
 * request of that class. */
static void *block_alloc(CLuaContext *c, size_t size) {
  if (!is_small(size)) return malloc(size);
  size_t k = pool_class(size);
  void *block = c->freeBlocks[k];
  if (block == NULL) return malloc((k + 1) * CLUA_POOL_GRAIN);
  memcpy(&c->freeBlocks[k], block, sizeof(void *)); /* the next free block */
  c->pooledBytes -= (k + 1) * CLUA_POOL_GRAIN;
  return block;
}

/* Frees a block of `size` bytes: into the pool while it holds less than its cap. */
static void block_free(CLuaContext *c, void *block, size_t size) {
  if (is_small(size)) {
    size_t k = pool_class(size);
    size_t bytes = (k + 1) * CLUA_POOL_GRAIN;
    if (c->pooledBytes + bytes <= CLUA_POOL_MAX_BYTES) {
      memcpy(block, &c->freeBlocks[k], sizeof(void *));
      c->freeBlocks[k] = block;
      c->pooledBytes += bytes;
      return;
    }
  }
  free(block);
}

/* Moves a block to `nsize` bytes (`osize` now); NULL when there is no memory (the block stays). */
static void *block_resize(CLuaContext *c, void *block, size_t osize, size_t nsize) {
  if (!is_small(osize) && !is_small(nsize)) return realloc(block, nsize);
  if (is_small(osize) && is_small(nsize) && pool_class(osize) == pool_class(nsize)) return block;
  void *moved = block_alloc(c, nsize);
  if (moved == NULL) return NULL;
  memcpy(moved, block, osize < nsize ? osize : nsize);
  block_free(c, block, osize);
  return moved;
}

/* ptr == NULL means osize is a type tag, not a size. Returning NULL makes Lua
 * run an emergency GC, retry, then raise LUA_ERRMEM. Shrinks are never refused.
 * A new string object (tag LUA_TSTRING) longer than the string limit is
 * refused too: some single VM instructions cost time in proportion to the
 * length of their string operands without allocating (==, <, string-to-number
 * coercion in bitwise operators), and capping the length caps that cost.
 * While the limit is enforced, growth is also charged to the instruction
 * budget (one instruction per 64 bytes): C functions that build big strings or
 * tables then cost in proportion to their work. The charge is only noted here;
 * the count hook raises the error at its next check. */
void *clua_limited_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  CLuaContext *c = (CLuaContext *)ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    if (ptr != NULL) block_free(c, ptr, osize);
    c->bytesInUse -= old;
    return NULL;
  }
  if (nsize > old && c->enforceMemoryLimit) {
    if (c->memoryLimit != 0 && c->bytesInUse - old + nsize > c->memoryLimit) {
      c->memoryLimitHit = 1;
      return NULL;
    }
    if (ptr == NULL && osize == LUA_TSTRING && c->stringLimit != 0 && nsize > c->stringLimit + 64) {
      c->stringLimitHit = 1;
      return NULL;
    }
    c->instructionsLeft -= (long long)((nsize - old) >> 6);
  }
  void *np = ptr == NULL ? block_alloc(c, nsize) : block_resize(c, ptr, osize, nsize);
  if (np == NULL) return (nsize <= old) ? ptr : NULL;
  c->bytesInUse = c->bytesInUse - old + nsize;
  if (c->bytesInUse > c->bytesPeak) c->bytesPeak = c->bytesInUse;
  return np;
}

/* Closes the state, then frees the blocks its allocator kept. */
void clua_sandbox_close(lua_State *L, CLuaContext *c) {
  lua_close(L);
  for (size_t k = 0; k < CLUA_POOL_CLASSES; k++) {
    void *block = c->freeBlocks[k];
    while (block != NULL) {
      void *next;
      memcpy(&next, block, sizeof(void *));
      free(block);
      block = next;
    }
    c->freeBlocks[k] = NULL;
  }
  c->pooledBytes = 0;
}

#if !defined(TABFLOW_SYSTEM_LUA) && !defined(TABFLOW_BUNDLED_LUA)
#error "TabFlowLua needs Lua 5.4: enable TabFlow's SystemLua trait (the default; pkg-config lua5.4) or its BundledLua trait (Lua compiled from source by LuaSwift, for iOS)"
#endif
