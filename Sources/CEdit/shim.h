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
