#include "CLuaShim.h"

#include <lauxlib.h>
#include <string.h>

/* The metamethods of bridged classes. Keys are looked up in Lua tables built once per class,
   so that finding a method never leaves C, and Swift gets a property's slot as an integer
   instead of building a String and hashing it on every access. */

int hub_class_index(lua_State *L) {
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(3)) == LUA_TNIL) return 1;
    return hub_trampoline(L);
}

int hub_class_newindex(lua_State *L) {
    lua_settop(L, 3);
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(2));
    return hub_trampoline(L);
}

/* Deferred writes. Setting a text field from Lua costs about as much as a host call when C
   keeps the value as a user value of the object (and finds the key's slot in a cache by the
   key string's address) instead of crossing into Swift for every field; Swift takes all of an
   object's writes at once, the next time it looks. */

static hub_flusher g_flusher = NULL;

void hub_set_flusher(hub_flusher flusher) { g_flusher = flusher; }

/* Slots of the keys last set, direct-mapped by the address of the key's string object. Only
   keys found in the slot table are cached: short strings, which Lua interns, so that the
   address is the slot table's own key, alive as long as the table, and no other value can
   have it. */
#define KEY_CACHE_SIZE 16
#define SHORT_STRING_MAX 40 /* LUAI_MAXSHORTLEN: longer strings are not interned */
struct hub_deferring {
    const void *keys[KEY_CACHE_SIZE];
    lua_Integer codes[KEY_CACHE_SIZE];
    int user_values;
    /* What every call needs, found at the first: the state's limits and the blocks of upvalues
       1 and 3, which live as long as the closure. Objects reach this through their block, so
       that a write reads no upvalue. */
    hub_limits *limits;
    const hub_function_block *setter;
    const hub_function_block *applier;
};

