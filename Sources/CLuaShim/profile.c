#include "CLuaShim.h"
#include "slots.h"

#include <stdlib.h>
#include <string.h>

/* A sampled profile: the stacks where the budget counted instructions (the count hook, a host
   call's or C work's cost, the bytes allocated), one sample every `every` of them, in memory of
   its own (malloc, never the Lua allocator), so that sampling never raises and allocates
   nothing Lua counts; a sample it cannot keep (past the profile's bound on its records, or out
   of memory) is dropped and counted.
   Beside the line record (coverage.c), below the limits (shim.c), whose hook fills it. */

typedef struct hub_profile_frame {
    char *name;             /* the function's name as its caller calls it, or "" */
    char *source;           /* its chunk's name without '@' or '=', or "[C]" */
    int line;               /* the line where it is defined; -1 for a C function */
    int what;               /* HUB_FRAME_* */
    unsigned long hash;
} hub_profile_frame;

struct hub_profile {
    int every;
    long long until_sample; /* instructions left to count until the next sample */
    size_t record_limit;    /* the most ints of records kept: past it, samples are dropped */
    int tag;
    hub_profile_frame *frames;
    int frame_count;
    int frame_capacity;
    hub_slots slots;        /* the frames by their hashes */
    int *records;           /* per sample: tag, line, depth, then depth frame indices, root first */
    size_t record_count;
    size_t record_capacity;
    long samples;
    long dropped;
    int host_depth;         /* host sections under way, the outermost timed */
    long long host_ns;
};

hub_profile *hub_profile_new(int every, size_t record_bytes) {
    hub_profile *profile = calloc(1, sizeof(hub_profile));
    if (profile == NULL) return NULL;
    profile->every = every > 0 ? every : 1;
    profile->until_sample = profile->every;
    profile->record_limit = record_bytes / sizeof(int);
    return profile;
}

void hub_profile_free(hub_profile *profile) {
    if (profile == NULL) return;
    for (int i = 0; i < profile->frame_count; i++) {
        free(profile->frames[i].name);
        free(profile->frames[i].source);
    }
    free(profile->frames);
    free(profile->slots.slots);
    free(profile->records);
    free(profile);
}

int hub_profile_every(const hub_profile *profile) { return profile->every; }

void hub_profile_set_tag(hub_profile *profile, int tag) { profile->tag = tag; }

int hub_profile_tag(const hub_profile *profile) { return profile->tag; }

static unsigned long hub_profile_hash(const char *name, const char *source, int line) {
    unsigned long hash = 5381;
    for (const unsigned char *c = (const unsigned char *)name; *c; c++) hash = hash * 33 + *c;
    hash = hash * 33 + 1;
    for (const unsigned char *c = (const unsigned char *)source; *c; c++) hash = hash * 33 + *c;
    return hash * 33 + (unsigned long)line;
}

/* The hash of frame `index` of the profile `context`, for hub_slots_rebuild. */
static unsigned long hub_profile_hash_of(const void *context, int index) {
    return ((const hub_profile *)context)->frames[index].hash;
}

/* The index of the frame (name, source, line), added when new; -1 when out of memory. */
static int hub_profile_frame_index(hub_profile *profile, const char *name, const char *source, int line, int what) {
    unsigned long hash = hub_profile_hash(name, source, line);
    hub_slots *slots = &profile->slots;
    if (slots->count > 0) {
        for (unsigned long at = hub_slots_first(slots, hash); slots->slots[at] != 0; at = hub_slots_next(slots, at)) {
            int index = slots->slots[at] - 1;
            const hub_profile_frame *frame = &profile->frames[index];
            if (frame->hash == hash && frame->line == line && strcmp(frame->name, name) == 0 &&
                strcmp(frame->source, source) == 0) {
                return index;
            }
        }
    }
    if (profile->frame_count == profile->frame_capacity) {
        int capacity = profile->frame_capacity == 0 ? 64 : profile->frame_capacity * 2;
        hub_profile_frame *frames = realloc(profile->frames, (size_t)capacity * sizeof *frames);
        if (frames == NULL) return -1;
        profile->frames = frames;
        profile->frame_capacity = capacity;
    }
    if (hub_slots_full(slots, profile->frame_count) &&
        !hub_slots_rebuild(slots, 64, profile->frame_count + 1, profile->frame_count, hub_profile_hash_of, profile)) {
        return -1;
    }
    char *name_copy = strdup(name);
    char *source_copy = strdup(source);
    if (name_copy == NULL || source_copy == NULL) {
        free(name_copy);
        free(source_copy);
        return -1;
    }
    int index = profile->frame_count++;
    profile->frames[index] = (hub_profile_frame){name_copy, source_copy, line, what, hash};
    hub_slots_put(slots, hash, index);
    return index;
}

