/*
 * CLuaShim: the few C functions Hub needs so that no Lua error ever unwinds a Swift frame.
 *
 * - hub_trampoline: the only C function Hub registers for Swift callbacks. It calls the Swift
 *   dispatcher, and raises the Lua error itself after the Swift frame has returned.
 * - hub_class_index / hub_class_newindex: bridged classes' metamethods, which find a member in
 *   C and end in the trampoline (classes.c).
 * - hub_alloc: a lua_Alloc with a configurable cap that never fails inside host (Swift) code.
 * - hub_budget_*: an instruction budget enforced by a count hook that raises from C, charged
 *   also for bytes allocated and for work done in C (patterns.c, metered.c), with a deadline.
 * - hub_traceback / hub_openlibs: a message handler and a protected library opener.
 * - hub_probe_register: the C function benchmarks measure host calls against (probe.c).
 * - hub_coverage_*: the lines a line hook saw run, for `hub test --coverage` (coverage.c); the
 *   budget's hook records them, with LUA_MASKLINE set only while coverage is on.
 * - hub_profile_*: the stacks where the budget counted, sampled every N instructions while a
 *   profile is on, for `hub profile` (profile.c), and the time spent in the host meanwhile.
 */
#ifndef HUB_CLUA_SHIM_C_H
#define HUB_CLUA_SHIM_C_H

#include <stddef.h>
#include <lua.h>

/* What the dispatcher returns when it pushed an error value that must be raised. */
#define HUB_RAISE (-1)

/* The Swift side of every trampoline call, given the Swift function box to call: returns the
   number of results, or HUB_RAISE. */
typedef int (*hub_dispatcher)(lua_State *L, void *box);

/* Installs the dispatcher (once, before any trampoline runs). */
void hub_set_dispatcher(hub_dispatcher dispatcher);

/* The block of the full userdata that is upvalue 1 of every trampoline closure. */
typedef struct hub_function_block {
    void *box;              /* the retained Swift function box; NULL once released */
    long cost;              /* instructions each call is charged to the budget (host work) */
} hub_function_block;

/* [-0, +(n|0), v] Charges the call's cost to the budget, calls the dispatcher, and raises the
   value it left on top when it says so (or when the Swift function was released). */
int hub_trampoline(lua_State *L);

/* [-0, +1, v] `__index` of a bridged class. Upvalue 1 is the function block of the Swift
   getter, upvalue 2 the class's method table, upvalue 3 its property slots (name -> integer).
   A method is found without leaving C; for a property, the getter is called as the trampoline
   calls it, with (object, key, slot) on the stack; any other key gives nil. A slot coded
   `slot + HUB_DEFER_CODE * HUB_KEPT` is kept: the value the getter gives (unless nil) is kept
   as the object's user value `slot`, and later reads take it from there. */
int hub_class_index(lua_State *L);

/* The kind of a kept property's slot in a class's `__index` slots. */
#define HUB_KEPT 1

/* [-0, +0, v] `__newindex` of a bridged class. Upvalue 1 is the function block of the Swift
   setter, upvalue 2 the property slots. The setter is called as the trampoline calls it, with
   (object, key, value, slot or nil) on the stack. */
int hub_class_newindex(lua_State *L);

/* What C keeps of a class whose objects have user values, for deferred writes or kept
   properties (classes.c): how many they have, and for deferred writes a key cache and the
   blocks of its setter and applier. */
typedef struct hub_class_data hub_class_data;

/* The block of a bridged object's full userdata: the retained Swift object (NULL once
   released) and, for a class whose objects have user values, its hub_class_data and which of
   the user values hold writes waiting for Swift.

   A handle (`step` > 0) holds no Swift object: it names a component by its parent and its
   identifier, kept as its two user values after the deferred slots' (see hub_class_stage), and
   Swift finds the component through them when it looks. Such a handle costs Lua one small
   userdata with no finalizer. */
