/* Lua 5.4 pattern matching, reimplemented with every step charged to the budget. */
#include "internal.h"

/* ------------------------------------------------------------------------ */
/* 5. Bounded pattern matching                                               */
/* ------------------------------------------------------------------------ */

/* A reimplementation of Lua 5.4's pattern matching (same syntax, same results)
 * whose every step is charged to the instruction budget: each entry into the
 * matcher, each character scanned by a repetition, by %b or by a
 * back-reference, and each candidate of a plain search. Steps are counted
 * locally and flushed every CLUA_MATCH_FUEL steps, when the budget and the
 * deadline are checked; so a pathological pattern stops with a clear error
 * after at most the remaining budget (10 M steps take a few tens of ms),
 * instead of running for minutes inside C where the count hook cannot reach.
 * Recursion is capped at 200 levels like the original. */

#define CLUA_MAXCAPTURES 32
#define CLUA_MATCH_MAXDEPTH 200
#define CLUA_MATCH_FUEL 1024
#define CLUA_CAP_UNFINISHED (-1)
#define CLUA_CAP_POSITION (-2)
#define CLUA_PATTERN_SPECIALS "^$*+?.([%-"

typedef struct CLuaMatch {
  const char *subject;    /* start of the subject */
  const char *subjectEnd; /* end of the subject */
  const char *patternEnd; /* end of the pattern */
  lua_State *L;
  int depth;              /* remaining recursion levels */
  int level;              /* number of captures (finished or not) */
  long long fuel;         /* steps left before the next flush */
  long long pending;      /* steps consumed since the last flush */
  struct {
    const char *start;
    ptrdiff_t length;
  } captures[CLUA_MAXCAPTURES];
} CLuaMatch;

static void clua_match_refuel(CLuaMatch *m) {
  CLuaContext *c = clua_context(m->L);
  c->instructionsLeft -= m->pending + (CLUA_MATCH_FUEL - m->fuel);
  m->pending = 0;
  m->fuel = CLUA_MATCH_FUEL;
  if (!c->budgetExceeded && clua_deadline_passed(c)) c->deadlineExceeded = 1;
  if (c->instructionsLeft < 0 || c->budgetExceeded || c->deadlineExceeded)
    clua_raise_budget(m->L, 1, "pattern matching stopped: pattern too complex for its subject");
}

/* Charges the steps of a finished operation (no check: the hook checks). */
static void clua_match_settle(CLuaMatch *m) {
  CLuaContext *c = clua_context(m->L);
  c->instructionsLeft -= m->pending + (CLUA_MATCH_FUEL - m->fuel);
  m->pending = 0;
  m->fuel = CLUA_MATCH_FUEL;
}

static void clua_match_step(CLuaMatch *m, long long steps) {
  m->fuel -= steps;
  if (m->fuel <= 0) clua_match_refuel(m);
}

static void clua_match_init(CLuaMatch *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
  m->L = L;
  m->subject = s;
  m->subjectEnd = s + ls;
  m->patternEnd = p + lp;
  m->fuel = CLUA_MATCH_FUEL;
  m->pending = 0;
  m->level = 0;
  m->depth = CLUA_MATCH_MAXDEPTH;
}

static void clua_match_reset(CLuaMatch *m) {
  m->level = 0;
  m->depth = CLUA_MATCH_MAXDEPTH;
}

/* End of the single-character class that starts at p. */
static const char *clua_class_end(CLuaMatch *m, const char *p) {
  char c = *p++;
  if (c == '%') {
    if (p >= m->patternEnd) luaL_error(m->L, "malformed pattern (ends with '%%')");
    return p + 1;
  }
  if (c == '[') {
    if (p < m->patternEnd && *p == '^') p++;
    /* the first character of a set may be ']' */
    for (;;) {
      if (p >= m->patternEnd) luaL_error(m->L, "malformed pattern (missing ']')");
      char d = *p++;
      if (d == '%') {
        if (p >= m->patternEnd) luaL_error(m->L, "malformed pattern (missing ']')");
        p++;
      }
      if (p < m->patternEnd && *p == ']') return p + 1;
    }
  }
  return p;
}

