#define NCURSES_WIDECHAR 1
#include <ncursesw/ncurses.h>

// Swift cannot import mutable C globals (Swift 6 rejects them) or macros that expand to
// expressions, so the ones the Terminal module needs are wrapped here.

static inline WINDOW *shim_stdscr(void) { return stdscr; }

/// newterm on the process's own stdout/stdin; unlike initscr it returns NULL on a bad TERM.
static inline SCREEN *shim_newterm(void) { return newterm(NULL, stdout, stdin); }

static inline void shim_getmaxyx(WINDOW *window, int *rows, int *columns) {
    getmaxyx(window, *rows, *columns);
}

static inline attr_t shim_A_NORMAL(void) { return A_NORMAL; }
static inline attr_t shim_A_BOLD(void) { return A_BOLD; }
static inline attr_t shim_A_DIM(void) { return A_DIM; }
static inline attr_t shim_A_REVERSE(void) { return A_REVERSE; }
static inline attr_t shim_A_UNDERLINE(void) { return A_UNDERLINE; }