/* Room for `count` more ints of records; 0 past the profile's limit or when out of memory. */
static int hub_profile_reserve(hub_profile *profile, size_t count) {
    if (profile->record_count + count > profile->record_limit) return 0;
    if (profile->record_count + count <= profile->record_capacity) return 1;
    size_t capacity = profile->record_capacity == 0 ? 4096 : profile->record_capacity;
    while (capacity < profile->record_count + count) capacity *= 2;
    int *records = realloc(profile->records, capacity * sizeof *records);
    if (records == NULL) return 0;
    profile->records = records;
    profile->record_capacity = capacity;
    return 1;
}

/* Records the stack of thread L as `times` samples (the stack walked once). */
static void hub_profile_sample(lua_State *L, hub_profile *profile, long long times) {
    /* Full: not even the smallest sample fits, so the stack is not walked. */
    if (profile->record_count + 3 > profile->record_limit) {
        profile->dropped += times;
        return;
    }
    int frames[HUB_PROFILE_DEPTH];
    int depth = 0;
    int line = -1;
    lua_Debug ar;
    /* Innermost first; a stack deeper than HUB_PROFILE_DEPTH keeps its innermost frames. */
    for (int level = 0; depth < HUB_PROFILE_DEPTH && lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sln", &ar)) continue;
        int is_c = ar.what[0] == 'C';
        const char *source = is_c ? "[C]" : (ar.source[0] == '@' || ar.source[0] == '=') ? ar.source + 1 : ar.short_src;
        const char *name = ar.name != NULL ? ar.name : "";
        int what = is_c ? HUB_FRAME_C : ar.what[0] == 'm' ? HUB_FRAME_MAIN : HUB_FRAME_LUA;
        int index = hub_profile_frame_index(profile, name, source, is_c ? -1 : ar.linedefined, what);
        if (index < 0) {
            profile->dropped += times;
            return;
        }
        if (line < 0 && !is_c) line = ar.currentline;
        frames[depth++] = index;
    }
    for (long long taken = 0; taken < times; taken++) {
        if (!hub_profile_reserve(profile, (size_t)depth + 3)) {
            profile->dropped += times - taken;
            return;
        }
        int *record = profile->records + profile->record_count;
        record[0] = profile->tag;
        record[1] = line;
        record[2] = depth;
        for (int i = 0; i < depth; i++) record[3 + i] = frames[depth - 1 - i];
        profile->record_count += (size_t)depth + 3;
        profile->samples++;
    }
}

int hub_profile_defer(hub_profile *profile, long instructions) {
    profile->until_sample -= instructions;
    return profile->until_sample <= 0;
}

void hub_profile_count(lua_State *L, hub_profile *profile, long instructions) {
    profile->until_sample -= instructions;
    if (profile->until_sample > 0) return;
    long long due = 1 + (-profile->until_sample) / profile->every;
    profile->until_sample += due * profile->every;
    hub_profile_sample(L, profile, due);
}

int hub_profile_host_enter(hub_profile *profile) { return profile->host_depth++ == 0; }

void hub_profile_host_leave(hub_profile *profile, long long elapsed) {
    profile->host_depth--;
    profile->host_ns += elapsed;
}

long long hub_profile_host_ns(const hub_profile *profile) { return profile->host_ns; }

long hub_profile_samples(const hub_profile *profile) { return profile->samples; }

long hub_profile_dropped(const hub_profile *profile) { return profile->dropped; }

const int *hub_profile_records(const hub_profile *profile, size_t *count) {
    *count = profile->record_count;
    return profile->records;
}

int hub_profile_frame_count(const hub_profile *profile) { return profile->frame_count; }

const char *hub_profile_frame_name(const hub_profile *profile, int frame) { return profile->frames[frame].name; }

const char *hub_profile_frame_source(const hub_profile *profile, int frame) { return profile->frames[frame].source; }

int hub_profile_frame_line(const hub_profile *profile, int frame) { return profile->frames[frame].line; }

int hub_profile_frame_what(const hub_profile *profile, int frame) { return profile->frames[frame].what; }