static int clua_class_matches(int c, int cls) {
  int r;
  switch (tolower(cls)) {
    case 'a': r = isalpha(c); break;
    case 'c': r = iscntrl(c); break;
    case 'd': r = isdigit(c); break;
    case 'g': r = isgraph(c); break;
    case 'l': r = islower(c); break;
    case 'p': r = ispunct(c); break;
    case 's': r = isspace(c); break;
    case 'u': r = isupper(c); break;
    case 'w': r = isalnum(c); break;
    case 'x': r = isxdigit(c); break;
    case 'z': r = (c == 0); break; /* deprecated, still accepted by 5.4 */
    default: return cls == c;
  }
  if (isupper(cls)) r = !r;
  return r != 0;
}

/* Whether c is in the set [ ... ] that starts at p ('[') and whose closing
 * ']' is at close. */
static int clua_set_matches(int c, const char *p, const char *close) {
  int negate = 0;
  p++;
  if (*p == '^') {
    negate = 1;
    p++;
  }
  while (p < close) {
    if (*p == '%') {
      p++;
      if (clua_class_matches(c, (unsigned char)*p)) return !negate;
      p++;
    } else if (p + 2 < close && p[1] == '-') {
      if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return !negate;
      p += 3;
    } else {
      if ((unsigned char)*p == c) return !negate;
      p++;
    }
  }
  return negate;
}

/* Whether the character at s matches the class [p, ep). */
static int clua_single_matches(CLuaMatch *m, const char *s, const char *p, const char *ep) {
  if (s >= m->subjectEnd) return 0;
  int c = (unsigned char)*s;
  switch (*p) {
    case '.': return 1;
    case '%': return clua_class_matches(c, (unsigned char)p[1]);
    case '[': return clua_set_matches(c, p, ep - 1);
    default: return (unsigned char)*p == c;
  }
}

static const char *clua_match(CLuaMatch *m, const char *s, const char *p);

static const char *clua_match_greedy(CLuaMatch *m, const char *s, const char *p, const char *ep) {
  ptrdiff_t n = 0;
  while (clua_single_matches(m, s + n, p, ep)) n++;
  clua_match_step(m, 1 + (n >> 2));
  for (; n >= 0; n--) {
    const char *r = clua_match(m, s + n, ep + 1);
    if (r != NULL) return r;
  }
  return NULL;
}

static const char *clua_match_lazy(CLuaMatch *m, const char *s, const char *p, const char *ep) {
  for (;;) {
    const char *r = clua_match(m, s, ep + 1);
    if (r != NULL) return r;
    if (!clua_single_matches(m, s, p, ep)) return NULL;
    s++;
    clua_match_step(m, 1);
  }
}

static const char *clua_match_balance(CLuaMatch *m, const char *s, const char *p) {
  if (p + 1 >= m->patternEnd) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
  if (s >= m->subjectEnd || *s != *p) return NULL;
  char open = p[0], close = p[1];
  int depth = 1;
  const char *start = s;
  while (++s < m->subjectEnd) {
    if (*s == close) {
      if (--depth == 0) {
        clua_match_step(m, 1 + ((s - start) >> 2));
        return s + 1;
      }
    } else if (*s == open) {
      depth++;
    }
  }
  clua_match_step(m, 1 + ((s - start) >> 2));
  return NULL;
}

static const char *clua_match_open(CLuaMatch *m, const char *s, const char *p, ptrdiff_t what) {
  if (m->level >= CLUA_MAXCAPTURES) luaL_error(m->L, "too many captures");
  m->captures[m->level].start = s;
  m->captures[m->level].length = what;
  m->level++;
  const char *r = clua_match(m, s, p);
  if (r == NULL) m->level--;
  return r;
}

static const char *clua_match_close(CLuaMatch *m, const char *s, const char *p) {
  int l = -1;
  for (int i = m->level - 1; i >= 0; i--) {
    if (m->captures[i].length == CLUA_CAP_UNFINISHED) {
      l = i;
      break;
    }
  }
  if (l < 0) luaL_error(m->L, "invalid pattern capture");
  m->captures[l].length = s - m->captures[l].start;
  const char *r = clua_match(m, s, p);
  if (r == NULL) m->captures[l].length = CLUA_CAP_UNFINISHED;
  return r;
}

static const char *clua_match_backref(CLuaMatch *m, const char *s, int digit) {
  int l = digit - '1';
  if (l < 0 || l >= m->level || m->captures[l].length == CLUA_CAP_UNFINISHED)
    luaL_error(m->L, "invalid capture index %%%d", l + 1);
  ptrdiff_t length = m->captures[l].length;
  if (length < 0) return NULL; /* a position capture matches nothing */
  size_t len = (size_t)length;
  clua_match_step(m, 1 + (long long)(len >> 4));
  if ((size_t)(m->subjectEnd - s) >= len && memcmp(m->captures[l].start, s, len) == 0) return s + len;
  return NULL;
}

