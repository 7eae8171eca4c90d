#include "CLuaShim.h"
#include "slots.h"

#include <stdlib.h>
#include <string.h>

/* The lines a line hook saw run, per chunk, in memory of its own (malloc, never the Lua
   allocator): recording never raises, allocates nothing Lua counts, and a hit it cannot keep
   (past the record's bound on its memory, or out of memory) is dropped and counted. The bound
   matters: a script may load any number of chunks, under any "@name", with a statement on any
   line, and the record is outside the script's memory limit. */

typedef struct hub_covered_file {
    char *source;           /* the chunk's name without its '@' */
    unsigned long hash;
    unsigned long *counts;  /* counts[line]: how often the line started running */
    int size;               /* entries in counts */
} hub_covered_file;

struct hub_coverage {
    hub_covered_file *files;
    int count;
    int capacity;
    hub_slots slots;        /* the files by their names' hashes */
    const char *last_source; /* the chunk name of the last hit (a Lua string's bytes) and its */
    int last_file;           /* file: consecutive hits mostly share one; -1 before the first */
    size_t bytes;            /* the memory of names, counts and files held */
    size_t limit;            /* the most bytes held: past it, hits are dropped */
    long dropped;            /* hits dropped */
};

hub_coverage *hub_coverage_new(size_t byte_limit) {
    hub_coverage *coverage = calloc(1, sizeof(hub_coverage));
    if (coverage == NULL) return NULL;
    coverage->last_file = -1;
    coverage->limit = byte_limit;
    return coverage;
}

/* Whether `more` bytes fit under the record's bound. */
static int hub_coverage_fits(const hub_coverage *coverage, size_t more) {
    return more <= coverage->limit && coverage->bytes <= coverage->limit - more;
}

void hub_coverage_free(hub_coverage *coverage) {
    if (coverage == NULL) return;
    for (int i = 0; i < coverage->count; i++) {
        free(coverage->files[i].source);
        free(coverage->files[i].counts);
    }
    free(coverage->files);
    free(coverage->slots.slots);
    free(coverage);
}

static unsigned long hub_coverage_hash(const char *text) {
    unsigned long hash = 5381;
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) hash = hash * 33 + *c;
    return hash;
}

/* The hash of file `index` of the record `context`, for hub_slots_rebuild. */
static unsigned long hub_coverage_hash_of(const void *context, int index) {
    return ((const hub_coverage *)context)->files[index].hash;
}

/* The file named `source` ("@path"), added when new; NULL when out of memory. */
static hub_covered_file *hub_coverage_file(hub_coverage *coverage, const char *source) {
    const char *name = source + 1;
    unsigned long hash = hub_coverage_hash(name);
    hub_slots *slots = &coverage->slots;
    if (slots->count > 0) {
        for (unsigned long at = hub_slots_first(slots, hash); slots->slots[at] != 0; at = hub_slots_next(slots, at)) {
            hub_covered_file *file = &coverage->files[slots->slots[at] - 1];
            if (file->hash == hash && strcmp(file->source, name) == 0) return file;
        }
    }
    int grows = coverage->count == coverage->capacity;
    int capacity = !grows ? coverage->capacity : coverage->capacity == 0 ? 8 : coverage->capacity * 2;
    size_t name_bytes = strlen(name) + 1;
    size_t file_bytes = (size_t)(capacity - coverage->capacity) * sizeof(hub_covered_file);
    if (!hub_coverage_fits(coverage, name_bytes + file_bytes)) return NULL;
    if (grows) {
        hub_covered_file *files = realloc(coverage->files, (size_t)capacity * sizeof *files);
        if (files == NULL) return NULL;
        coverage->bytes += file_bytes;
        coverage->files = files;
        coverage->capacity = capacity;
    }
    if (hub_slots_full(slots, coverage->count) &&
        !hub_slots_rebuild(slots, 16, coverage->count + 1, coverage->count, hub_coverage_hash_of, coverage)) {
        return NULL;
    }
    char *copy = strdup(name);
    if (copy == NULL) return NULL;
    coverage->bytes += name_bytes;
    hub_covered_file *file = &coverage->files[coverage->count++];
    memset(file, 0, sizeof *file);
    file->source = copy;
    file->hash = hash;
    hub_slots_put(slots, hash, coverage->count - 1);
    return file;
}

void hub_coverage_record(lua_State *L, hub_coverage *coverage, lua_Debug *ar) {
    if (coverage == NULL || ar->currentline <= 0 || !lua_getinfo(L, "S", ar)) return;
    if (ar->source[0] != '@') return; /* only files: not Hub's own chunks, nor strings */
    /* A function written over several lines ends with an implicit return on its `end` line,
       which runs whenever it falls off its end; that line is not one of its statements
       (hub_coverage's executable lines leave it out the same way: LuaChunkLines). */
    if (ar->linedefined != ar->lastlinedefined && ar->currentline == ar->lastlinedefined) return;
    /* The last hit's chunk name, when it is the same string again: compared by content, since
       a collected chunk's bytes may be reused by another's (strcmp costs less than hashing). */
    hub_covered_file *file = NULL;
    if (ar->source == coverage->last_source && coverage->last_file >= 0 &&
        strcmp(coverage->files[coverage->last_file].source, ar->source + 1) == 0) {
        file = &coverage->files[coverage->last_file];
    } else {
        file = hub_coverage_file(coverage, ar->source);
        if (file == NULL) {
            coverage->dropped++;
            return;
        }
        coverage->last_source = ar->source;
        coverage->last_file = (int)(file - coverage->files);
    }
    if (ar->currentline >= file->size) {
        int size = file->size == 0 ? 64 : file->size;
        while (size <= ar->currentline) size *= 2;
        size_t more = (size_t)(size - file->size) * sizeof(unsigned long);
        unsigned long *counts = hub_coverage_fits(coverage, more) ? realloc(file->counts, (size_t)size * sizeof *counts) : NULL;
        if (counts == NULL) {
            coverage->dropped++;
            return;
        }
        coverage->bytes += more;
        memset(counts + file->size, 0, (size_t)(size - file->size) * sizeof *counts);
        file->counts = counts;
        file->size = size;
    }
    file->counts[ar->currentline]++;
}

int hub_coverage_file_count(const hub_coverage *coverage) { return coverage->count; }

long hub_coverage_dropped(const hub_coverage *coverage) { return coverage->dropped; }

const char *hub_coverage_file_name(const hub_coverage *coverage, int file) { return coverage->files[file].source; }

int hub_coverage_file_size(const hub_coverage *coverage, int file) { return coverage->files[file].size; }

const unsigned long *hub_coverage_file_counts(const hub_coverage *coverage, int file) { return coverage->files[file].counts; }
