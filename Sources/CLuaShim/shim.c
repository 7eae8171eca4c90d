#include "CLuaShim.h"

#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <pthread.h>
#include <signal.h>
#include <semaphore.h>
#include <errno.h>

hub_limits *hub_state_limits(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (hub_limits *)ud;
}

static void hub_budget_raise(lua_State *L, int level, int reason);

void hub_charge(lua_State *L, hub_limits *limits, long cost) {
    if (limits->budget_limit <= 0) return;
    limits->budget -= cost;
    if (limits->profile != NULL) hub_profile_count(L, limits->profile, cost); /* never raises */
    if (limits->exhausted) hub_budget_raise(L, 1, limits->exhausted);
    if (limits->budget <= 0) hub_budget_raise(L, 1, HUB_EXHAUSTED_BUDGET);
}

static void hub_budget_hook(lua_State *L, lua_Debug *ar);

/* The hook's mask for `mask` (count events or none): line events too while coverage is on. */
static int hub_hook_mask(const hub_limits *limits, int mask) {
    return limits->coverage != NULL ? mask | LUA_MASKLINE : mask;
}

long long hub_monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

/* Charges `grown` bytes a script allocated to the running budget. When they exhaust it, the
   running thread's hook is made to fire at its next instruction, where it raises: the
   allocator itself must not raise, but lua_sethook may be called anywhere (lua.c calls it from
   a signal handler), and the VM looks at hooks again before its next instruction. So too when
   they make a profile's sample due: the hook records it there (the allocator must not walk
   the stack), then goes back to its period. */
static void hub_charge_bytes(hub_limits *limits, size_t grown) {
    if (limits->host != 0 || limits->budget_limit <= 0 || grown < HUB_BYTES_PER_INSTRUCTION) return;
    long instructions = (long)(grown / HUB_BYTES_PER_INSTRUCTION);
    limits->budget -= instructions;
    int sample_due = limits->profile != NULL && hub_profile_defer(limits->profile, instructions);
    if ((limits->budget <= 0 || sample_due) && !limits->exhausted && limits->thread != NULL) {
        lua_sethook(limits->thread, hub_budget_hook, hub_hook_mask(limits, LUA_MASKCOUNT), 1);
    }
}

void *hub_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    hub_limits *limits = (hub_limits *)ud;
    size_t old = ptr == NULL ? 0 : osize;
    if (nsize == 0) {
        free(ptr);
        limits->used -= old;
        return NULL;
    }
    if (limits->limit > 0 && limits->host == 0 && nsize > old &&
        limits->used + limits->host_used + (nsize - old) > limits->limit) {
        return NULL;
    }
    void *block = realloc(ptr, nsize);
    if (block != NULL) {
        limits->used = limits->used - old + nsize;
        if (nsize > old) {
            limits->allocated += nsize - old;
            hub_charge_bytes(limits, nsize - old);
        }
    }
    return block;
}

static int hub_panic(lua_State *L) {
    const char *message = lua_tostring(L, -1);
    fprintf(stderr, "hub: unprotected Lua error: %s\n", message ? message : "(not a string)");
    return 0; /* Lua aborts */
}

static void hub_warn(void *ud, const char *message, int tocont) {
    (void)ud;
    fputs(message, stderr);
    if (!tocont) fputc('\n', stderr);
}

void hub_set_warnings(lua_State *L) { lua_setwarnf(L, hub_warn, NULL); }

lua_State *hub_newstate(hub_limits *limits) {
    lua_State *L = lua_newstate(hub_alloc, limits);
    if (L != NULL) {
        lua_atpanic(L, hub_panic);
    }
    return L;
}

#define HUB_HOOK_EVERY 1000

/* The instructions between two firings of the count hook: a running profile's period. */
static int hub_hook_every(const hub_limits *limits) {
    return limits->profile != NULL ? hub_profile_every(limits->profile) : HUB_HOOK_EVERY;
}

/* [-0, +1, m] Pushes "file:line: " of the first Lua function from `level` up whose chunk is a
   script's, skipping Hub's own chunks (named "=hub.*"); like luaL_where(L, level) otherwise. */
