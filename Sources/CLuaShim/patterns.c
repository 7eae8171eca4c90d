/*
 * patterns.c: Lua 5.4's pattern functions (string.find, match, gmatch, gsub) with a matcher
 * that charges its work to the instruction budget, so no pattern can run for long.
 *
 * The matcher follows the Lua 5.4 reference manual (sections 6.4 and 6.4.1): a backtracking
 * matcher over the pattern text, which it interprets as it goes. Malformed parts of a pattern
 * are only reported when the matcher reaches them, and results, error messages and limits
 * (32 captures, a recursion depth of 200) are those of the standard library.
 *
 * Cost model. Every matcher step costs one instruction: each attempt to match one pattern item
 * at one subject position, each step a repetition ('*', '+', '-', '?') takes forwards or back,
 * each subject byte a '%b' item scans, and each start position the outer loops of find, match,
 * gmatch and gsub try. Bulk byte work (the memchr/memcmp of plain finds and back-references)
 * costs one step per 32 bytes. Steps accumulate in the match state and are charged with
 * hub_budget_charge every 1000 steps and once at the end of each call. Charging raises with
 * longjmp, so nothing here ever holds malloc'd memory: match states live on the C stack (or, for
 * gmatch, in a userdata) and results are built in luaL_Buffers.
 */
#include "CLuaShim.h"

#include <ctype.h>
#include <stddef.h>
#include <string.h>

#include <lauxlib.h>

#define PAT_ESC '%'                  /* escape character of patterns and replacements */
#define PAT_SPECIALS "^$*+?.([%-"    /* a pattern without these is searched for literally */
#define PAT_MAXCAPTURES 32           /* captures one pattern may open (Lua's LUA_MAXCAPTURES) */
#define PAT_MAXDEPTH 200             /* nested matcher calls (Lua's MAXCCALLS) */
#define PAT_CHARGE_EVERY 1000        /* pending steps that trigger a charge */
#define PAT_BYTES_PER_STEP 32        /* bytes of memchr/memcmp work that cost one step */

#define CAP_OPEN (-1)                /* length of a capture that is not closed yet */
#define CAP_POSITION (-2)            /* length of a position capture "()" */

#define uchar(c) ((unsigned char)(c))

/* Steps of work done but not charged yet, and where to charge them. */
typedef struct Tally {
    lua_State *L;       /* the running thread: the one to charge (and to raise errors on) */
    long pending;       /* steps not charged yet */
    int armed;          /* whether L runs under Hub's instruction budget */
} Tally;

/* The state of one match attempt over one subject with one pattern. */
typedef struct Matcher {
    Tally tally;
    const char *subject;        /* first byte of the subject */
    const char *subject_end;    /* one past its last byte */
    const char *pattern_end;    /* one past the pattern's last byte (a Lua string's '\0') */
    int depth;                  /* nested matcher calls still allowed */
    int level;                  /* captures opened so far */
    struct {
        const char *start;
        ptrdiff_t len;          /* a length, CAP_OPEN or CAP_POSITION */
    } capture[PAT_MAXCAPTURES];
} Matcher;

/* ---------------------------------------------------------------------------------------------
 * The budget
 * ------------------------------------------------------------------------------------------- */

/* Whether thread L runs under Hub's instruction budget: its state was created by hub_newstate
   (so hub_budget_charge can find its limits; a plain luaL_newstate has none) and the thread has
   the budget's count hook. A thread without the hook runs its Lua code unbudgeted, and so does
   its pattern matching. */
static int budget_armed(lua_State *L) {
    void *ud = NULL;
    if (lua_getallocf(L, &ud) != hub_alloc) return 0;
    return lua_gethook(L) != NULL && (lua_gethookmask(L) & LUA_MASKCOUNT) != 0;
}

/* Starts counting for a call running on thread L. */
static void tally_start(Tally *t, lua_State *L) {
    t->L = L;
    t->pending = 0;
    t->armed = budget_armed(L);
}

