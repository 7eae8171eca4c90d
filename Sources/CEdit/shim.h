/* libedit's readline interface (Debian's libedit-dev): line editing, history and completion
   for `hub repl`. */
#include <stdio.h>
#include <editline/readline.h>

/* Swift cannot touch libedit's global variables (shared mutable state): these set them. */
static inline void hub_edit_set_completer(rl_completion_func_t *completer) {
    rl_attempted_completion_function = completer;
}

static inline void hub_edit_completion_done(void) {
    rl_attempted_completion_over = 1;
}

#include <pthread.h>
#include <signal.h>
#include <string.h>

/* Makes `getc` what the prompt reads each character with (its code point; -1 ends the line
   being read), and turns libedit's own signal handling off: `getc` sees Ctrl-C and resizes
   through the handlers below. Call it before the first readline. */
static inline void hub_edit_set_getc(int (*getc)(FILE *)) {
    rl_getc_function = getc;
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
}

/* Ctrl-C and window resizes at the prompt: flags their handlers set, each read (and cleared)
   by a hub_edit_take_* call. Static: each Swift file using them has its own copy, so one file
   must do all of catching and taking. */
static volatile sig_atomic_t hub_edit_interrupted = 0;
static volatile sig_atomic_t hub_edit_resized = 0;

static void hub_edit_on_signal(int signal) {
    if (signal == SIGINT) hub_edit_interrupted = 1;
    if (signal == SIGWINCH) hub_edit_resized = 1;
}

/* The handlers the prompt's replace while it reads a line. */
typedef struct {
    struct sigaction interrupt;
    struct sigaction resize;
} hub_edit_signals;

/* Installs the prompt's handlers of SIGINT and SIGWINCH (no SA_RESTART: a wait for a key is
   interrupted), keeping those they replace in `previous`, and lets the two signals through to
   the calling thread: a process may start with them blocked (its parent's mask), and Ctrl-C
   at the first prompt would then go unheard. */
static inline void hub_edit_catch_signals(hub_edit_signals *previous) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = hub_edit_on_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previous->interrupt);
    sigaction(SIGWINCH, &action, &previous->resize);
    sigset_t caught;
    sigemptyset(&caught);
    sigaddset(&caught, SIGINT);
    sigaddset(&caught, SIGWINCH);
    pthread_sigmask(SIG_UNBLOCK, &caught, NULL);
}

static inline void hub_edit_restore_signals(const hub_edit_signals *previous) {
    sigaction(SIGINT, &previous->interrupt, NULL);
    sigaction(SIGWINCH, &previous->resize, NULL);
}

/* Whether Ctrl-C was pressed since the last call. */
static inline int hub_edit_take_interrupt(void) {
    int interrupted = hub_edit_interrupted;
    hub_edit_interrupted = 0;
    return interrupted;
}

/* Whether the window was resized since the last call. */
static inline int hub_edit_take_resize(void) {
    int resized = hub_edit_resized;
    hub_edit_resized = 0;
    return resized;
}
