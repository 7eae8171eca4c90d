#include "class_data.h"

/* Deferred writes and staged components waiting for the host: kept alive in a table of the
   registry, handed to Swift's flusher in the order they came. Above the limits (shim.c), which
   it charges; below the trampoline (trampoline.c) and the classes (classes.c), which call it. */

static hub_flusher g_flusher = NULL;

void hub_set_flusher(hub_flusher flusher) { g_flusher = flusher; }

/* How many objects, and how many of their values, one call of the flusher takes at most. */
#define FLUSH_OBJECTS 64
#define FLUSH_VALUES 256

/* A batch for one call of the flusher. */
typedef struct flush_batch {
    void *box;
    int count;
    int value_count;
    hub_flushed objects[FLUSH_OBJECTS];
    hub_flushed_value values[FLUSH_VALUES];
} flush_batch;

/* [-0, +0, -] The bytes of the string at `index`, read in place; NULL bytes for nil. Deferred
   slots and identifiers hold only strings and nil (numbers, which lua_tolstring would convert,
   go to the setter), so nothing is converted or allocated. */
static hub_flushed_value value_at(lua_State *L, int index) {
    hub_flushed_value value = {NULL, 0};
    value.bytes = lua_tolstring(L, index, &value.length);
    return value;
}

/* [-0, +0, -] Hands the batch's objects to the flusher. They no longer wait, and their user
   values let go of the strings now, as a setter's would have, instead of when the object is
   collected (two collections later for one with a finalizer: the strings would pile up in
   between). The object may live on (a handle kept in a variable). */
static void hand_over(lua_State *L, flush_batch *batch) {
    if (batch->count == 0) return;
    g_flusher(L, batch->box, batch->objects, batch->count, batch->values);
    for (int i = 0; i < batch->count; i++) {
        const hub_flushed *flushed = &batch->objects[i];
        lua_rawgeti(L, flushed->table, flushed->position);
        hub_object_block *object = (hub_object_block *)lua_touserdata(L, -1);
        object->written = 0;
        object->staged = 0;
        for (unsigned long long rest = flushed->written; rest != 0; rest &= rest - 1) {
            lua_pushnil(L);
            lua_setiuservalue(L, -2, __builtin_ctzll(rest) + 1);
        }
        lua_pop(L, 1);
    }
    batch->count = 0;
    batch->value_count = 0;
}

/* Whether the batch must be handed over before it takes an object of `data`'s class with
   `values` values: it is full, or of another class. */
static int batch_is_full(const flush_batch *batch, const hub_class_data *data, int values) {
    return batch->count == FLUSH_OBJECTS || batch->value_count + values > FLUSH_VALUES ||
           (batch->count > 0 && batch->box != data->applier->box);
}

/* [-0, +0, -] Adds the object on top (its block `object`, its class `data`), position
   `position` of the table at `table`, to the batch, which has room for it. */
static void add_to_batch(lua_State *L, flush_batch *batch, int table, int position, hub_object_block *object, const hub_class_data *data) {
    batch->box = data->applier->box;
    int index = lua_gettop(L);
    hub_flushed *flushed = &batch->objects[batch->count++];
    flushed->table = table;
    flushed->position = position;
    flushed->step = object->step;
    flushed->staged = object->staged;
    flushed->written = object->written;
    flushed->first_value = batch->value_count;
    flushed->target = object->object;
    flushed->identifier = (hub_flushed_value){NULL, 0};
    for (unsigned long long rest = object->written; rest != 0; rest &= rest - 1) {
        lua_getiuservalue(L, index, __builtin_ctzll(rest) + 1);
        batch->values[batch->value_count++] = value_at(L, -1);
        lua_pop(L, 1); /* the object keeps the string */
    }
    if (object->step != 0) {
        lua_getiuservalue(L, index, data->user_values + 1);
        const hub_object_block *parent = (const hub_object_block *)lua_touserdata(L, -1);
        flushed->target = parent != NULL ? parent->object : NULL;
        lua_pop(L, 1); /* the handle keeps its parent */
        lua_getiuservalue(L, index, data->user_values + 2);
        flushed->identifier = value_at(L, -1);
        lua_pop(L, 1); /* and its identifier */
    }
}

void hub_pending_flush(lua_State *L) {
    hub_limits *limits = hub_state_limits(L);
    hub_pending *pending = &limits->pending;
    if (pending->count == 0 || g_flusher == NULL) return;
    limits->host++; /* allocation does not fail from here on */
    /* Swift may call this anywhere (after a run of Lua): make room for the anchor, the two
       values pushed here at once, and the five at most the applier pushes (a handle, its parent
       and grandparent, as HUB_HANDLE_DEPTH bounds them, and the two of a metatable check). Only
       a stack at Lua's limit has none; the writes then keep waiting. */
    if (!lua_checkstack(L, 8)) {
        limits->host--;
        return;
    }
    long long begun = hub_host_begin(limits); /* a profile's host time: building components */
    int count = pending->count;
    pending->count = 0;
    pending->object = NULL;
    lua_rawgeti(L, LUA_REGISTRYINDEX, pending->anchor);
    int anchor = lua_gettop(L);
    flush_batch batch;
    batch.count = 0;
    batch.value_count = 0;
    for (int at = 1; at <= count; at++) {
        lua_rawgeti(L, anchor, at);
        hub_object_block *object = (hub_object_block *)lua_touserdata(L, -1);
        const hub_class_data *data = object != NULL ? object->data : NULL;
        if (data != NULL && data->applier != NULL && data->setter != NULL) {
            /* Each write handed over costs what a call of its setter would; coalesced writes to
               one field cost one. Charged without raising: an exhausted budget stops the
               script at its next instruction. */
            int values = __builtin_popcountll(object->written);
            hub_budget_debit(L, data->setter->cost * values);
            if (batch_is_full(&batch, data, values)) hand_over(L, &batch);
            add_to_batch(L, &batch, anchor, at, object, data);
        }
        lua_pop(L, 1);
    }
    hand_over(L, &batch);
    /* They are no longer kept alive, nor the builders they hold. */
    for (int at = 1; at <= count; at++) {
        lua_pushnil(L);
        lua_rawseti(L, anchor, at);
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
