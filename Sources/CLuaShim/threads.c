/*
 * threads.c: the coroutines Hub resumes itself (an operation's run, an action) cannot be resumed
 * or closed by a script. A script reaches them with coroutine.running(); resuming one from a
 * timer or another operation would hand the run forged values, and resume a run Hub had timed
 * out. Hub marks its threads in a weak-keyed registry table; coroutine.resume and
 * coroutine.close refuse marked threads, with the messages Lua uses for a coroutine that
 * cannot be resumed, and otherwise behave as Lua's own (they check their argument the same way
 * first, so the original never raises an argument error of its own).
 */
#include "CLuaShim.h"

#include <lauxlib.h>

#define OWNED_THREADS "hub.owned_threads"

/* [-0, +0, v] The coroutine argument 1, checked as Lua's coroutine library checks it. */
static lua_State *check_coroutine(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co != NULL, 1, "coroutine");
    return co;
}

/* [-0, +0, -] Whether argument 1 is a thread Hub resumes itself. */
static int is_owned(lua_State *L) {
    int owned;
    lua_getfield(L, LUA_REGISTRYINDEX, OWNED_THREADS);
    lua_pushvalue(L, 1);
    owned = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 2);
    return owned;
}

/* [-n, +r, e] Runs the original function (upvalue 1, a C function of Lua's coroutine library,
   which has no upvalues of its own) in this frame, on the call's arguments. A plain C call, not
   lua_call: a call through Lua would count towards Lua's limit of nested C calls (LUAI_MAXCCALLS,
   200) once more per resume, so nested resumes would stop at half the depth Lua allows. */
static int call_original(lua_State *L) {
    lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
    if (original == NULL) return luaL_error(L, "the coroutine library's function is not a C function");
    return original(L);
}

/* coroutine.resume(co, ...): false and a message for a thread Hub resumes itself. */
static int guarded_resume(lua_State *L) {
    check_coroutine(L);
    if (is_owned(L)) {
        lua_pushboolean(L, 0);
        lua_pushliteral(L, "cannot resume a coroutine that Hub runs (an operation's or an action's)");
        return 2;
    }
    return call_original(L);
}

/* coroutine.close(co): an error for a thread Hub resumes itself. */
static int guarded_close(lua_State *L) {
    check_coroutine(L);
    if (is_owned(L)) return luaL_error(L, "cannot close a coroutine that Hub runs (an operation's or an action's)");
    return call_original(L);
}

int hub_openthreads(lua_State *L) {
    static const luaL_Reg guarded[] = {{"resume", guarded_resume}, {"close", guarded_close}, {NULL, NULL}};
    const luaL_Reg *function;
    lua_newtable(L);
    lua_newtable(L);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_setfield(L, LUA_REGISTRYINDEX, OWNED_THREADS);
    if (lua_getglobal(L, "coroutine") != LUA_TTABLE) return luaL_error(L, "hub_openthreads: the coroutine library is not open");
    for (function = guarded; function->name != NULL; function++) {
        lua_getfield(L, -1, function->name);
        lua_pushcclosure(L, function->func, 1);
        lua_setfield(L, -2, function->name);
    }
    lua_pop(L, 1);
    return 0;
}

void hub_own_thread(lua_State *L) {
    lua_getfield(L, LUA_REGISTRYINDEX, OWNED_THREADS);
    lua_pushvalue(L, -2);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}
