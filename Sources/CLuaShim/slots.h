#ifndef HUB_SLOTS_H
#define HUB_SLOTS_H

#include <stdlib.h>

/* An open-addressing index over an array of entries found by hash (coverage.c's files,
   profile.c's frames): each slot holds an entry's index + 1, or 0 when empty; the number of
   slots is a power of two, kept more than twice the number of entries. Static inline: each
   file that uses it has its own copy, and calls no other file for it. */
typedef struct hub_slots {
    int *slots;
    int count;
} hub_slots;

/* Whether `slots` must grow before it takes entry number `entries` + 1. */
static inline int hub_slots_full(const hub_slots *slots, int entries) { return slots->count < entries * 2 + 2; }

/* The first slot to look at for `hash`; hub_slots_next gives the one after `at`. */
static inline unsigned long hub_slots_first(const hub_slots *slots, unsigned long hash) {
    return hash & (unsigned long)(slots->count - 1);
}

static inline unsigned long hub_slots_next(const hub_slots *slots, unsigned long at) {
    return (at + 1) & (unsigned long)(slots->count - 1);
}

/* Puts entry `index`, whose hash is `hash`, in the first empty slot from its own. */
static inline void hub_slots_put(hub_slots *slots, unsigned long hash, int index) {
    unsigned long at = hub_slots_first(slots, hash);
    while (slots->slots[at] != 0) at = hub_slots_next(slots, at);
    slots->slots[at] = index + 1;
}

/* Rebuilds `slots` (`minimum` slots at least) to take `entries` entries, and puts back the
   `count` entries there are, entry i with the hash `hash_of(context, i)`; 0 when out of memory,
   leaving `slots` as it was. */
static inline int hub_slots_rebuild(
    hub_slots *slots, int minimum, int entries, int count, unsigned long (*hash_of)(const void *, int), const void *context
) {
    int slot_count = minimum;
    while (slot_count < entries * 2 + 2) slot_count *= 2;
    int *fresh = calloc((size_t)slot_count, sizeof(int));
    if (fresh == NULL) return 0;
    free(slots->slots);
    slots->slots = fresh;
    slots->count = slot_count;
    for (int i = 0; i < count; i++) hub_slots_put(slots, hash_of(context, i), i);
    return 1;
}

#endif
