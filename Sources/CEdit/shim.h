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

#include <signal.h>
#include <string.h>

/* Ctrl-C at the prompt: a flag its handler sets, read (and cleared) once readline returns. */
static volatile sig_atomic_t hub_edit_interrupted = 0;

static void hub_edit_on_interrupt(int signal) {
    (void)signal;
    hub_edit_interrupted = 1;
}

/* Installs the handler while the prompt reads a line (no SA_RESTART: the read is interrupted),
   keeping the one it replaces in `previous`. */
static inline void hub_edit_catch_interrupts(struct sigaction *previous) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = hub_edit_on_interrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, previous);
}

static inline void hub_edit_restore_interrupts(const struct sigaction *previous) {
    sigaction(SIGINT, previous, NULL);
}

/* Whether Ctrl-C was pressed since the last call. */
static inline int hub_edit_take_interrupt(void) {
    int interrupted = hub_edit_interrupted;
    hub_edit_interrupted = 0;
    return interrupted;
}
