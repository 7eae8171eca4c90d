/*
 * metered.c: the standard library functions whose C loops do work that neither the count hook
 * (which sees VM instructions) nor the allocator (which sees bytes allocated) can measure,
 * replaced by versions that charge that work to the instruction budget before doing it. Without
 * them one call could run for hours: `string.rep("", 2^40)` copies nothing 2^40 times, and
 * `table.move({}, 1, 2^40, 1)` moves 2^40 nils.
 *
 * | function            | charged                                                     |
 * |---------------------|-------------------------------------------------------------|
 * | string.rep(s, n)    | n/4 (one copy is about a quarter of an instruction's work); |
 * |                     | n copies of "" are "" at once                               |
 * | table.move          | one per element, as it is moved                             |
 * | table.insert/remove | one per element, as it is shifted                           |
 * | table.sort          | 2 n log2 n (Lua comparators count their own instructions)   |
 * | utf8.len, offset    | one per 2 bytes scanned                                     |
 * | load                | one per 4 bytes of source (the lexer skips comments without |
 * |                     | allocating)                                                 |
 *
 * Bytes allocated are charged by the allocator (shim.c), so the functions that build strings
 * (string.upper, table.concat, `..`) need nothing here.
 *
 * A wrapper checks its arguments the way the original does, with the same messages, before it
 * calls the original (its first upvalue), so every argument error is raised from the wrapper's
 * own frame: named as the script called it, with `self` counted as Lua counts it. The original
 * is then left only errors that name no function; those it raises with luaL_error lose the
 * script's line (only table.sort's "invalid order function for sorting" is left: Hub finds the
 * line in the traceback). string.rep and utf8.offset are written here in full instead, so
 * that their own errors name the script's line, and so are table.move, table.insert and
 * table.remove, which charge each element as they go (their metamethods may raise at any one,
 * and a script's pcall must catch that as Lua's would, not a budget error for the elements never
 * reached); the length insert and remove shift by may come from a `__len` metamethod that must
 * run once per call.
 */
#include "CLuaShim.h"

#include <limits.h>
#include <string.h>

#include <lauxlib.h>

#define COPIES_PER_INSTRUCTION 4       /* string.rep copies charged as one instruction */
#define INSTRUCTIONS_PER_COMPARISON 2  /* what one comparison of table.sort is charged */
#define UTF8_BYTES_PER_INSTRUCTION 2   /* bytes utf8's functions decode in an instruction's time */
#define SOURCE_BYTES_PER_INSTRUCTION 4 /* bytes of source the lexer reads in an instruction's time */
#define REP_MAX_BYTES ((size_t)INT_MAX) /* the longest string Lua's string library builds */

/* What a table argument must allow, as table functions ask it (Lua's TAB_R/W/L). */
enum { NEEDS_READ = 1, NEEDS_WRITE = 2, NEEDS_LENGTH = 4 };

/* [-0, +0, v] Checks that argument `arg` is a table, or has a metatable whose metamethods give
   the access `needs` asks for; raises "table expected" otherwise, as Lua's table library does. */