/* Matches the pattern at p against the subject at s; returns the end of the
 * match or NULL. */
static const char *clua_match(CLuaMatch *m, const char *s, const char *p) {
  if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
  for (;;) {
    clua_match_step(m, 1);
    if (p >= m->patternEnd) break;
    if (*p == '(') {
      if (p + 1 < m->patternEnd && p[1] == ')')
        s = clua_match_open(m, s, p + 2, CLUA_CAP_POSITION);
      else
        s = clua_match_open(m, s, p + 1, CLUA_CAP_UNFINISHED);
      break;
    }
    if (*p == ')') {
      s = clua_match_close(m, s, p + 1);
      break;
    }
    if (*p == '$' && p + 1 == m->patternEnd) {
      if (s != m->subjectEnd) s = NULL;
      break;
    }
    if (*p == '%' && p + 1 < m->patternEnd) {
      char k = p[1];
      if (k == 'b') {
        s = clua_match_balance(m, s, p + 2);
        if (s == NULL) break;
        p += 4;
        continue;
      }
      if (k == 'f') {
        p += 2;
        if (p >= m->patternEnd || *p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
        const char *ep = clua_class_end(m, p);
        int prev = (s == m->subject) ? '\0' : (unsigned char)s[-1];
        int cur = (s < m->subjectEnd) ? (unsigned char)*s : '\0';
        if (!clua_set_matches(prev, p, ep - 1) && clua_set_matches(cur, p, ep - 1)) {
          p = ep;
          continue;
        }
        s = NULL;
        break;
      }
      if (isdigit((unsigned char)k)) {
        s = clua_match_backref(m, s, (unsigned char)k);
        if (s == NULL) break;
        p += 2;
        continue;
      }
    }
    /* a single-character class, maybe followed by a repetition */
    const char *ep = clua_class_end(m, p);
    char rep = ep < m->patternEnd ? *ep : '\0';
    if (!clua_single_matches(m, s, p, ep)) {
      if (rep == '*' || rep == '?' || rep == '-') {
        p = ep + 1;
        continue;
      }
      s = NULL;
      break;
    }
    if (rep == '?') {
      const char *r = clua_match(m, s + 1, ep + 1);
      if (r != NULL) {
        s = r;
        break;
      }
      p = ep + 1;
      continue;
    }
    if (rep == '+') {
      s = clua_match_greedy(m, s + 1, p, ep);
      break;
    }
    if (rep == '*') {
      s = clua_match_greedy(m, s, p, ep);
      break;
    }
    if (rep == '-') {
      s = clua_match_lazy(m, s, p, ep);
      break;
    }
    s++;
    p = ep;
  }
  m->depth++;
  return s;
}

/* Capture i of a match [s, e): pushes a position capture and returns
 * CLUA_CAP_POSITION, or sets *start and returns the length. */
static ptrdiff_t clua_capture(CLuaMatch *m, int i, const char *s, const char *e, const char **start) {
  if (i >= m->level) {
    if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
    *start = s;
    return e - s;
  }
  ptrdiff_t len = m->captures[i].length;
  *start = m->captures[i].start;
  if (len == CLUA_CAP_UNFINISHED) luaL_error(m->L, "unfinished capture");
  if (len == CLUA_CAP_POSITION) lua_pushinteger(m->L, (lua_Integer)(m->captures[i].start - m->subject) + 1);
  return len;
}

static void clua_push_capture(CLuaMatch *m, int i, const char *s, const char *e) {
  const char *start;
  ptrdiff_t len = clua_capture(m, i, s, e, &start);
  if (len != CLUA_CAP_POSITION) lua_pushlstring(m->L, start, (size_t)len);
}

/* Pushes all captures (or the whole match when there are none and s != NULL). */
static int clua_push_captures(CLuaMatch *m, const char *s, const char *e) {
  int n = (m->level == 0 && s != NULL) ? 1 : m->level;
  luaL_checkstack(m->L, n, "too many captures");
  for (int i = 0; i < n; i++) clua_push_capture(m, i, s, e);
  return n;
}

/* Relative initial position (1-based, negatives from the end) to an offset. A positive position is
 * converted to size_t before it is compared with the length: no lua_Integer may be cut short. */
_Static_assert(sizeof(size_t) >= sizeof(lua_Integer), "a string position converts to size_t intact");
/* Match positions and lengths (ptrdiff_t) are pushed as lua_Integer. */
_Static_assert(sizeof(lua_Integer) >= sizeof(ptrdiff_t), "a position in a string fits a lua_Integer");
static size_t clua_start_offset(lua_Integer pos, size_t len) {
  if (pos > 0) return (size_t)pos - 1;
  if (pos == 0) return 0;
  if (pos < -(lua_Integer)len) return 0;
  return len + (size_t)pos;
}

static int clua_has_specials(const char *p, size_t lp) {
  for (size_t i = 0; i < lp; i++)
    if (p[i] != '\0' && strchr(CLUA_PATTERN_SPECIALS, p[i]) != NULL) return 1;
  return 0;
}

/* Plain substring search, charged per candidate position. */
static const char *clua_plain_find(CLuaMatch *m, const char *s, size_t ls, const char *p, size_t lp) {
  if (lp == 0) return s;
  if (lp > ls) return NULL;
  const char *end = s + (ls - lp) + 1; /* candidates are [s, end) */
  long long per = 1 + (long long)(lp >> 5);
  while (s < end) {
    const char *hit = memchr(s, *p, (size_t)(end - s));
    if (hit == NULL) {
      clua_match_step(m, 1 + ((end - s) >> 8));
      return NULL;
    }
    clua_match_step(m, per + ((hit - s) >> 8));
    if (memcmp(hit, p, lp) == 0) return hit;
    s = hit + 1;
  }
  return NULL;
}

static int clua_find_or_match(lua_State *L, int find) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = clua_start_offset(luaL_optinteger(L, 3, 1), ls);
  if (init > ls) {
    lua_pushnil(L);
    return 1;
  }
  CLuaMatch m;
  clua_match_init(&m, L, s, ls, p, lp);
  if (find && (lua_toboolean(L, 4) || !clua_has_specials(p, lp))) {
    const char *hit = clua_plain_find(&m, s + init, ls - init, p, lp);
    clua_match_settle(&m);
    if (hit != NULL) {
      lua_pushinteger(L, (lua_Integer)(hit - s) + 1);
      lua_pushinteger(L, (lua_Integer)(hit - s + lp));
      return 2;
    }
  } else {
    int anchor = (lp > 0 && *p == '^');
    if (anchor) {
      p++;
      lp--;
      m.patternEnd = p + lp;
    }
    const char *s1 = s + init;
    do {
      clua_match_reset(&m);
      const char *e = clua_match(&m, s1, p);
      if (e != NULL) {
        clua_match_settle(&m);
        if (find) {
          lua_pushinteger(L, (lua_Integer)(s1 - s) + 1);
          lua_pushinteger(L, (lua_Integer)(e - s));
          return clua_push_captures(&m, NULL, NULL) + 2;
        }
        return clua_push_captures(&m, s1, e);
      }
    } while (s1++ < m.subjectEnd && !anchor);
    clua_match_settle(&m);
  }
  lua_pushnil(L);
  return 1;
}