typedef struct hub_object_block {
    void *object;               /* NULL for a handle */
    hub_class_data *data;       /* NULL for a class whose objects have no user values */
    unsigned long long written; /* bit s-1 set: user value s holds a write to slot s */
    unsigned long long run;     /* the run whose builders the object is one of (a handle's: its
                                   parent's), 0 for none: C defers its writes and makes its
                                   handles only while that run executes (hub_limits.run), and
                                   leaves any other to the host, which refuses a run that ended */
    /* Small numbers, packed so that a handle (the most numerous block) stays 40 bytes: */
    unsigned char step;         /* 0 for an object; HUB_STEP_* for a handle */
    unsigned char staged;       /* 1 while a handle's component waits to be created */
    unsigned char depth;        /* a handle's: 0 when its parent is an object, 1 when its parent
                                   is a handle of depth 0 (the deepest C makes: see
                                   hub_class_stage), so that finding its component takes a
                                   bounded walk up and a bounded stack */
    unsigned short nesting;     /* how many steps the object's builder lies below its root
                                   view model (a handle's: one more than its parent's); at most
                                   HUB_STAGED_NESTING for a handle, clamped for an object */
} hub_object_block;

/* How a handle's component is reached from its parent (a view or a component). */
#define HUB_STEP_BODY 1
#define HUB_STEP_OVERLAY 2
#define HUB_STEP_CHILD 3

/* [-0, +0, v] `__newindex` of a bridged class that defers writes: as hub_class_newindex, but a
   slot whose code in upvalue 2 is `slot + HUB_DEFER_CODE * kind` is deferred. A value its kind
   takes (HUB_DEFER_*) is kept as the object's user value `slot`, its bytes charged to the
   memory limit as the setter would charge them, until the host next looks (hub_pending_flush,
   which charges the budget for the setter calls); any other value goes to the setter, which
   raises what it raises. Upvalue 3 is a block whose box is the class's applier (see
   hub_flusher). Objects of such a class have a hub_object_block pointing to the class's
   hub_class_data (hub_class_prepare_data) and a user value per deferred slot. */
int hub_class_newindex_deferring(lua_State *L);

/* A deferred slot's code in a class's slot table is its slot plus this times its kind. */
#define HUB_DEFER_CODE 256
/* Kinds of deferred slots: what a value must be for C to keep it. */
#define HUB_DEFER_TEXT 1        /* a string, or nil */
#define HUB_DEFER_IDENTIFIER 2  /* an ASCII string with exactly one ':' ("namespace:name") */

/* The most slots of a class that defers writes (a bit each in hub_object_block.written). */
#define HUB_PENDING_SLOTS 64

/* The objects whose writes (and the handles whose creation) wait for the host, in the order
   they came. Only the last may take more writes: a write to any other hands all of them over
   first, so writes through two handles of one component keep their order. Their class's
   applier and setter cost are found through their blocks' hub_class_data. */
typedef struct hub_pending {
    hub_object_block *object;   /* the last one waiting; NULL when none waits */
    int count;                  /* how many wait, kept alive at [1..count] of the anchor */
    int anchor;                 /* registry reference of the table keeping them alive; 0
                                   before the first class that defers writes */
} hub_pending;

/* A value a flush hands over: a string's bytes, read in place (the object still holds it for
   the flusher's call); `bytes` NULL for nil. */
typedef struct hub_flushed_value {
    const char *bytes;
    size_t length;
} hub_flushed_value;

/* One waiting object as a flush hands it over: what its block says, and what Swift needs to
   reach its component without calling Lua. */
typedef struct hub_flushed {
    int table;                    /* the stack index of the table that keeps it alive during
                                     the flusher's call, and its position there */
    int position;
    int step;                     /* its block's step: 0 for an object, HUB_STEP_* for a handle */
    int staged;                   /* 1: a handle whose component waits to be created */
    unsigned long long written;   /* bit s-1 set: slot s was written */
    int first_value;              /* the value of its first written slot, in the call's values;
                                     the others follow in slot order */
    void *target;                 /* the Swift object the writes go through: an object's own, or
                                     a handle's parent's; NULL when the parent is a handle */
    hub_flushed_value identifier; /* a handle's identifier; bytes NULL for an object */
} hub_flushed;