/* [-0, +0, v] Charges the pending steps; raises when the budget runs out. */
static void tally_flush(Tally *t) {
    long steps = t->pending;
    if (steps == 0) return;
    t->pending = 0;
    if (t->armed) hub_budget_charge(t->L, steps);
}

/* [-0, +0, v] Counts `steps` steps, charging them once 1000 have accumulated. */
static void tally_add(Tally *t, long steps) {
    t->pending += steps;
    if (t->pending >= PAT_CHARGE_EVERY) tally_flush(t);
}

/* Counts one step (the common case, kept cheap). */
#define tally_step(t) tally_add((t), 1)

/* ---------------------------------------------------------------------------------------------
 * Helpers shared by the four functions
 * ------------------------------------------------------------------------------------------- */

/* Turns a 1-based, possibly negative, string position into a 1-based offset: negative positions
   count from the end, 0 and positions before the start clamp to 1. Results may exceed len + 1. */
static size_t start_position(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos;
    if (pos == 0) return 1;
    if (pos < -(lua_Integer)len) return 1;
    return len + (size_t)pos + 1;
}

/* Whether the len bytes at p contain a pattern special character ('\0' is not special). */
static int has_specials(const char *p, size_t len) {
    size_t i;
    for (i = 0; i < len; i++) {
        if (p[i] != '\0' && strchr(PAT_SPECIALS, p[i]) != NULL) return 1;
    }
    return 0;
}

/* Finds the first occurrence of needle (nlen bytes) in hay (hlen bytes), or NULL; an empty needle
   is found at hay. Charges one step per candidate position plus the bytes scanned and compared. */
static const char *plain_find(Tally *t, const char *hay, size_t hlen, const char *needle,
                              size_t nlen) {
    const char *scan, *end;
    if (nlen == 0) return hay;
    if (nlen > hlen) return NULL;
    scan = hay;
    end = hay + (hlen - nlen) + 1; /* candidates start before end */
    while (scan < end) {
        const char *hit = memchr(scan, needle[0], (size_t)(end - scan));
        if (hit == NULL) {
            tally_add(t, 1 + (long)((end - scan) / PAT_BYTES_PER_STEP));
            return NULL;
        }
        tally_add(t, 1 + (long)((hit - scan) / PAT_BYTES_PER_STEP) +
                         (long)(nlen / PAT_BYTES_PER_STEP));
        if (memcmp(hit + 1, needle + 1, nlen - 1) == 0) return hit;
        scan = hit + 1;
    }
    return NULL;
}

/* ---------------------------------------------------------------------------------------------
 * Single-character items: '.', %x classes, [sets] and literal bytes
 * ------------------------------------------------------------------------------------------- */

/* Whether byte c belongs to the class %cl. Lower-case class letters name a <ctype.h> class (or,
   for %z, the byte 0), upper-case ones its complement; any other cl (e.g. the '.' of "%.")
   stands for itself. */
static int class_has(int c, int cl) {
    int in;
    switch (tolower(cl)) {
        case 'a': in = isalpha(c); break;
        case 'c': in = iscntrl(c); break;
        case 'd': in = isdigit(c); break;
        case 'g': in = isgraph(c); break;
        case 'l': in = islower(c); break;
        case 'p': in = ispunct(c); break;
        case 's': in = isspace(c); break;
        case 'u': in = isupper(c); break;
        case 'w': in = isalnum(c); break;
        case 'x': in = isxdigit(c); break;
        case 'z': in = (c == 0); break; /* deprecated in the manual, still in the library */
        default: return cl == c;
    }
    return isupper(cl) ? !in : in != 0;
}

/* Whether byte c belongs to the set whose '[' is at p and whose closing ']' is at close.
   Inside, "%x" is a class or an escaped byte, "a-z" a range, '^' first a complement. */
