#ifndef STORMRANGE_CREADLINE_SHIM_H
#define STORMRANGE_CREADLINE_SHIM_H
// readline.h uses FILE without including stdio.h itself.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
// The prompt's markers for text that takes no column, which Swift cannot import as macros
// (character literals).
static const char stormrange_prompt_start_ignore = RL_PROMPT_START_IGNORE;
static const char stormrange_prompt_end_ignore = RL_PROMPT_END_IGNORE;
#endif