int clua_str_find(lua_State *L) { return clua_find_or_match(L, 1); }
int clua_str_match(lua_State *L) { return clua_find_or_match(L, 0); }

/* gmatch state, kept in a userdata (no metatable, no finalizer); the subject and the pattern
 * upvalues keep the strings it points into alive. */
enum {
  PATTERN_GMATCH_UPVALUE_SUBJECT = 1,
  PATTERN_GMATCH_UPVALUE_PATTERN,
  PATTERN_GMATCH_UPVALUE_STATE, /* the CLuaGmatch userdata */
  PATTERN_GMATCH_UPVALUES = PATTERN_GMATCH_UPVALUE_STATE,
};
typedef struct CLuaGmatch {
  const char *next;      /* where the next search starts */
  const char *pattern;
  const char *lastMatch; /* end of the last match, to skip a repeated empty match */
  CLuaMatch m;
} CLuaGmatch;

_Static_assert(_Alignof(CLuaGmatch) <= _Alignof(CLuaMaxAlign), "gmatch state lives in a userdata");

static int clua_gmatch_next(lua_State *L) {
  CLuaGmatch *g = (CLuaGmatch *)lua_touserdata(L, lua_upvalueindex(PATTERN_GMATCH_UPVALUE_STATE));
  g->m.L = L; /* the iterator may run on another coroutine */
  g->m.fuel = CLUA_MATCH_FUEL;
  g->m.pending = 0;
  for (const char *src = g->next; src <= g->m.subjectEnd; src++) {
    clua_match_reset(&g->m);
    const char *e = clua_match(&g->m, src, g->pattern);
    if (e != NULL && e != g->lastMatch) {
      clua_match_settle(&g->m);
      g->next = g->lastMatch = e;
      return clua_push_captures(&g->m, src, e);
    }
  }
  clua_match_settle(&g->m);
  g->next = g->m.subjectEnd + 1;
  return 0;
}

