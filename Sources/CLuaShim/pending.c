#include "class_data.h"

/* Deferred writes and staged components waiting for the host: kept alive in a table of the
   registry, handed to Swift's flusher in the order they came. Above the limits (shim.c), which
   it charges; below the trampoline (trampoline.c) and the classes (classes.c), which call it. */

static hub_flusher g_flusher = NULL;

void hub_set_flusher(hub_flusher flusher) { g_flusher = flusher; }

void hub_pending_flush(lua_State *L) {
    hub_limits *limits = hub_state_limits(L);
    hub_pending *pending = &limits->pending;
    if (pending->count == 0 || g_flusher == NULL) return;
    limits->host++; /* allocation does not fail from here on */
    /* Swift may call this anywhere (after a run of Lua): make room for the three values pushed
       here and the four at most the applier pushes (a handle's parent and grandparent, as
       HUB_HANDLE_DEPTH bounds them, and the two of a metatable check). Only a stack at Lua's
       limit has none; the writes then keep waiting. */
    if (!lua_checkstack(L, 7)) {
        limits->host--;
        return;
    }
    long long begun = hub_host_begin(limits); /* a profile's host time: building components */
    int count = pending->count;
    pending->count = 0;
    pending->object = NULL;
    lua_rawgeti(L, LUA_REGISTRYINDEX, pending->anchor);
    for (int at = 1; at <= count; at++) {
        lua_rawgeti(L, -1, at);
        hub_object_block *object = (hub_object_block *)lua_touserdata(L, -1);
        const hub_class_data *data = object != NULL ? object->data : NULL;
        if (data != NULL && data->applier != NULL && data->setter != NULL) {
            unsigned long long written = object->written;
            /* Each write handed over costs what a call of its setter would; coalesced writes to
               one field cost one. Charged without raising: an exhausted budget stops the
               script at its next instruction. */
            hub_budget_debit(L, data->setter->cost * __builtin_popcountll(written));
            g_flusher(L, data->applier->box, lua_gettop(L), written);
            object->written = 0;
            object->staged = 0;
            /* The object may live on (a handle kept in a variable): its user values let go of
               the strings now, as a setter's would have, instead of when the object is
               collected (two collections later for one with a finalizer: the strings would
               pile up in between). */
            for (unsigned long long rest = written; rest != 0; rest &= rest - 1) {
                lua_pushnil(L);
                lua_setiuservalue(L, -2, __builtin_ctzll(rest) + 1);
            }
        }
        lua_pop(L, 1);
        lua_pushnil(L); /* and it is no longer kept alive, nor the builder it holds */
        lua_rawseti(L, -2, at);
    }
    lua_pop(L, 1);
    hub_host_end(limits, begun);
    limits->host--;
}

void hub_pending_append(lua_State *L, hub_pending *pending, int index, hub_object_block *object) {
    index = lua_absindex(L, index);
    lua_rawgeti(L, LUA_REGISTRYINDEX, pending->anchor);
    lua_pushvalue(L, index);
    lua_rawseti(L, -2, pending->count + 1);
    lua_pop(L, 1);
    pending->count++;
    pending->object = object;
}