/* The host's side of a flush: applies, in order, the writes of `count` objects of one class
   through its applier `box`, creating a handle's component first when it is staged. Their
   values are `values`. Must not raise, nor call what allocates in Lua. */
typedef void (*hub_flusher)(lua_State *L, void *box, const hub_flushed *objects, int count, const hub_flushed_value *values);

/* Installs the flusher (once, before any write is deferred). */
void hub_set_flusher(hub_flusher flusher);

/* [-0, +1, m] Pushes a new hub_class_data for a class whose objects have `user_values` user
   values and whose __newindex is the closure at `newindex`: for a class that defers writes,
   the hub_class_newindex_deferring closure whose setter and applier blocks it keeps (alive as
   long as the closure; both are kept by the class's metatable). Creates the state's anchor of
   waiting objects if new; call it with the host running (hub_limits.host > 0), where
   allocation does not fail. */
void hub_class_prepare_data(lua_State *L, int user_values, int newindex);

/* The user values each object of the class of `data` has. */
int hub_class_user_values(const hub_class_data *data);

/* The key (a light userdata) under which a class's metatable keeps its hub_class_data: found
   without making a string on every object pushed. */
const void *hub_class_data_key(void);

/* [-0, +1, v] `view:body(id)`, `view:overlay(id)` and `component:child(id)` for a string id:
   pushes a handle (see hub_object_block) whose component the host creates, if it is new, when
   it next looks, in the order of the calls, as if the call had reached it at once. Upvalue 1
   is the function block of the host's method, which any other call goes to (a table, a wrong
   type, a memory limit reached: it raises what it raises); upvalue 2 the handles' metatable,
   upvalue 3 the HUB_STEP_* of the method, upvalues 4 and 5 the metatables the parent (argument
   1) may have, upvalue 6 the closure's cache (hub_class_push_stage_cache). Charges the method's
   cost and the component's bytes (HUB_COMPONENT_BYTES) as the host would. A parent that is
   a handle of depth HUB_HANDLE_DEPTH goes to the host's method too (which gives an object),
   and so does one whose component would nest deeper than HUB_STAGED_NESTING (the host
   enforces its own, larger, nesting limit). */
int hub_class_stage(lua_State *L);

/* The deepest handle C makes (hub_object_block.depth). */
#define HUB_HANDLE_DEPTH 1

/* The deepest nesting of a component C stages (hub_object_block.nesting). */
#define HUB_STAGED_NESTING 32

/* [-0, +1, m] Pushes an empty cache for a hub_class_stage closure (its upvalue 6). */
void hub_class_push_stage_cache(lua_State *L);

/* What the memory limit counts for a component a script creates, besides its strings. */
#define HUB_COMPONENT_BYTES 256

/* The key (a light userdata) under which a class's metatable keeps the metatable of its
   handles: the same but for `__gc`, as a handle holds no Swift object to release. */
const void *hub_handles_key(void);

/* [-0, +0, -] Hands the writes C keeps and the components it staged to the host, if any: the
   trampoline does before every call into Swift, and the host after every run of Lua. */
void hub_pending_flush(lua_State *L);

/* The lines run in each file chunk ("@path"), counted by the line hook (coverage.c). */
typedef struct hub_coverage hub_coverage;

/* A sampled profile of the stacks that ran, filled where the budget counts (profile.c). */
typedef struct hub_profile hub_profile;

