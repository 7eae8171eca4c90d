/*
 * shim.h: the Lua 5.4 C API as Swift sees it.
 *
 * Swift cannot import function-like macros or variadic functions, so the ones Hub needs are
 * re-exposed here as static inline functions with the same meaning. Markers in brackets follow
 * the Lua manual: [-pop, +push, raises]; "-" never raises, "m" only on memory errors.
 */
#ifndef HUB_CLUA_SHIM_H
#define HUB_CLUA_SHIM_H

#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

/* The registry pseudo-index (LUA_REGISTRYINDEX is a macro expression Swift cannot import). */
static const int CLUA_REGISTRYINDEX = LUA_REGISTRYINDEX;

/* [-n, +0, -] Pops n values. */
static inline void clua_pop(lua_State *L, int n) { lua_settop(L, -(n) - 1); }

/* [-0, +1, m] Pushes a new empty table. */
static inline void clua_newtable(lua_State *L) { lua_createtable(L, 0, 0); }

/* [-0, +0, -] The pseudo-index of upvalue i of the running C function. */
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }

/* [-(nargs+1), +(nresults|1), -] Protected call; never raises. */
static inline int clua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcallk(L, nargs, nresults, msgh, 0, NULL);
}

/* [-0, +0, -] Whether the value at idx is nil / none / a table / a function. */
static inline int clua_isnoneornil(lua_State *L, int idx) { return lua_type(L, idx) <= 0; }

/* [-0, +0, -] Runs a garbage collector command without arguments (lua_gc is variadic). */
static inline int clua_gc(lua_State *L, int what) { return lua_gc(L, what, 0); }

/* [-0, +1, m] Pushes a new full userdata of the given size with no user values. */
static inline void *clua_newuserdata(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 0); }

/* [-0, +0, -] Moves the top element into position idx (lua_insert). */
static inline void clua_insert(lua_State *L, int idx) { lua_rotate(L, idx, 1); }

/* [-1, +0, -] Removes the element at idx (lua_remove). */
static inline void clua_remove(lua_State *L, int idx) { lua_rotate(L, idx, -1); lua_settop(L, -2); }

#endif
