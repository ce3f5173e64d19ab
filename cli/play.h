/* The play prompt's interface (libedit), used by cmd_play.c. */
#ifndef LB_CLI_PLAY_H
#define LB_CLI_PLAY_H

#include "lb/lb.h"
#include "lb/game.h"

/* Line editing for a game at a terminal: history, completion of the commands, unit ids, hex
 * labels and the pending decision's option keys. */
void play_prompt_open(const lb_game *g, const char *const *commands, int ncommands);
/* The game being completed changed (after an undo it is the same game, rebuilt). */
void play_prompt_game(const lb_game *g);
/* One line typed at prompt, malloc'd (the caller frees), or NULL at the end of input. */
char *play_prompt_read(const char *prompt);
/* Ends line editing. */
void play_prompt_close(void);

#endif