/* Memory accounting and limits of one Lua state; passed as the allocator's user data. */
typedef struct hub_limits {
    size_t used;            /* bytes currently allocated */
    unsigned long long allocated; /* bytes allocated since the state was made (growth only) */
    size_t limit;           /* 0 = unlimited; covers `used` plus `host_used` */
    size_t host_used;       /* host (Swift) memory the running execution added to models, as
                               the host estimates it; the host resets it per execution */
    int host;               /* > 0 while Swift code runs inside a trampoline: never fail then */
    long budget;            /* instructions left for the running execution; meaningful when armed */
    long budget_limit;      /* the size of that budget, for messages; 0 = no instruction budget */
    int exhausted;          /* why the execution must stop (HUB_EXHAUSTED_*, 0 while it may go
                               on); once set, the hook fires at every instruction */
    long long deadline;     /* hub_monotonic_ns() past which the execution must stop; 0 = none */
    lua_State *thread;      /* the thread the budgeted execution runs on (alive while it runs),
                               whose hook the allocator forces when bytes exhaust the budget */
    hub_pending pending;    /* writes and components not yet handed to the host */
    int traces_identifiers; /* nonzero: identifiers (HUB_DEFER_IDENTIFIER) are never deferred,
                               so the host's setter sees each write with its caller's line
                               (hub check notes where components are named) */
    hub_coverage *coverage; /* the lines run, while coverage is on; NULL when off */
    hub_profile *profile;   /* the stacks sampled, while a profile is on; NULL when off */
    unsigned long long run; /* the run executing (hub_object_block.run), 0 for none */
    char stopped_at[192];   /* "file:line: " where the execution was first stopped (or ""), so
                               that every later raise names the line that ran out, not the
                               line after a pcall that caught the first one */
} hub_limits;

/* Sets up `limits` with no limit, no budget and the host running. */
void hub_limits_init(hub_limits *limits);

/* Sets why the running execution must stop (0: it may go on), forgetting where it was first
   stopped when that changes from or to 0. */
void hub_budget_set_exhausted(hub_limits *limits, int reason);

/* Why an execution was stopped (hub_limits.exhausted). */
#define HUB_EXHAUSTED_BUDGET 1  /* instruction budget exceeded */
#define HUB_EXHAUSTED_TIME 2    /* ran past its deadline */
#define HUB_EXHAUSTED_INTERRUPTED 3 /* interrupted by the user (Ctrl-C) */

/* Makes Ctrl-C (SIGINT) stop the running script at its next hook with "interrupted" (a REPL
   evaluating a line), instead of ending the process. */
void hub_interrupts_install(void);

/* Gives SIGINT back the action it had before hub_interrupts_install, forgetting an interrupt
   not taken. */
void hub_interrupts_uninstall(void);

/* Blocks the calling thread until the next SIGINT that the handler hub_interrupts_install
   installs takes (one return per SIGINT): a thread of its own wakes what waits meanwhile. */
void hub_interrupts_wait(void);

/* Whether Ctrl-C was pressed and the running script has not been stopped for it yet. */
int hub_interrupt_pending(void);

/* [-0, +0, v] After a call into the host returns to the script on L (a wait that Ctrl-C
   ended): when Ctrl-C was pressed and a budgeted execution runs, raises "interrupted" at the
   calling script's line, as the hook would, so that a pcall cannot go on. */
void hub_take_interrupt(lua_State *L, hub_limits *limits);

/* Bytes a script allocates that cost one instruction (copying a byte into fresh memory takes
   about a quarter of an instruction's time, page faults included). */
#define HUB_BYTES_PER_INSTRUCTION 4

/* Nanoseconds of a monotonic clock, for deadlines. */
long long hub_monotonic_ns(void);

/* The allocator (see lua_Alloc); ud must be a hub_limits. While a budgeted script runs (not the
   host), each HUB_BYTES_PER_INSTRUCTION bytes it allocates cost one instruction, so work done
   outside the VM that builds values (concatenation, string functions) counts; when that
   exhausts the budget, the hook of `thread` is made to fire at its next instruction. */
void *hub_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

/* Creates a state whose allocator is hub_alloc over limits; NULL if out of memory. */
lua_State *hub_newstate(hub_limits *limits);

/* The limits a state was created with. */
hub_limits *hub_state_limits(lua_State *L);

/* [-0, +0, -] Counts thread L's instructions against the budget in `limits` (the counters are
   the host's to set): installs the count hook on L, which threads L creates inherit. The hook
   also stops the execution once the clock passes `deadline`, the backstop for work neither
   instructions nor bytes measure (comparing two huge strings). */
void hub_budget_attach(lua_State *L);

/* [-0, +0, -] Whether thread L counts its instructions against the budget. */
int hub_budget_attached(lua_State *L);

/* [-0, +0, v] Charges `cost` instructions of work done in C (e.g. pattern matching) to the
   running budget; raises "instruction budget exceeded" when it runs out (or "time limit
   exceeded" once the execution was stopped for time). No-op without a budget, or in a state
   not made by hub_newstate. */
