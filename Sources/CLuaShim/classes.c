#include "class_data.h"

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
    lua_Integer code = lua_tointeger(L, 3);
    if (code < HUB_DEFER_CODE) return hub_trampoline(L);
    /* A kept property: the object's user value once the getter has given it (a read that
       does not reach Swift, and so does not hand waiting writes over either). */
    int slot = (int)(code % HUB_DEFER_CODE);
    if (lua_getiuservalue(L, 1, slot) > LUA_TNIL) return 1;
    lua_settop(L, 2);
    lua_pushinteger(L, slot);
    hub_trampoline(L);
    lua_pushvalue(L, -1);
    lua_setiuservalue(L, 1, slot);
    return 1;
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

void hub_class_prepare_data(lua_State *L, int user_values, int newindex) {
    hub_limits *limits = hub_state_limits(L);
    newindex = lua_absindex(L, newindex);
    if (limits->pending.anchor == 0) {
        lua_createtable(L, PENDING_BATCH, 0);
        limits->pending.anchor = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    hub_class_data *data = (hub_class_data *)lua_newuserdatauv(L, sizeof(hub_class_data), 0);
    memset(data, 0, sizeof *data);
    data->user_values = user_values;
    data->limits = limits;
    /* The blocks live as long as the closure, whose metatable keeps this alive too. */
    if (lua_getupvalue(L, newindex, 1) != NULL) {
        data->setter = (const hub_function_block *)lua_touserdata(L, -1);
        lua_pop(L, 1);
    }
    if (lua_getupvalue(L, newindex, 2) != NULL) data->slots = luaL_ref(L, LUA_REGISTRYINDEX);
    if (lua_tocfunction(L, newindex) == hub_class_newindex_deferring && lua_getupvalue(L, newindex, 3) != NULL) {
        data->applier = (const hub_function_block *)lua_touserdata(L, -1);
        lua_pop(L, 1);
    }
}

int hub_class_user_values(const hub_class_data *data) { return data->user_values; }

static const char class_data_key = 0;

const void *hub_class_data_key(void) { return &class_data_key; }

static const char handles_key = 0;

const void *hub_handles_key(void) { return &handles_key; }

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

/* [-0, +0, -] Whether a deferred slot of `kind` takes the value at `index` (a string, or nil
   for text); sets `length` to a string's. No identifier is deferred while `limits` traces
   them. */
static int kind_takes(lua_State *L, int index, lua_Integer kind, const hub_limits *limits, size_t *length) {
    *length = 0;
    if (kind == HUB_DEFER_IDENTIFIER && limits->traces_identifiers) return 0;
    int type = lua_type(L, index);
    if (type == LUA_TSTRING) {
        const char *text = lua_tolstring(L, index, length);
        return kind != HUB_DEFER_IDENTIFIER || plain_identifier(text, *length);
    }
    return type == LUA_TNIL && kind == HUB_DEFER_TEXT;
}

/* Whether `bytes` more host bytes fit under the memory limit. */
static int fits(const hub_limits *limits, size_t bytes) {
    return limits->limit == 0 || (bytes <= limits->limit && limits->used + limits->host_used <= limits->limit - bytes);
}

/* [-0, +0, v] Keeps value 3 for `slot` of object 1 when its `kind` takes it and the memory
   limit allows its bytes; returns 0 otherwise, for the Swift setter to take it (and raise what
   it raises). Charges the string's bytes as the setter would (the budget is charged when the
   writes are handed over); hands another object's waiting writes to Swift first. */
static int defer_write(lua_State *L, hub_object_block *object, const hub_class_data *cache, lua_Integer slot, lua_Integer kind) {
    hub_limits *limits = cache->limits;
    hub_pending *pending = &limits->pending;
    if (cache->setter->box == NULL || cache->applier->box == NULL || pending->anchor == 0) return 0;
    /* Only the VM calls this metamethod (scripts cannot reach a locked metatable), with an
       object of the class or a handle of it: a hub_object_block with its user values. */
    if (object == NULL || (object->object == NULL && object->step == 0)) return 0;
    if (object->run != 0 && object->run != limits->run) return 0; /* the host's to judge */
    if (slot < 1 || slot > HUB_PENDING_SLOTS || lua_gettop(L) != 3) return 0;
    size_t length = 0;
    if (!kind_takes(L, 3, kind, limits, &length) || !fits(limits, length)) return 0;
    if (pending->object != object) {
        if (pending->count > 0) hub_pending_flush(L);
        hub_pending_append(L, pending, 1, object);
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
static lua_Integer slot_code(lua_State *L, hub_class_data *cache) {
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
    hub_class_data *cache = object != NULL ? object->data : NULL;
    /* Only objects of the class reach its __newindex, and they all have its hub_class_data. */
    if (cache == NULL || cache->setter == NULL || cache->applier == NULL) {
        return luaL_error(L, "bridged object without its class's data");
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

/* Handles. `view:body(id)` in a loop costs about what making the id's string does when C
   makes the handle and the host creates the component later, with every other one staged
   since it last looked, instead of a crossing into Swift, a Swift object and a finalizer for
   each. */

/* Whether argument 1 has the metatable of upvalue 4 or 5. */
static int is_parent(lua_State *L) {
    if (!lua_getmetatable(L, 1)) return 0;
    int matches = lua_rawequal(L, -1, lua_upvalueindex(4)) || lua_rawequal(L, -1, lua_upvalueindex(5));
    lua_pop(L, 1);
    return matches;
}

/* [-0, +0, -] For `view:body { id = ..., ... }`: keeps every field of the table at 2 but `id`
   as a write waiting in the handle on top, when each is a deferred slot of the handle's class
   (whose slots are at `slots`) given a value its kind takes, and adds their strings' bytes to
   `bytes`. Returns 0 at the first field that is not (the handle is then dropped, and the
   table goes to the host). */
static int defer_fields(lua_State *L, int slots, hub_object_block *handle, const hub_limits *limits, size_t *bytes) {
    lua_pushnil(L);
    while (lua_next(L, 2) != 0) {
        size_t length = 0;
        const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &length) : NULL;
        if (key != NULL && length == 2 && memcmp(key, "id", 2) == 0) {
            lua_pop(L, 1);
            continue;
        }
        lua_pushvalue(L, -2);
        lua_Integer code = key != NULL && lua_rawget(L, slots) == LUA_TNUMBER ? lua_tointeger(L, -1) : 0;
        lua_pop(L, 1);
        if (code < HUB_DEFER_CODE || !kind_takes(L, -1, code / HUB_DEFER_CODE, limits, &length)) {
            lua_pop(L, 2);
            return 0;
        }
        int slot = (int)(code % HUB_DEFER_CODE);
        lua_setiuservalue(L, -3, slot);
        handle->written |= 1ULL << (slot - 1);
        *bytes += length;
    }
    return 1;
}

void hub_class_push_stage_cache(lua_State *L) {
    hub_class_data **cache = (hub_class_data **)lua_newuserdatauv(L, sizeof(hub_class_data *), 0);
    *cache = NULL;
}

int hub_class_stage(lua_State *L) {
    const hub_function_block *method = (const hub_function_block *)lua_touserdata(L, lua_upvalueindex(1));
    const hub_object_block *parent = (const hub_object_block *)lua_touserdata(L, 1);
    int id_type = lua_type(L, 2);
    if (method == NULL || method->box == NULL || lua_gettop(L) != 2 || (id_type != LUA_TSTRING && id_type != LUA_TTABLE) ||
        parent == NULL || (parent->object == NULL && parent->step == 0) || !is_parent(L) ||
        (parent->step != 0 && parent->depth >= HUB_HANDLE_DEPTH) || parent->nesting >= HUB_STAGED_NESTING) {
        return hub_trampoline(L);
    }
    /* The handles' class data, found once and kept in the closure's cache (upvalue 6): it
       lives as long as their metatable, which upvalue 2 keeps. */
    hub_class_data **cache = (hub_class_data **)lua_touserdata(L, lua_upvalueindex(6));
    if (cache != NULL && *cache == NULL) {
        lua_rawgetp(L, lua_upvalueindex(2), hub_class_data_key());
        *cache = (hub_class_data *)lua_touserdata(L, -1);
        lua_pop(L, 1);
    }
    hub_class_data *data = cache != NULL ? *cache : NULL;
    if (data == NULL || data->limits == NULL || data->slots == 0) return hub_trampoline(L);
    hub_limits *limits = data->limits;
    /* A builder of another run than the one executing (one that has ended, say): the host's to
       judge, as it is a write's (defer_write). */
    if (parent->run != 0 && parent->run != limits->run) return hub_trampoline(L);
    if (id_type == LUA_TTABLE) {
        /* The table form: its id at index 3. */
        lua_pushliteral(L, "id");
        if (lua_rawget(L, 2) != LUA_TSTRING) {
            lua_settop(L, 2);
            return hub_trampoline(L);
        }
    }
    int values = data->user_values;
    hub_object_block *handle = (hub_object_block *)lua_newuserdatauv(L, sizeof(hub_object_block), values + 2);
    handle->object = NULL;
    handle->data = data;
    handle->written = 0;
    handle->step = (unsigned char)lua_tointeger(L, lua_upvalueindex(3));
    handle->staged = 1;
    handle->depth = parent->step != 0 ? (unsigned char)(parent->depth + 1) : 0;
    handle->nesting = (unsigned short)(parent->nesting + 1);
    handle->run = parent->run;
    lua_pushvalue(L, 1);
    lua_setiuservalue(L, -2, values + 1);
    lua_pushvalue(L, id_type == LUA_TTABLE ? 3 : 2);
    lua_setiuservalue(L, -2, values + 2);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_setmetatable(L, -2);
    size_t bytes = HUB_COMPONENT_BYTES;
    if (id_type == LUA_TTABLE) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, data->slots);
        lua_insert(L, -2);
        int deferred = defer_fields(L, lua_absindex(L, -2), handle, limits, &bytes);
        lua_remove(L, -2);
        if (!deferred) {
            lua_settop(L, 2);
            return hub_trampoline(L);
        }
    }
    /* The host charges the bytes and raises when they do not fit. */
    if (!fits(limits, bytes)) {
        lua_settop(L, 2);
        return hub_trampoline(L);
    }
    if (method->cost > 0) hub_charge(L, limits, method->cost);
    /* Handed over in batches: the waiting handles' memory stays small, and the host takes them
       while they are still in the cache. */
    if (limits->pending.count >= PENDING_BATCH) hub_pending_flush(L);
    hub_pending_append(L, &limits->pending, -1, handle);
    if (limits->limit > 0) limits->host_used += bytes;
    return 1;
}
