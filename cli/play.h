/* The terminal game's shared parts (cmd_play.c, play_look.c, play_prompt.c): the session, what it shows, and its prompt (libedit). */
#ifndef LB_CLI_PLAY_H
#define LB_CLI_PLAY_H

#include <jansson.h>
#include <stdio.h>

#include "lb/ai.h"
#include "lb/game.h"
#include "lb/lb.h"
#include "lb/store.h"

/* What a command did: done, refused (why says why), leave, or failed (why says what). */
enum { PLAY_OK, PLAY_REFUSED, PLAY_QUIT, PLAY_ERROR };

#define PLAY_WHY_MAX 512
#define PLAY_OPTIONS_SHOWN 24 /* options listed before each prompt; `options` lists the rest */

typedef struct play {
    lb_game *g;
    lb_store *store;
    long long id;
    FILE *out;               /* the answers: stdout, or nowhere with --json */
    json_t *traces;          /* with --json: every answer accepted in this run, {"seq", "trace"} */
    char why[PLAY_WHY_MAX];  /* why the last command was refused or failed */
    int is_new;              /* made now (saved once its players are known), not reopened */
    int ai;                  /* the side the computer plays (--ai, or the saved game's), -1 none */
    lb_ai_settings ai_settings;
    int hints;               /* --hints: both people at the table allow `hint` (R-GAME-23) */
    json_t *hints_asked;     /* R-GAME-24: the hints asked in this run, [{"side", "seq"}] */
} play;

/* Sets P->why and returns PLAY_REFUSED. */
int play_refuse(play *P, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- play_hints.c: the hints asked (R-GAME-24) ------------------------------------------- */

/* Records a hint side asked at the journal's length seq: in this run, and in the saved game's
 * hosting when it is in a store. LB_OK or the store's error. */
int play_note_hint(play *P, int side, int seq);
/* The game's export (lb_game_export) with the hints asked beside the journal ("hints": the
 * saved game's, else this run's, when there are any), into *out (malloc'd). */
int play_export(play *P, char **out);

/* ---- play_look.c: what the prompt shows, and the commands that only look ------------------ */

/* The trace of the last accepted answer. */
void play_print_trace(play *P);
/* The score, and the result when the battle is over. */
void play_print_score(play *P);
/* Where the game stands and the pending decision with its options. */
void play_print_status(play *P);
/* A hex label, or a unit id standing for its first hex, into label: 0, or -1 refused. */
int play_hex_arg(play *P, const char *s, char *label);
/* The index of unit s on the map, or -1 refused. */
int play_unit_arg(play *P, const char *s);
/* The fire of units names[0..n-1] at target (a hex, or a unit standing for its one hex the fire
 * may be made at, R-FIRE-22) of the kind the game makes now, asked as look (LB_LOOK_TARGET: the
 * hex alone; LB_LOOK_WORDS: its odds too) into *out (the caller frees it; firers holds the n
 * indexes it reads) and the target's label: 0, or -1 refused (*out NULL). */
int play_fire_ask(play *P, char **names, int n, const char *target, int look, int *firers,
                  char *label, lb_answer **out);
/* show; unit ID; los FROM TO; odds fire|charge|melee …; options [WORD]. */
int play_show(play *P, int argc, char **argv);
int play_unit(play *P, int argc, char **argv);
int play_los(play *P, int argc, char **argv);
int play_odds(play *P, int argc, char **argv);
int play_options(play *P, int argc, char **argv);

/* ---- play_prompt.c: line editing -------------------------------------------------------- */

/* Line editing for a game at a terminal: history, completion of the commands, unit ids, hex
 * labels and the pending decision's option keys. */
void play_prompt_open(const lb_game *g, const char *const *commands, int ncommands);
/* The game being completed changed (after an undo it is the same game, rebuilt). */
void play_prompt_game(const lb_game *g);
/* One line typed at prompt, malloc'd (the caller frees), or NULL at the end of input; kept in the
 * history unless blank or not printable text (lb/printable.h). */
char *play_prompt_read(const char *prompt);
/* Ends line editing. */
void play_prompt_close(void);

#endif