static int set_has(int c, const char *p, const char *close) {
    int found = 1;                              /* what to answer when c is listed */
    p++;                                        /* skip '[' */
    if (*p == '^') {
        found = 0;
        p++;
    }
    for (; p < close; p++) {
        if (*p == PAT_ESC) {
            p++;
            if (class_has(c, uchar(*p))) return found;
        } else if (p[1] == '-' && p + 2 < close) {
            if (uchar(p[0]) <= c && c <= uchar(p[2])) return found;
            p += 2;
        } else if (uchar(*p) == c) {
            return found;
        }
    }
    return !found;
}

/* Returns the end of the single-character item at p (one past it); raises for a '%' that ends
   the pattern or a '[' set without its ']'. The first byte of a set (after any '^') is always a
   member, so "[]]" is the set of ']'. */
static const char *item_end(Matcher *m, const char *p) {
    switch (*p++) {
        case PAT_ESC:
            if (p == m->pattern_end) luaL_error(m->tally.L, "malformed pattern (ends with '%%')");
            return p + 1;
        case '[':
            if (*p == '^') p++;
            do {
                if (p == m->pattern_end) luaL_error(m->tally.L, "malformed pattern (missing ']')");
                if (*p++ == PAT_ESC && p < m->pattern_end) p++; /* "%]" does not close */
            } while (*p != ']');
            return p + 1;
        default:
            return p;
    }
}

/* Whether the item at p (ending at ep) matches the subject byte at s; never past the subject. */
static int item_matches(Matcher *m, const char *s, const char *p, const char *ep) {
    int c;
    if (s >= m->subject_end) return 0;
    c = uchar(*s);
    switch (*p) {
        case '.': return 1;
        case PAT_ESC: return class_has(c, uchar(p[1]));
        case '[': return set_has(c, p, ep - 1);
        default: return uchar(*p) == c;
    }
}

/* ---------------------------------------------------------------------------------------------
 * The matcher
 * ------------------------------------------------------------------------------------------- */

static const char *match_here(Matcher *m, const char *s, const char *p);

/* Matches a '%b' item (its two delimiter bytes at p) at s: returns the end of the balanced run,
   or NULL. Each byte scanned is a step. */
static const char *match_balance(Matcher *m, const char *s, const char *p) {
    int open, close, depth = 1;
    if (p >= m->pattern_end - 1)
        luaL_error(m->tally.L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->subject_end || *s != *p) return NULL;
    open = *p;
    close = p[1];
    while (++s < m->subject_end) {
        tally_step(&m->tally);
        if (*s == close) {
            if (--depth == 0) return s + 1;
        } else if (*s == open) {
            depth++;
        }
    }
    return NULL;
}

/* Matches the longest run of the item at p (ending at ep, followed by '*' or '+') starting at s
   that lets the rest of the pattern (after ep) match, giving back one byte at a time. */
static const char *match_greedy(Matcher *m, const char *s, const char *p, const char *ep) {
    ptrdiff_t n = 0;
    while (item_matches(m, s + n, p, ep)) {
        tally_step(&m->tally);
        n++;
    }
    for (; n >= 0; n--) {
        const char *end;
        tally_step(&m->tally);
        end = match_here(m, s + n, ep + 1);
        if (end != NULL) return end;
    }
    return NULL;
}

/* Matches the shortest run of the item at p (ending at ep, followed by '-') starting at s that
   lets the rest of the pattern match, taking one more byte at a time. */
static const char *match_lazy(Matcher *m, const char *s, const char *p, const char *ep) {
    for (;;) {
        const char *end;
        tally_step(&m->tally);
        end = match_here(m, s, ep + 1);
        if (end != NULL) return end;
        if (!item_matches(m, s, p, ep)) return NULL;
        s++;
    }
}

/* Opens capture number m->level at s (a position capture when len is CAP_POSITION) and matches
   the rest of the pattern from p; the capture is dropped again if that fails. */
static const char *open_capture(Matcher *m, const char *s, const char *p, ptrdiff_t len) {
    const char *end;
    if (m->level >= PAT_MAXCAPTURES) luaL_error(m->tally.L, "too many captures");
    m->capture[m->level].start = s;
    m->capture[m->level].len = len;
    m->level++;
    end = match_here(m, s, p);
    if (end == NULL) m->level--;
    return end;
}