static void check_table(lua_State *L, int arg, int needs) {
    static const struct { int need; const char *event; } events[] = {
        {NEEDS_READ, "__index"}, {NEEDS_WRITE, "__newindex"}, {NEEDS_LENGTH, "__len"}};
    int ok = 1;
    size_t i;
    if (lua_type(L, arg) == LUA_TTABLE) return;
    if (!lua_getmetatable(L, arg)) luaL_checktype(L, arg, LUA_TTABLE);
    for (i = 0; i < sizeof events / sizeof events[0] && ok; i++) {
        if (needs & events[i].need) {
            lua_pushstring(L, events[i].event);
            ok = lua_rawget(L, -2) != LUA_TNIL;
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    if (!ok) luaL_checktype(L, arg, LUA_TTABLE);
}

/* [-0, +0, v] Charges `cost` instructions, saturating instead of overflowing. */
static void charge(lua_State *L, lua_Integer cost) {
    if (cost > 0) hub_budget_charge(L, cost > (lua_Integer)LONG_MAX ? LONG_MAX : (long)cost);
}

/* [-n, +r, e] Calls the original function (upvalue 1) with the call's arguments and returns
   what it returns. */
static int call_original(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* Whether `bytes` more bytes fit under the memory limit: a string that does not fit fails with
   "not enough memory" before any copying, and is not charged for copies it never makes. */
static int fits_in_memory(lua_State *L, double bytes) {
    void *ud = NULL;
    const hub_limits *limits;
    if (lua_getallocf(L, &ud) != hub_alloc) return 1; /* a state without Hub's limits */
    limits = (const hub_limits *)ud;
    if (limits->limit == 0) return 1;
    return bytes <= (double)limits->limit - (double)(limits->used + limits->host_used);
}

/* string.rep(s, n [, sep]), written here in full so that its own error ("resulting string too
   large") is raised from this frame, at the script's line. */
static int metered_rep(lua_State *L) {
    size_t length, separator_length, unit, total;
    const char *text = luaL_checklstring(L, 1, &length);
    lua_Integer copies = luaL_checkinteger(L, 2);
    const char *separator = luaL_optlstring(L, 3, "", &separator_length);
    luaL_Buffer buffer;
    char *end;
    unit = length + separator_length;
    if (copies <= 0 || unit == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    if (unit < length || unit > REP_MAX_BYTES / (size_t)copies) return luaL_error(L, "resulting string too large");
    total = (size_t)copies * length + (size_t)(copies - 1) * separator_length;
    if (fits_in_memory(L, (double)total)) charge(L, copies / COPIES_PER_INSTRUCTION);
    end = luaL_buffinitsize(L, &buffer, total);
    for (; copies > 1; copies--) {
        memcpy(end, text, length);
        end += length;
        memcpy(end, separator, separator_length);
        end += separator_length;
    }
    memcpy(end, text, length);
    luaL_pushresultsize(&buffer, total);
    return 1;
}

/* [-0, +0, e] Sets t[to] = s[from] (metamethods included), charging one instruction first. */
static void move_element(lua_State *L, int source, lua_Integer from, int destination, lua_Integer to) {
    charge(L, 1);
    lua_geti(L, source, from);
    lua_seti(L, destination, to);
}

/* table.move(a1, f, e, t [, a2]), written here in full so that each element is charged as it is
   moved: a metamethod that raises at the first one is caught by the script's pcall, as in Lua,
   instead of the whole range running out the budget first. Moves in Lua's order (backwards when
   the ranges overlap in the same table). */
static int metered_move(lua_State *L) {
    lua_Integer first = luaL_checkinteger(L, 2);
    lua_Integer last = luaL_checkinteger(L, 3);
    lua_Integer to = luaL_checkinteger(L, 4);
    int destination = lua_isnoneornil(L, 5) ? 1 : 5;
    check_table(L, 1, NEEDS_READ);
    check_table(L, destination, NEEDS_WRITE);
    if (last >= first) {
        lua_Integer count, i;
        luaL_argcheck(L, first > 0 || last < LUA_MAXINTEGER + first, 3, "too many elements to move");
        count = last - first + 1;
        luaL_argcheck(L, to <= LUA_MAXINTEGER - count + 1, 4, "destination wrap around");
        if (to > last || to <= first || (destination != 1 && !lua_compare(L, 1, destination, LUA_OPEQ))) {
            for (i = 0; i < count; i++) move_element(L, 1, first + i, destination, to + i);
        } else {
            for (i = count - 1; i >= 0; i--) move_element(L, 1, first + i, destination, to + i);
        }
    }
    lua_pushvalue(L, destination);
    return 1;
}

/* table.insert(list, [pos,] value): shifts list[pos..#list] up by one and sets list[pos]. */
static int metered_insert(lua_State *L) {
    lua_Integer end, pos, i;
    check_table(L, 1, NEEDS_READ | NEEDS_WRITE | NEEDS_LENGTH);
    end = (lua_Integer)((lua_Unsigned)luaL_len(L, 1) + 1u); /* the first free position */
    switch (lua_gettop(L)) {
    case 2:
        pos = end;
        break;
    case 3:
        pos = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)end, 2, "position out of bounds");
        for (i = end; i > pos; i--) move_element(L, 1, i - 1, 1, i);
        break;
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

/* table.remove(list [, pos]): returns list[pos], shifting list[pos+1..#list] down by one. */
static int metered_remove(lua_State *L) {
    lua_Integer size, pos;
    check_table(L, 1, NEEDS_READ | NEEDS_WRITE | NEEDS_LENGTH);
    size = luaL_len(L, 1);
    pos = luaL_optinteger(L, 2, size);
    if (pos != size) {
        /* Lua 5.4.4 blames argument 1 for a bad position here; say what the system's Lua says. */
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 1, "position out of bounds");
    }
    lua_geti(L, 1, pos);
    for (; pos < size; pos++) move_element(L, 1, pos + 1, 1, pos);
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

/* table.sort(list [, comp]). For a list whose length comes from `__len`, which must run once
   per call, the original checks the arguments (naming the function '?' in its errors) and
   nothing is charged beyond what the comparisons and metamethods run in Lua. */
static int metered_sort(lua_State *L) {
    lua_Integer n, bits = 0;
    check_table(L, 1, NEEDS_READ | NEEDS_WRITE | NEEDS_LENGTH);
    if (lua_type(L, 1) != LUA_TTABLE) return call_original(L);
    if (luaL_getmetafield(L, 1, "__len") != LUA_TNIL) {
        lua_pop(L, 1);
        return call_original(L);
    }
    n = (lua_Integer)lua_rawlen(L, 1);
    if (n > 1) {
        luaL_argcheck(L, n < INT_MAX, 1, "array too big");
        if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
        while ((n >> bits) > 1) bits++;
        charge(L, n * (bits + 1) * INSTRUCTIONS_PER_COMPARISON);
    }
    return call_original(L);
}

/* Turns a relative string position (negative: from the end) into an absolute one, 0 when it
   falls before the start, as utf8's functions do. */
static lua_Integer absolute_position(lua_Integer pos, size_t length) {
    if (pos >= 0) return pos;
    if (0u - (size_t)pos > length) return 0;
    return (lua_Integer)length + pos + 1;
}

/* utf8.len(s [, i [, j [, lax]]]) */
static int metered_utf8_len(lua_State *L) {
    size_t length;
    lua_Integer first, last;
    luaL_checklstring(L, 1, &length);
    first = absolute_position(luaL_optinteger(L, 2, 1), length);
    last = absolute_position(luaL_optinteger(L, 3, -1), length);
    luaL_argcheck(L, 1 <= first && first - 1 <= (lua_Integer)length, 2, "initial position out of bounds");
    luaL_argcheck(L, last - 1 < (lua_Integer)length, 3, "final position out of bounds");
    charge(L, (last - first + 1) / UTF8_BYTES_PER_INSTRUCTION);
    return call_original(L);
}

/* Whether byte c continues a UTF-8 sequence (10xxxxxx). */
#define IS_CONTINUATION(c) (((unsigned char)(c) & 0xC0) == 0x80)

/* utf8.offset(s, n [, i]), written here in full so that "initial position is a continuation
   byte" names the script's line; charged for the bytes it steps over. */
static int metered_utf8_offset(lua_State *L) {
    size_t length;
    const char *text = luaL_checklstring(L, 1, &length);
    lua_Integer n = luaL_checkinteger(L, 2);
    lua_Integer pos = absolute_position(luaL_optinteger(L, 3, n >= 0 ? 1 : (lua_Integer)length + 1), length);
    lua_Integer start;
    luaL_argcheck(L, 1 <= pos && pos - 1 <= (lua_Integer)length, 3, "position out of bounds");
    start = --pos; /* 0-based from here; text[length] is the '\0' after the string */
    if (n == 0) {
        while (pos > 0 && IS_CONTINUATION(text[pos])) pos--;
    } else if (IS_CONTINUATION(text[pos])) {
        return luaL_error(L, "initial position is a continuation byte");
    } else if (n < 0) {
        for (; n < 0 && pos > 0; n++) {
            do pos--; while (pos > 0 && IS_CONTINUATION(text[pos]));
        }
    } else {
        for (n--; n > 0 && pos < (lua_Integer)length; n--) {
            do pos++; while (IS_CONTINUATION(text[pos]));
        }
    }
    charge(L, (pos > start ? pos - start : start - pos) / UTF8_BYTES_PER_INSTRUCTION);
    if (n == 0) {
        lua_pushinteger(L, pos + 1);
    } else {
        luaL_pushfail(L);
    }
    return 1;
}

/* load(chunk [, chunkname [, mode [, env]]]) */
static int metered_load(lua_State *L) {
    size_t length;
    const char *source = lua_tolstring(L, 1, &length);
    luaL_optstring(L, 3, "bt");
    luaL_optstring(L, 2, "=(load)");
    if (source == NULL) luaL_checktype(L, 1, LUA_TFUNCTION);
    if (source != NULL) charge(L, (lua_Integer)(length / SOURCE_BYTES_PER_INSTRUCTION));
    return call_original(L);
}

/* [-0, +0, m] Replaces each function of `library` (a global table, or the globals themselves for
   NULL) named in `functions` with a closure of its replacement over the original. */
static void wrap(lua_State *L, const char *library, const luaL_Reg *functions) {
    if (library == NULL) {
        lua_pushglobaltable(L);
    } else if (lua_getglobal(L, library) != LUA_TTABLE) {
        luaL_error(L, "hub_openmetered: the %s library is not open", library);
    }
    for (; functions->name != NULL; functions++) {
        lua_getfield(L, -1, functions->name);
        lua_pushcclosure(L, functions->func, 1);
        lua_setfield(L, -2, functions->name);
    }
    lua_pop(L, 1);
}

int hub_openmetered(lua_State *L) {
    static const luaL_Reg string_functions[] = {{"rep", metered_rep}, {NULL, NULL}};
    static const luaL_Reg table_functions[] = {
        {"move", metered_move}, {"insert", metered_insert}, {"remove", metered_remove}, {"sort", metered_sort},
        {NULL, NULL}};
    static const luaL_Reg utf8_functions[] = {{"len", metered_utf8_len}, {"offset", metered_utf8_offset}, {NULL, NULL}};
    static const luaL_Reg base_functions[] = {{"load", metered_load}, {NULL, NULL}};
    wrap(L, "string", string_functions);
    wrap(L, "table", table_functions);
    wrap(L, "utf8", utf8_functions);
    wrap(L, NULL, base_functions);
    return 0;
}