void hub_class_prepare_deferring(lua_State *L, int user_values) {
    hub_limits *limits = hub_state_limits(L);
    if (limits->pending.anchor == 0) {
        lua_createtable(L, 1, 0);
        limits->pending.anchor = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    hub_deferring *deferring = (hub_deferring *)lua_newuserdatauv(L, sizeof(hub_deferring), 0);
    memset(deferring, 0, sizeof *deferring);
    deferring->user_values = user_values;
}

int hub_deferring_user_values(const hub_deferring *deferring) { return deferring->user_values; }

static const char deferring_key = 0;

const void *hub_deferring_key(void) { return &deferring_key; }

void hub_pending_flush(lua_State *L) {
    hub_limits *limits = hub_state_limits(L);
    hub_pending *pending = &limits->pending;
    hub_object_block *object = pending->object;
    if (object == NULL || g_flusher == NULL) return;
    limits->host++; /* allocation does not fail from here on */
    /* Swift may call this anywhere (after a run of Lua): make room for the two values pushed
       here and the one the applier pushes. Only a stack at Lua's limit has none; the writes
       then keep waiting. */
    if (!lua_checkstack(L, 3)) {
        limits->host--;
        return;
    }
    const hub_deferring *deferring = object->deferring;
    unsigned long long written = object->written;
    pending->object = NULL;
    object->written = 0;
    /* Each write handed over costs what a call of its setter would; coalesced writes to one
       field cost one. Charged without raising: an exhausted budget stops the script at its
       next instruction. */
    hub_budget_debit(L, deferring->setter->cost * __builtin_popcountll(written));
    lua_rawgeti(L, LUA_REGISTRYINDEX, pending->anchor);
    lua_rawgeti(L, -1, 1);
    g_flusher(L, deferring->applier->box, lua_gettop(L), written);
    /* The object may live on (a handle kept in a variable): its user values let go of the
       strings now, as a setter's would have, instead of when the object is collected (two
       collections later, as it has a finalizer: the strings would pile up in between). */
    for (unsigned long long rest = written; rest != 0; rest &= rest - 1) {
        lua_pushnil(L);
        lua_setiuservalue(L, -2, __builtin_ctzll(rest) + 1);
    }
    lua_pop(L, 1);
    lua_pushnil(L); /* and it is no longer kept alive, nor the builder it holds */
    lua_rawseti(L, -2, 1);
    lua_pop(L, 1);
    limits->host--;
}

/* Whether `text` is ASCII with exactly one ':', which Swift's Identifier(string:) splits there. */
static int plain_identifier(const char *text, size_t length) {
    int colons = 0;
    for (size_t at = 0; at < length; at++) {
        unsigned char byte = (unsigned char)text[at];
        if (byte >= 0x80) return 0;
        if (byte == ':') colons++;
    }
    return colons == 1;
}

/* [-0, +0, v] Keeps value 3 for `slot` of object 1 when its `kind` takes it and the memory
   limit allows its bytes; returns 0 otherwise, for the Swift setter to take it (and raise what
   it raises). Charges the string's bytes as the setter would (the budget is charged when the
   writes are handed over); hands another object's waiting writes to Swift first. */
static int defer_write(lua_State *L, hub_object_block *object, const hub_deferring *cache, lua_Integer slot, lua_Integer kind) {
    hub_limits *limits = cache->limits;
    hub_pending *pending = &limits->pending;
    if (cache->setter->box == NULL || cache->applier->box == NULL || pending->anchor == 0) return 0;
    /* Only the VM calls this metamethod (scripts cannot reach a locked metatable), with an
       object of the class: a hub_object_block with its user values. */
    if (object == NULL || object->object == NULL) return 0;
    if (slot < 1 || slot > HUB_PENDING_SLOTS || lua_gettop(L) != 3) return 0;
    size_t length = 0;
    int type = lua_type(L, 3);
    if (type == LUA_TSTRING) {
        const char *text = lua_tolstring(L, 3, &length);
        if (kind == HUB_DEFER_IDENTIFIER && !plain_identifier(text, length)) return 0;
    } else if (!(type == LUA_TNIL && kind == HUB_DEFER_TEXT)) {
        return 0;
    }
    if (limits->limit > 0 && (length > limits->limit || limits->used + limits->host_used > limits->limit - length)) return 0;
    if (pending->object != object) {
        if (pending->object != NULL) hub_pending_flush(L);
        lua_rawgeti(L, LUA_REGISTRYINDEX, pending->anchor);
        lua_pushvalue(L, 1);
        lua_rawseti(L, -2, 1);
        lua_pop(L, 1);
        pending->object = object;
    }
    /* The value is on top (the VM calls __newindex with exactly three values): setting the user
       value pops it. Only an object not made by its class lacks the user value. */
    if (!lua_setiuservalue(L, 1, (int)slot)) return luaL_error(L, "object without its field values");
    object->written |= 1ULL << (slot - 1);
    if (limits->limit > 0) limits->host_used += length;
    return 1;
}

/* [-0, +0, -] The code of key 2 in the slot table (upvalue 2), through the class's key cache;
   0 for a key that is no property. */
static lua_Integer slot_code(lua_State *L, hub_deferring *cache) {
    /* The key's object, which for a string is the string itself (NULL for numbers and other
       values that are not objects). */
    const void *key = lua_topointer(L, 2);
    size_t at = ((size_t)key >> 4) % KEY_CACHE_SIZE;
    if (key != NULL && cache->keys[at] == key) return cache->codes[at];
    lua_Integer code = 0;
    if (lua_type(L, 2) == LUA_TSTRING) {
        lua_pushvalue(L, 2);
        if (lua_rawget(L, lua_upvalueindex(2)) == LUA_TNUMBER && lua_rawlen(L, 2) <= SHORT_STRING_MAX) {
            code = lua_tointeger(L, -1);
            cache->keys[at] = key;
            cache->codes[at] = code;
        }
        lua_pop(L, 1);
    }
    return code;
}

int hub_class_newindex_deferring(lua_State *L) {
    hub_object_block *object = (hub_object_block *)lua_touserdata(L, 1);
    hub_deferring *cache = object != NULL ? object->deferring : NULL;
    /* Only objects of the class reach its __newindex, and they all have its hub_deferring. */
    if (cache == NULL) return luaL_error(L, "bridged object without its class's data");
    if (cache->limits == NULL) {
        cache->limits = hub_state_limits(L);
        cache->setter = (const hub_function_block *)lua_touserdata(L, lua_upvalueindex(1));
        cache->applier = (const hub_function_block *)lua_touserdata(L, lua_upvalueindex(3));
        if (cache->setter == NULL || cache->applier == NULL) return luaL_error(L, "bridged class without its blocks");
    }
    lua_Integer code = slot_code(L, cache);
    if (code >= HUB_DEFER_CODE && defer_write(L, object, cache, code % HUB_DEFER_CODE, code / HUB_DEFER_CODE)) return 0;
    lua_settop(L, 3);
    if (code > 0) {
        lua_pushinteger(L, code % HUB_DEFER_CODE);
    } else {
        lua_pushnil(L);
    }
    return hub_trampoline(L);
}