/* Closes the innermost open capture at s and matches the rest of the pattern from p; the
   capture is reopened if that fails. Raises when no capture is open. */
static const char *close_capture(Matcher *m, const char *s, const char *p) {
    int i;
    const char *end;
    for (i = m->level - 1; i >= 0; i--) {
        if (m->capture[i].len == CAP_OPEN) break;
    }
    if (i < 0) luaL_error(m->tally.L, "invalid pattern capture");
    m->capture[i].len = s - m->capture[i].start;
    end = match_here(m, s, p);
    if (end == NULL) m->capture[i].len = CAP_OPEN;
    return end;
}

/* Matches back-reference %digit at s: the text of that (closed) capture again. Returns the end,
   or NULL; a position capture never matches. Raises for a capture that does not exist (yet). */
static const char *match_backref(Matcher *m, const char *s, int digit) {
    int i = digit - '1';
    ptrdiff_t len;
    if (i < 0 || i >= m->level || m->capture[i].len == CAP_OPEN)
        luaL_error(m->tally.L, "invalid capture index %%%d", i + 1);
    len = m->capture[i].len;
    if (len < 0 || m->subject_end - s < len) return NULL; /* a position, or too long */
    tally_add(&m->tally, (long)(len / PAT_BYTES_PER_STEP));
    if (memcmp(m->capture[i].start, s, (size_t)len) != 0) return NULL;
    return s + len;
}

/* Matches the pattern from p against the subject from s: returns the end of the match, or NULL.
   Items that can only match one way continue in the loop; choices (captures, repetitions, '?')
   recurse, at most PAT_MAXDEPTH deep. */
static const char *match_here(Matcher *m, const char *s, const char *p) {
    if (m->depth-- == 0) luaL_error(m->tally.L, "pattern too complex");
    while (p != m->pattern_end) {
        const char *ep;
        tally_step(&m->tally);
        switch (*p) {
            case '(':
                if (p[1] == ')')
                    s = open_capture(m, s, p + 2, CAP_POSITION);
                else
                    s = open_capture(m, s, p + 1, CAP_OPEN);
                goto done;
            case ')':
                s = close_capture(m, s, p + 1);
                goto done;
            case '$':
                if (p + 1 == m->pattern_end) { /* anchor at the end of the pattern */
                    if (s != m->subject_end) s = NULL;
                    goto done;
                }
                break; /* elsewhere a literal '$' */
            case PAT_ESC:
                switch (p[1]) {
                    case 'b':
                        s = match_balance(m, s, p + 2);
                        if (s == NULL) goto done;
                        p += 4;
                        continue;
                    case 'f': {
                        /* frontier: the byte before s is not in the set, the byte at s is (the
                           subject's edges count as '\0') */
                        int before, at;
                        p += 2;
                        if (*p != '[') luaL_error(m->tally.L, "missing '[' after '%%f' in pattern");
                        ep = item_end(m, p);
                        before = (s == m->subject) ? '\0' : uchar(s[-1]);
                        at = (s < m->subject_end) ? uchar(*s) : '\0';
                        if (set_has(before, p, ep - 1) || !set_has(at, p, ep - 1)) {
                            s = NULL;
                            goto done;
                        }
                        p = ep;
                        continue;
                    }
                    case '0': case '1': case '2': case '3': case '4':
                    case '5': case '6': case '7': case '8': case '9':
                        s = match_backref(m, s, uchar(p[1]));
                        if (s == NULL) goto done;
                        p += 2;
                        continue;
                    default:
                        break; /* a class or an escaped byte */
                }
                break;
            default:
                break;
        }
        /* A single-character item, possibly followed by a repetition suffix. */
        ep = item_end(m, p);
        if (!item_matches(m, s, p, ep)) {
            if (*ep == '*' || *ep == '?' || *ep == '-') { /* zero repetitions are fine */
                p = ep + 1;
                continue;
            }
            s = NULL;
            goto done;
        }
        switch (*ep) {
            case '?': {
                const char *end = match_here(m, s + 1, ep + 1);
                if (end != NULL) {
                    s = end;
                    goto done;
                }
                p = ep + 1; /* without the optional byte */
                continue;
            }
            case '+':
                s = match_greedy(m, s + 1, p, ep);
                goto done;
            case '*':
                s = match_greedy(m, s, p, ep);
                goto done;
            case '-':
                s = match_lazy(m, s, p, ep);
                goto done;
            default:
                s++;
                p = ep;
                continue;
        }
    }
done:
    m->depth++;
    return s;
}

