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
#endif
