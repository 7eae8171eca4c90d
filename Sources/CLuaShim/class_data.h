#ifndef HUB_CLASS_DATA_H
#define HUB_CLASS_DATA_H

/* What classes.c and pending.c share, private to the shim. */

#include "CLuaShim.h"

/* The most objects that wait at once: handles are handed over in batches of this many
   (hub_class_stage), and a write to any other object than the last hands all over first. */
#define PENDING_BATCH 256

/* Slots of the keys last set, direct-mapped by the address of the key's string object. Only
   keys found in the slot table are cached: short strings, which Lua interns, so that the
   address is the slot table's own key, alive as long as the table, and no other value can
   have it. */
#define KEY_CACHE_SIZE 16
#define SHORT_STRING_MAX 40 /* LUAI_MAXSHORTLEN: longer strings are not interned */
struct hub_class_data {
    const void *keys[KEY_CACHE_SIZE];
    lua_Integer codes[KEY_CACHE_SIZE];
    int user_values;
    /* What every call needs: the state's limits and the blocks of the __newindex closure's
       upvalues 1 and 3, which live as long as the closure. Objects reach this through their
       block, so that a write reads no upvalue. */
    hub_limits *limits;
    const hub_function_block *setter;
    const hub_function_block *applier;
    int slots; /* registry reference of the __newindex slot table (0: none) */
};

/* [-0, +0, m] Adds the object at `index` (whose block is `object`) last to what waits for the
   host. Raises only when the table that keeps them alive cannot grow; nothing is added then. */
void hub_pending_append(lua_State *L, hub_pending *pending, int index, hub_object_block *object);

#endif