void hub_budget_charge(lua_State *L, long cost);

/* [-0, +0, v] hub_budget_charge for a C function that has L's limits at hand. */
void hub_charge(lua_State *L, hub_limits *limits, long cost);

/* [-0, +0, -] Charges `cost` instructions of work the host does for the running script (parsing
   its JSON, say) without raising; returns 1 when the budget has run out, and then the script
   stops at its next instruction. No-op (0) without a budget. */
int hub_budget_debit(lua_State *L, long cost);

/* [-0, +0, -] Removes the instruction budget hook from thread L. */
void hub_budget_detach(lua_State *L);

/* [-1, +1, m] Message handler: turns the error on top into "message\ntraceback". */
int hub_traceback(lua_State *L);

/* [-1, +1, v] Wraps the function at 1 in a C function that calls it with its arguments and
   returns its results (a yield inside goes through). A Lua function called in a tail call
   (`return require(...)`) replaces its caller's frame; a C function does not: the wrapped
   function finds its caller's `file:line` three levels up (itself, the wrapper, the caller),
   even then. The prelude's `require` is wrapped so. */
int hub_keep_caller(lua_State *L);

/* [-0, +0, m] Opens the standard libraries; call it through lua_pcall. */
int hub_openlibs(lua_State *L);

/* [-0, +0, -] Routes Lua warnings (warn(...)) to standard error. */
void hub_set_warnings(lua_State *L);

/* [-0, +0, m] Replaces string.find, string.match, string.gmatch and string.gsub with versions
   whose matcher charges its steps to the instruction budget; call it through lua_pcall. */
int hub_openpatterns(lua_State *L);

/* [-0, +0, m] Replaces the standard functions whose C loops do work no hook or allocator sees
   (string.rep, table.insert/remove/move/sort, utf8.len/offset, load) with versions that charge
   it to the instruction budget first; call it through lua_pcall. */
int hub_openmetered(lua_State *L);

/* [-0, +0, m] Keeps scripts from resuming or closing the threads Hub resumes itself: creates
   the registry's table of such threads and guards coroutine.resume and coroutine.close; call
   it through lua_pcall. */
int hub_openthreads(lua_State *L);

/* [-0, +0, m] Registers the global `c_noop`, a C function that does nothing, with lua_register:
   the floor benchmarks measure host calls against. Only the host calls it (it cannot fail). */
void hub_probe_register(lua_State *L);

/* [-0, +0, m] Marks the thread on top of L's stack (left there) as one only Hub resumes. */
void hub_own_thread(lua_State *L);

/* A new, empty record of lines run holding at most `byte_limit` bytes of names and counts (hits
   past it are dropped and counted); NULL when out of memory. */
hub_coverage *hub_coverage_new(size_t byte_limit);

/* Frees a record (NULL: nothing). */
void hub_coverage_free(hub_coverage *coverage);

/* [-0, +0, -] Counts the line a line hook event `ar` names, for a file chunk ("@path"); never
   raises (a hit it cannot keep, past the bound or out of memory, is dropped and counted). The
   implicit return on the `end` line of a function written over several lines is not counted:
   that line is no statement. */
void hub_coverage_record(lua_State *L, hub_coverage *coverage, lua_Debug *ar);

/* How many files the record holds; each one's name (the chunk name without '@'), how many
   entries its counts have, and the counts (index: line; may be NULL when size is 0). */
int hub_coverage_file_count(const hub_coverage *coverage);
const char *hub_coverage_file_name(const hub_coverage *coverage, int file);
int hub_coverage_file_size(const hub_coverage *coverage, int file);
const unsigned long *hub_coverage_file_counts(const hub_coverage *coverage, int file);

/* How many hits the record dropped. */
long hub_coverage_dropped(const hub_coverage *coverage);

/* [-0, +0, -] Starts recording the lines thread L and the threads it creates from now on run
   (the main thread: every thread made later), with a fresh record of at most `byte_limit`
   bytes; 0 when out of memory. The budget's hook then also takes line events; with coverage off
   it takes none, so that costs nothing. */