static void hub_script_where(lua_State *L, int level) {
    lua_Debug ar;
    for (int at = level; lua_getstack(L, at, &ar); at++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 && strncmp(ar.source, "=hub.", 5) != 0) {
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
    luaL_where(L, level);
}

void hub_limits_init(hub_limits *limits) {
    memset(limits, 0, sizeof *limits);
    limits->host = 1;
}

void hub_budget_set_exhausted(hub_limits *limits, int reason) {
    if ((limits->exhausted == 0) != (reason == 0)) limits->stopped_at[0] = '\0';
    limits->exhausted = reason;
}

/* Raises why the execution must stop (`reason`, a HUB_EXHAUSTED_* kept from the first time),
   naming the script line running at `level` (or above it) the first time, and from then on
   fires the hook at every instruction, so a pcall in the script cannot go on. */
static void hub_budget_raise(lua_State *L, int level, int reason) {
    hub_limits *limits = hub_state_limits(L);
    if (!limits->exhausted) hub_budget_set_exhausted(limits, reason);
    lua_sethook(L, hub_budget_hook, hub_hook_mask(limits, LUA_MASKCOUNT), 1);
    if (limits->stopped_at[0] == '\0') {
        hub_script_where(L, level);
        strncpy(limits->stopped_at, lua_tostring(L, -1), sizeof limits->stopped_at - 1);
        limits->stopped_at[sizeof limits->stopped_at - 1] = '\0';
        lua_pop(L, 1);
    }
    lua_pushstring(L, limits->stopped_at);
    if (limits->exhausted == HUB_EXHAUSTED_TIME) {
        lua_pushliteral(L, "time limit exceeded (still running at its deadline)");
    } else if (limits->exhausted == HUB_EXHAUSTED_INTERRUPTED) {
        lua_pushliteral(L, "interrupted");
    } else {
        lua_pushfstring(L, "instruction budget exceeded (%I instructions)", (lua_Integer)limits->budget_limit);
    }
    lua_concat(L, 2);
    lua_error(L);
}

/* Set by SIGINT while interrupts are installed; taken by the hook of the running script, or
   when a call into the host (a wait) returns to it. */
static volatile sig_atomic_t interrupt_pending = 0;

/* Posted at each SIGINT taken (sem_post may be called in a signal handler), for
   hub_interrupts_wait. */
static sem_t interrupt_posts;
static pthread_once_t interrupt_posts_made = PTHREAD_ONCE_INIT;

static void hub_interrupt_posts_make(void) { sem_init(&interrupt_posts, 0, 0); }

static void hub_on_interrupt(int signal_number) {
    (void)signal_number;
    int saved = errno;
    interrupt_pending = 1;
    sem_post(&interrupt_posts);
    errno = saved;
}

void hub_interrupts_wait(void) {
    pthread_once(&interrupt_posts_made, hub_interrupt_posts_make);
    while (sem_wait(&interrupt_posts) != 0 && errno == EINTR) {
    }
}

int hub_interrupt_pending(void) { return interrupt_pending; }

void hub_take_interrupt(lua_State *L, hub_limits *limits) {
    if (!interrupt_pending || limits->budget_limit <= 0) return;
    interrupt_pending = 0;
    hub_budget_raise(L, 1, HUB_EXHAUSTED_INTERRUPTED);
}

/* The action of SIGINT that hub_interrupts_install replaced, for hub_interrupts_uninstall. */
static struct sigaction interrupt_replaced;

void hub_interrupts_install(void) {
    pthread_once(&interrupt_posts_made, hub_interrupt_posts_make);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = hub_on_interrupt;
    sigemptyset(&action.sa_mask);
    interrupt_pending = 0;
    sigaction(SIGINT, &action, &interrupt_replaced);
    /* A process may start with SIGINT blocked (its parent's mask): let it through. */
    sigset_t interrupt;
    sigemptyset(&interrupt);
    sigaddset(&interrupt, SIGINT);
    pthread_sigmask(SIG_UNBLOCK, &interrupt, NULL);
}

void hub_interrupts_uninstall(void) {
    sigaction(SIGINT, &interrupt_replaced, NULL);
    interrupt_pending = 0;
}

static void hub_budget_hook(lua_State *L, lua_Debug *ar) {
    hub_limits *limits = hub_state_limits(L);
    if (ar->event == LUA_HOOKLINE) {
        hub_coverage_record(L, limits->coverage, ar); /* never raises */
        return;
    }
    if (limits->profile != NULL) hub_profile_count(L, limits->profile, lua_gethookcount(L)); /* never raises */
    if (limits->budget_limit <= 0) return;
    if (interrupt_pending) {
        interrupt_pending = 0;
        hub_budget_raise(L, 0, HUB_EXHAUSTED_INTERRUPTED);
    }
    /* Level 0 inside a hook is the Lua function that was running: name its line. */
    if (limits->exhausted) hub_budget_raise(L, 0, limits->exhausted);
    /* The instructions counted since the hook last fired: its period (1 once exhausted). */
    limits->budget -= lua_gethookcount(L);
    if (limits->budget <= 0) hub_budget_raise(L, 0, HUB_EXHAUSTED_BUDGET);
    if (limits->deadline > 0 && hub_monotonic_ns() > limits->deadline) hub_budget_raise(L, 0, HUB_EXHAUSTED_TIME);
    /* Made to fire at once for a sample the allocator made due: back to the period. */
    if (lua_gethookcount(L) != hub_hook_every(limits)) {
        lua_sethook(L, hub_budget_hook, hub_hook_mask(limits, LUA_MASKCOUNT), hub_hook_every(limits));
    }
}

void hub_budget_charge(lua_State *L, long cost) {
    void *ud = NULL;
    if (lua_getallocf(L, &ud) != hub_alloc) return; /* a state without Hub's limits */
    hub_charge(L, (hub_limits *)ud, cost);
}

int hub_budget_debit(lua_State *L, long cost) {
    void *ud = NULL;
    if (lua_getallocf(L, &ud) != hub_alloc) return 0; /* a state without Hub's limits */
    hub_limits *limits = (hub_limits *)ud;
    if (limits->budget_limit <= 0) return 0;
    limits->budget -= cost;
    if (limits->profile != NULL) hub_profile_count(L, limits->profile, cost); /* never raises */
    if (limits->budget > 0 && !limits->exhausted) return 0;
    if (!limits->exhausted) hub_budget_set_exhausted(limits, HUB_EXHAUSTED_BUDGET);
    lua_sethook(L, hub_budget_hook, hub_hook_mask(limits, LUA_MASKCOUNT), 1);
    return 1;
}

void hub_budget_attach(lua_State *L) {
    hub_limits *limits = hub_state_limits(L);
    lua_sethook(L, hub_budget_hook, hub_hook_mask(limits, LUA_MASKCOUNT), limits->exhausted ? 1 : hub_hook_every(limits));
}

void hub_budget_detach(lua_State *L) {
    hub_limits *limits = hub_state_limits(L);
    if (limits->coverage != NULL) {
        lua_sethook(L, hub_budget_hook, LUA_MASKLINE, 0);
    } else {
        lua_sethook(L, NULL, 0, 0);
    }
}

int hub_budget_attached(lua_State *L) {
    return lua_gethook(L) == hub_budget_hook && (lua_gethookmask(L) & LUA_MASKCOUNT) != 0;
}

int hub_coverage_start(lua_State *L, size_t byte_limit) {
    hub_limits *limits = hub_state_limits(L);
    hub_coverage *coverage = hub_coverage_new(byte_limit);
    if (coverage == NULL) return 0;
    hub_coverage_free(limits->coverage);
    limits->coverage = coverage;
    int counting = hub_budget_attached(L);
    lua_sethook(L, hub_budget_hook, hub_hook_mask(limits, counting ? LUA_MASKCOUNT : 0), counting ? lua_gethookcount(L) : 0);
    return 1;
}

void hub_coverage_stop(lua_State *L) {
    hub_limits *limits = hub_state_limits(L);
    hub_coverage_free(limits->coverage);
    limits->coverage = NULL;
    if (hub_budget_attached(L)) {
        lua_sethook(L, hub_budget_hook, LUA_MASKCOUNT, lua_gethookcount(L));
    } else {
        lua_sethook(L, NULL, 0, 0);
    }
}

int hub_profile_start(lua_State *L, int every, size_t record_bytes) {
    hub_limits *limits = hub_state_limits(L);
    hub_profile *profile = hub_profile_new(every, record_bytes);
    if (profile == NULL) return 0;
    hub_profile_free(limits->profile);
    limits->profile = profile;
    if (hub_budget_attached(L) && !limits->exhausted) hub_budget_attach(L);
    return 1;
}

void hub_profile_stop(lua_State *L) {
    hub_limits *limits = hub_state_limits(L);
    hub_profile_free(limits->profile);
    limits->profile = NULL;
    if (hub_budget_attached(L) && !limits->exhausted) hub_budget_attach(L);
}

long long hub_host_begin(hub_limits *limits) {
    if (limits->profile == NULL) return -1;
    return hub_profile_host_enter(limits->profile) ? hub_monotonic_ns() : 0;
}

void hub_host_end(hub_limits *limits, long long begun) {
    if (begun < 0 || limits->profile == NULL) return;
    hub_profile_host_leave(limits->profile, begun > 0 ? hub_monotonic_ns() - begun : 0);
}

/* The wrapped call's results: everything on the stack (after a yield, too). */
static int kept_caller_done(lua_State *L, int status, lua_KContext context) {
    (void)status;
    (void)context;
    return lua_gettop(L);
}

/* Calls upvalue 1 with the arguments, returning its results. */
static int kept_caller_call(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_callk(L, lua_gettop(L) - 1, LUA_MULTRET, 0, kept_caller_done);
    return lua_gettop(L);
}

int hub_keep_caller(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_settop(L, 1);
    lua_pushcclosure(L, kept_caller_call, 1);
    return 1;
}

/* [-0, +1] Pushes the raw field `key` of the table at `index`; whether it is a string. */
static int raw_string_field(lua_State *L, int index, const char *key) {
    lua_pushstring(L, key);
    return lua_rawget(L, index) == LUA_TSTRING;
}

int hub_traceback(lua_State *L) {
    const char *message = NULL;
    if (lua_type(L, 1) == LUA_TSTRING) {
        message = lua_tostring(L, 1);
    } else if (lua_type(L, 1) == LUA_TTABLE && raw_string_field(L, 1, "message")) {
        /* A Hub error table: "location: message", as a string error raised there reads (its
           text would say the location a second time, after the message). */
        if (raw_string_field(L, 1, "location")) {
            message = lua_pushfstring(L, "%s: %s", lua_tostring(L, -1), lua_tostring(L, -2));
        } else {
            message = lua_tostring(L, -2);
        }
    } else if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
        message = lua_tostring(L, -1);
    } else {
        message = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    luaL_traceback(L, L, message, 1);
    return 1;
}

int hub_openlibs(lua_State *L) {
    luaL_openlibs(L);
    return 0;
}