/* Prepares m for matching pattern p (plen bytes) against subject s (slen bytes) on thread L. */
static void matcher_init(Matcher *m, lua_State *L, const char *s, size_t slen, const char *p,
                         size_t plen) {
    tally_start(&m->tally, L);
    m->subject = s;
    m->subject_end = s + slen;
    m->pattern_end = p + plen;
    m->depth = PAT_MAXDEPTH;
    m->level = 0;
}

/* Resets m before a match attempt at a new start position (and counts that position). */
static void matcher_reset(Matcher *m) {
    m->level = 0;
    m->depth = PAT_MAXDEPTH;
    tally_step(&m->tally);
}

/* ---------------------------------------------------------------------------------------------
 * Captures as Lua values
 * ------------------------------------------------------------------------------------------- */

/* Finds capture i of the match s..e: sets *start and returns its length, or returns CAP_POSITION
   after pushing the position. Capture 0 is the whole match when the pattern has no captures.
   [-0, +(0|1), v] */
static ptrdiff_t capture_text(Matcher *m, int i, const char *s, const char *e,
                              const char **start) {
    ptrdiff_t len;
    if (i >= m->level) {
        if (i != 0) luaL_error(m->tally.L, "invalid capture index %%%d", i + 1);
        *start = s;
        return e - s;
    }
    len = m->capture[i].len;
    *start = m->capture[i].start;
    if (len == CAP_OPEN) luaL_error(m->tally.L, "unfinished capture");
    if (len == CAP_POSITION)
        lua_pushinteger(m->tally.L, (lua_Integer)(m->capture[i].start - m->subject) + 1);
    return len;
}

/* [-0, +1, v] Pushes capture i of the match s..e (a string, or an integer position). */
static void push_capture(Matcher *m, int i, const char *s, const char *e) {
    const char *start;
    ptrdiff_t len = capture_text(m, i, s, e, &start);
    if (len != CAP_POSITION) lua_pushlstring(m->tally.L, start, (size_t)len);
}

/* [-0, +n, v] Pushes all captures of the match s..e and returns how many: the whole match when
   the pattern has none and s is not NULL (find passes NULL: it returns the bounds instead). */
static int push_captures(Matcher *m, const char *s, const char *e) {
    int i, n = (m->level == 0 && s != NULL) ? 1 : m->level;
    luaL_checkstack(m->tally.L, n, "too many captures");
    for (i = 0; i < n; i++) push_capture(m, i, s, e);
    return n;
}

/* ---------------------------------------------------------------------------------------------
 * string.find and string.match
 * ------------------------------------------------------------------------------------------- */

/* string.find (s, pattern [, init [, plain]]) and string.match (s, pattern [, init]). find
   returns the bounds of the first match and its captures; match returns the captures (or the
   whole match). Both return fail (nil) when nothing matches. */