int hub_coverage_start(lua_State *L, size_t byte_limit);

/* [-0, +0, -] Stops recording on thread L and frees the record (threads still holding the line
   mask ignore line events). */
void hub_coverage_stop(lua_State *L);

/* A new, empty profile sampling every `every` instructions (at least 1) and keeping at most
   `record_bytes` of samples (the rest are dropped and counted); NULL when out of memory. */
hub_profile *hub_profile_new(int every, size_t record_bytes);

/* Frees a profile (NULL: nothing). */
void hub_profile_free(hub_profile *profile);

/* The instructions between two samples. */
int hub_profile_every(const hub_profile *profile);

/* What the host says runs now (an operation's number; 0: nothing in particular), recorded with
   each sample. */
void hub_profile_set_tag(hub_profile *profile, int tag);
int hub_profile_tag(const hub_profile *profile);

/* The deepest stack a sample keeps (its innermost frames). */
#define HUB_PROFILE_DEPTH 128

/* What a frame's function is. */
#define HUB_FRAME_LUA 0
#define HUB_FRAME_MAIN 1        /* a chunk's main function */
#define HUB_FRAME_C 2

/* [-0, +0, -] Counts `instructions` that the budget counted on thread L (the hook's period, a
   host call's or C work's cost) towards the samples, and records the stack of L, where they
   were counted, as one sample for each `every` of them crossed; never raises (a sample it
   cannot keep, out of memory, is dropped). */
void hub_profile_count(lua_State *L, hub_profile *profile, long instructions);

/* Counts `instructions` that the budget counted where no stack may be walked (the allocator's
   charge for bytes) towards the samples; whether a sample is due now, for the hook to record
   at the next instruction. */
int hub_profile_defer(hub_profile *profile, long instructions);

/* A host section (Swift running for Lua: a call, a flush of writes) begins: 1 when it is the
   outermost one, which alone is timed; hub_profile_host_leave ends it, adding `elapsed`
   nanoseconds (0 for an inner one) to the host's time. */
int hub_profile_host_enter(hub_profile *profile);
void hub_profile_host_leave(hub_profile *profile, long long elapsed);

/* Nanoseconds spent in outermost host sections since the profile started. */
long long hub_profile_host_ns(const hub_profile *profile);

/* Samples recorded, and samples dropped for want of memory. */
long hub_profile_samples(const hub_profile *profile);
long hub_profile_dropped(const hub_profile *profile);

/* The samples, `*count` ints in all: for each, its tag, the line of its innermost Lua frame
   (-1: none), its depth, then that many frame indices, outermost first. */
const int *hub_profile_records(const hub_profile *profile, size_t *count);

/* How many distinct frames the samples name; each one's name ("" when its caller gives it
   none), source (the chunk's name without '@' or '=', "[C]" for a C function), line of
   definition (-1 for a C function) and kind (HUB_FRAME_*). */
int hub_profile_frame_count(const hub_profile *profile);
const char *hub_profile_frame_name(const hub_profile *profile, int frame);
const char *hub_profile_frame_source(const hub_profile *profile, int frame);
int hub_profile_frame_line(const hub_profile *profile, int frame);
int hub_profile_frame_what(const hub_profile *profile, int frame);

/* [-0, +0, -] Starts sampling the stacks of thread L and of the threads that run budgeted from
   now on, every `every` instructions, with a fresh profile keeping at most `record_bytes` of
   samples (the budget's hook then fires at that period, each firing charging what it
   counted); 0 when out of memory. Without an
   instruction budget no hook runs, and nothing is sampled. */
int hub_profile_start(lua_State *L, int every, size_t record_bytes);

/* [-0, +0, -] Stops sampling and frees the profile; thread L's hook goes back to its period. */
void hub_profile_stop(lua_State *L);

/* [-0, +0, -] Marks the start and end of the host's work (Swift called from Lua) for the
   profile's host time: costs a branch while no profile is on. hub_host_begin returns what
   hub_host_end takes. */
long long hub_host_begin(hub_limits *limits);
void hub_host_end(hub_limits *limits, long long begun);

#endif
