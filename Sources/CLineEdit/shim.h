/*
 * CLineEdit: BSD libedit (Debian libedit-dev, pkg-config libedit) through its readline-compatible
 * API, for the flowscript REPL's line editing, history and completion.
 *
 * Swift 6 treats imported mutable C globals as unsafe shared state, so the few globals the REPL
 * sets are set through these functions.
 */
#ifndef CLINEEDIT_SHIM_H
#define CLINEEDIT_SHIM_H
#include <stdio.h>
#include <stdlib.h>
#if __has_include(<editline/readline.h>)
#include <editline/readline.h>
#else
#include <readline.h>
#endif

static inline void clineedit_set_completion(char *(*generator)(const char *, int)) {
  rl_completion_entry_function = generator;
}

static inline void clineedit_free(void *pointer) { free(pointer); }

/* The context of a completion: called with the start of the word being completed. */
static inline void clineedit_set_attempted_completion(char **(*function)(const char *, int, int)) {
  rl_attempted_completion_function = function;
}

/* The line being edited (valid during a completion). */
static inline const char *clineedit_line_buffer(void) { return rl_line_buffer; }

/* Reads each character through `getc` (the REPL polls its input, to notice a watched file
   change and Ctrl-C); with signals off libedit leaves SIGINT to the REPL's own handler. */
static inline void clineedit_set_getc(int (*getc)(FILE *)) {
  rl_getc_function = getc;
  rl_catch_signals = 0;
}

/* Redraws the prompt and the line being edited after output was printed under it. */
static inline void clineedit_redisplay(void) { rl_forced_update_display(); }
#endif
