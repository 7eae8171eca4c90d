#include "CLuaShim.h"

/* Calls from Lua into the host: every bridged Swift function is a closure of hub_trampoline
   over its block. Above the limits (shim.c) and the pending writes (pending.c), which it hands
   over before the host runs; below the classes' metamethods (classes.c), which call it. */

static hub_dispatcher g_dispatcher = NULL;

void hub_set_dispatcher(hub_dispatcher dispatcher) { g_dispatcher = dispatcher; }

int hub_trampoline(lua_State *L) {
    hub_limits *limits = hub_state_limits(L);
    const hub_function_block *block = (const hub_function_block *)lua_touserdata(L, lua_upvalueindex(1));
    if (block == NULL || block->box == NULL) {
        lua_pushliteral(L, "Swift function was released");
        return lua_error(L);
    }
    /* This state's limits are at hand: charging them directly saves looking them up again on
       every host call. */
    if (block->cost > 0) hub_charge(L, limits, block->cost);
    /* Swift sees every write a script made before the call (classes.c). */
    long long begun = hub_host_begin(limits); /* a profile's host time, the flush included */
    if (limits->pending.count > 0) hub_pending_flush(L);
    limits->host++;
    int n = g_dispatcher(L, block->box);
    limits->host--;
    hub_host_end(limits, begun);
    /* A wait in the host that Ctrl-C ended stops the script here, at its line. */
    hub_take_interrupt(L, limits);
    if (n < 0) {
        return lua_error(L); /* the Swift frame has returned: unwinding C and Lua frames only */
    }
    return n;
}
