/*
 * CLuaShim: the few C functions Hub needs so that no Lua error ever unwinds a Swift frame.
 *
 * - hub_trampoline: the only C function Hub registers for Swift callbacks. It calls the Swift
 *   dispatcher, and raises the Lua error itself after the Swift frame has returned.
 * - hub_alloc: a lua_Alloc with a configurable cap that never fails inside host (Swift) code.
 * - hub_budget_*: an instruction budget enforced by a count hook that raises from C.
 * - hub_traceback / hub_openlibs: a message handler and a protected library opener.
 */
#ifndef HUB_CLUA_SHIM_C_H
#define HUB_CLUA_SHIM_C_H

#include <stddef.h>
#include <lua.h>

/* What the dispatcher returns when it pushed an error value that must be raised. */
#define HUB_RAISE (-1)

/* The Swift side of every trampoline call: returns the number of results, or HUB_RAISE. */
typedef int (*hub_dispatcher)(lua_State *L);

/* Installs the dispatcher (once, before any trampoline runs). */
void hub_set_dispatcher(hub_dispatcher dispatcher);

/* The block of the full userdata that is upvalue 1 of every trampoline closure. */
typedef struct hub_function_block {
    void *box;              /* the retained Swift function box; NULL once released */
    long cost;              /* instructions each call is charged to the budget (host work) */
} hub_function_block;

/* [-0, +(n|0), v] Charges the call's cost to the budget, calls the dispatcher, and raises the
   value it left on top when it says so. */
int hub_trampoline(lua_State *L);

/* Memory accounting and limits of one Lua state; passed as the allocator's user data. */
typedef struct hub_limits {
    size_t used;            /* bytes currently allocated */
    size_t limit;           /* 0 = unlimited; covers `used` plus `host_used` */
    size_t host_used;       /* host (Swift) memory the running execution added to models, as
                               the host estimates it; the host resets it per execution */
    int host;               /* > 0 while Swift code runs inside a trampoline: never fail then */
    long budget;            /* instructions left for the running execution; meaningful when armed */
    long budget_limit;      /* the size of that budget, for messages; 0 = no instruction budget */
    int exhausted;          /* set once the budget ran out: the hook then fires at every instruction */
} hub_limits;

/* The allocator (see lua_Alloc); ud must be a hub_limits. */
void *hub_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

/* Creates a state whose allocator is hub_alloc over limits; NULL if out of memory. */
lua_State *hub_newstate(hub_limits *limits);

/* The limits a state was created with. */
hub_limits *hub_state_limits(lua_State *L);

/* [-0, +0, -] Counts thread L's instructions against the budget in `limits` (the counters are
   the host's to set): installs the count hook on L, which threads L creates inherit. */
void hub_budget_attach(lua_State *L);

/* [-0, +0, -] Whether thread L counts its instructions against the budget. */
int hub_budget_attached(lua_State *L);

/* [-0, +0, v] Charges `cost` instructions of work done in C (e.g. pattern matching) to the
   running budget; raises "instruction budget exceeded" when it runs out. No-op without one. */
void hub_budget_charge(lua_State *L, long cost);

/* [-0, +0, -] Removes the instruction budget hook from thread L. */
void hub_budget_detach(lua_State *L);

/* [-1, +1, m] Message handler: turns the error on top into "message\ntraceback". */
int hub_traceback(lua_State *L);

/* [-0, +0, m] Opens the standard libraries; call it through lua_pcall. */
int hub_openlibs(lua_State *L);

/* [-0, +0, -] Routes Lua warnings (warn(...)) to standard error. */
void hub_set_warnings(lua_State *L);

/* [-0, +0, m] Replaces string.find, string.match, string.gmatch and string.gsub with versions
   whose matcher charges its steps to the instruction budget; call it through lua_pcall. */
int hub_openpatterns(lua_State *L);

#endif