int clua_str_gmatch(lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = clua_start_offset(luaL_optinteger(L, 3, 1), ls);
  lua_settop(L, 2);
  CLuaGmatch *g = (CLuaGmatch *)lua_newuserdatauv(L, sizeof(CLuaGmatch), 0);
  if (init > ls) init = ls + 1; /* start after the end: no match */
  clua_match_init(&g->m, L, s, ls, p, lp);
  g->next = s + init;
  g->pattern = p;
  g->lastMatch = NULL;
  lua_pushcclosure(L, clua_gmatch_next, PATTERN_GMATCH_UPVALUES); /* subject, pattern, state */
  return 1;
}

/* Appends the replacement string (argument 3) for the match [s, e). */
static void clua_gsub_add_string(CLuaMatch *m, luaL_Buffer *b, const char *s, const char *e) {
  lua_State *L = m->L;
  size_t l;
  const char *r = lua_tolstring(L, 3, &l);
  const char *end = r + l;
  while (r < end) {
    const char *esc = memchr(r, '%', (size_t)(end - r));
    if (esc == NULL) {
      luaL_addlstring(b, r, (size_t)(end - r));
      break;
    }
    luaL_addlstring(b, r, (size_t)(esc - r));
    esc++;
    if (esc >= end) luaL_error(L, "invalid use of '%%' in replacement string");
    if (*esc == '%') {
      luaL_addchar(b, '%');
    } else if (*esc == '0') {
      luaL_addlstring(b, s, (size_t)(e - s));
    } else if (isdigit((unsigned char)*esc)) {
      const char *start;
      ptrdiff_t len = clua_capture(m, *esc - '1', s, e, &start);
      if (len == CLUA_CAP_POSITION)
        luaL_addvalue(b);
      else
        luaL_addlstring(b, start, (size_t)len);
    } else {
      luaL_error(L, "invalid use of '%%' in replacement string");
    }
    r = esc + 1;
  }
}

/* Appends the replacement for the match [s, e); returns whether it changed
 * the text. */
static int clua_gsub_add(CLuaMatch *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
  lua_State *L = m->L;
  if (kind == LUA_TFUNCTION) {
    lua_pushvalue(L, 3);
    int n = clua_push_captures(m, s, e);
    lua_callk(L, n, 1, 0, NULL);
  } else if (kind == LUA_TTABLE) {
    clua_push_capture(m, 0, s, e);
    lua_gettable(L, 3);
  } else {
    clua_gsub_add_string(m, b, s, e);
    return 1;
  }
  if (!lua_toboolean(L, -1)) {
    lua_settop(L, -2);
    luaL_addlstring(b, s, (size_t)(e - s));
    return 0;
  }
  if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  luaL_addvalue(b);
  return 1;
}

int clua_str_gsub(lua_State *L) {
  size_t ls, lp;
  const char *src = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  const char *lastMatch = NULL;
  int kind = lua_type(L, 3);
  lua_Integer maxN = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
  luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE, 3,
                   "string/function/table");
  int anchor = (lp > 0 && *p == '^');
  if (anchor) {
    p++;
    lp--;
  }
  lua_Integer n = 0;
  int changed = 0;
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  CLuaMatch m;
  clua_match_init(&m, L, src, ls, p, lp);
  while (n < maxN) {
    clua_match_reset(&m);
    const char *e = clua_match(&m, src, p);
    if (e != NULL && e != lastMatch) {
      n++;
      changed = clua_gsub_add(&m, &b, src, e, kind) | changed;
      src = lastMatch = e;
    } else if (src < m.subjectEnd) {
      luaL_addchar(&b, *src++);
    } else {
      break;
    }
    if (anchor) break;
  }
  clua_match_settle(&m);
  if (!changed) {
    lua_pushvalue(L, 1);
  } else {
    luaL_addlstring(&b, src, (size_t)(m.subjectEnd - src));
    luaL_pushresult(&b);
  }
  lua_pushinteger(L, n);
  return 2;
}