static int find_or_match(lua_State *L, int find) {
    size_t slen, plen;
    const char *s = luaL_checklstring(L, 1, &slen);
    const char *p = luaL_checklstring(L, 2, &plen);
    size_t init = start_position(luaL_optinteger(L, 3, 1), slen) - 1;
    if (init > slen) { /* starts after the end: nothing can match */
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || !has_specials(p, plen))) {
        Tally tally;
        const char *hit;
        tally_start(&tally, L);
        hit = plain_find(&tally, s + init, slen - init, p, plen);
        tally_flush(&tally);
        if (hit != NULL) {
            lua_pushinteger(L, (lua_Integer)(hit - s) + 1);
            lua_pushinteger(L, (lua_Integer)(hit - s) + (lua_Integer)plen);
            return 2;
        }
    } else {
        Matcher m;
        const char *from = s + init;
        int anchored = (*p == '^');
        if (anchored) {
            p++;
            plen--;
        }
        matcher_init(&m, L, s, slen, p, plen);
        do {
            const char *end;
            matcher_reset(&m);
            end = match_here(&m, from, p);
            if (end != NULL) {
                tally_flush(&m.tally);
                if (find) {
                    lua_pushinteger(L, (lua_Integer)(from - s) + 1);
                    lua_pushinteger(L, (lua_Integer)(end - s));
                    return push_captures(&m, NULL, NULL) + 2;
                }
                return push_captures(&m, from, end);
            }
        } while (from++ < m.subject_end && !anchored);
        tally_flush(&m.tally);
    }
    luaL_pushfail(L);
    return 1;
}

/* string.find: see find_or_match. */
static int pattern_find(lua_State *L) { return find_or_match(L, 1); }

/* string.match: see find_or_match. */
static int pattern_match(lua_State *L) { return find_or_match(L, 0); }

/* ---------------------------------------------------------------------------------------------
 * string.gmatch
 * ------------------------------------------------------------------------------------------- */

/* The state of a gmatch iterator, kept in a userdata (its third upvalue). */
typedef struct Iteration {
    const char *next;       /* where the next search starts */
    const char *pattern;
    const char *last_end;   /* end of the last match: no empty match may end there again */
    Matcher m;
} Iteration;

/* The gmatch iterator (upvalues: subject, pattern, Iteration): returns the captures of the next
   match, or nothing at the end. A match that ends where the previous one ended (an empty match
   right after a match) is skipped. */
static int gmatch_next(lua_State *L) {
    Iteration *it = (Iteration *)lua_touserdata(L, lua_upvalueindex(3));
    const char *from;
    tally_start(&it->m.tally, L); /* the iterator may run on another thread each time */
    for (from = it->next; from <= it->m.subject_end; from++) {
        const char *end;
        matcher_reset(&it->m);
        end = match_here(&it->m, from, it->pattern);
        if (end != NULL && end != it->last_end) {
            it->next = it->last_end = end;
            tally_flush(&it->m.tally);
            return push_captures(&it->m, from, end);
        }
    }
    tally_flush(&it->m.tally);
    return 0;
}

/* string.gmatch (s, pattern [, init]): returns an iterator over the matches of pattern in s from
   init. A leading '^' is an ordinary byte here (an anchor would stop the iteration). */
static int pattern_gmatch(lua_State *L) {
    size_t slen, plen;
    const char *s = luaL_checklstring(L, 1, &slen);
    const char *p = luaL_checklstring(L, 2, &plen);
    size_t init = start_position(luaL_optinteger(L, 3, 1), slen) - 1;
    Iteration *it;
    lua_settop(L, 2); /* the closure keeps subject and pattern alive */
    it = (Iteration *)lua_newuserdatauv(L, sizeof(Iteration), 0);
    if (init > slen) init = slen + 1; /* past the end: the iterator finds nothing */
    matcher_init(&it->m, L, s, slen, p, plen);
    it->next = s + init;
    it->pattern = p;
    it->last_end = NULL;
    lua_pushcclosure(L, gmatch_next, 3);
    return 1;
}

/* ---------------------------------------------------------------------------------------------
 * string.gsub
 * ------------------------------------------------------------------------------------------- */

/* Appends replacement string repl (argument 3) for the match s..e to b: "%0" is the whole match,
   "%1".."%9" a capture, "%%" a '%'; any other '%' raises. */
static void add_template(Matcher *m, luaL_Buffer *b, const char *s, const char *e) {
    lua_State *L = m->tally.L;
    size_t len;
    const char *repl = lua_tolstring(L, 3, &len);
    const char *esc;
    while ((esc = memchr(repl, PAT_ESC, len)) != NULL) {
        luaL_addlstring(b, repl, (size_t)(esc - repl));
        esc++; /* the byte after '%' (the string's '\0' if the '%' is last) */
        if (*esc == PAT_ESC) {
            luaL_addchar(b, PAT_ESC);
        } else if (*esc == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit(uchar(*esc))) {
            const char *start;
            ptrdiff_t clen = capture_text(m, *esc - '1', s, e, &start);
            if (clen == CAP_POSITION)
                luaL_addvalue(b); /* the position capture_text pushed */
            else
                luaL_addlstring(b, start, (size_t)clen);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", PAT_ESC);
        }
        len -= (size_t)(esc + 1 - repl);
        repl = esc + 1;
    }
    luaL_addlstring(b, repl, len);
}

/* Appends the replacement of the match s..e to b, according to the type tr of argument 3: a
   string template, a table indexed by the first capture, or a function called with all captures.
   A false or nil table value or function result keeps the match. Returns whether the text
   changed (conservatively: always, for templates). */
static int add_replacement(Matcher *m, luaL_Buffer *b, const char *s, const char *e, int tr) {
    lua_State *L = m->tally.L;
    if (tr == LUA_TFUNCTION) {
        int n;
        tally_flush(&m->tally); /* charge the matching before running Lua code */
        lua_pushvalue(L, 3);
        n = push_captures(m, s, e);
        lua_call(L, n, 1);
    } else if (tr == LUA_TTABLE) {
        tally_flush(&m->tally); /* __index may run Lua code */
        push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        add_template(m, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) { /* nil or false: keep the original text */
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1))
        return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

/* string.gsub (s, pattern, repl [, n]): returns a copy of s with (the first n) matches replaced
   by repl, and the number of matches. A leading '^' anchors the pattern at the start. An empty
   match right where the previous match ended is skipped. */
static int pattern_gsub(lua_State *L) {
    size_t slen, plen;
    const char *src = luaL_checklstring(L, 1, &slen);
    const char *p = luaL_checklstring(L, 2, &plen);
    const char *last_end = NULL;
    int tr = lua_type(L, 3);
    lua_Integer max = luaL_optinteger(L, 4, (lua_Integer)slen + 1);
    int anchored = (*p == '^');
    lua_Integer n = 0;
    int changed = 0;
    Matcher m;
    luaL_Buffer b;
    luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION ||
                            tr == LUA_TTABLE,
                     3, "string/function/table");
    luaL_buffinit(L, &b);
    if (anchored) {
        p++;
        plen--;
    }
    matcher_init(&m, L, src, slen, p, plen);
    while (n < max) {
        const char *end;
        matcher_reset(&m);
        end = match_here(&m, src, p);
        if (end != NULL && end != last_end) { /* a match */
            n++;
            changed = add_replacement(&m, &b, src, end, tr) | changed;
            src = last_end = end;
        } else if (src < m.subject_end) { /* no match here: keep one byte */
            luaL_addchar(&b, *src++);
        } else {
            break;
        }
        if (anchored) break;
    }
    tally_flush(&m.tally);
    if (!changed) {
        lua_pushvalue(L, 1); /* nothing replaced: the original string */
    } else {
        luaL_addlstring(&b, src, (size_t)(m.subject_end - src));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, n);
    return 2;
}

/* ---------------------------------------------------------------------------------------------
 * Opening
 * ------------------------------------------------------------------------------------------- */

/* [-0, +0, m] Replaces find, match, gmatch and gsub in the global string library table (also the
   string metatable's __index, so method calls use them too). Raises if the library is not open. */
int hub_openpatterns(lua_State *L) {
    static const luaL_Reg functions[] = {
        {"find", pattern_find},
        {"match", pattern_match},
        {"gmatch", pattern_gmatch},
        {"gsub", pattern_gsub},
        {NULL, NULL},
    };
    if (lua_getglobal(L, "string") != LUA_TTABLE)
        return luaL_error(L, "hub_openpatterns: the string library is not open");
    luaL_setfuncs(L, functions, 0);
    lua_pop(L, 1);
    return 0;
}
