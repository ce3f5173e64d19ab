/* Verifying a game's dice from its export: the secret against its commitment, every roll against the derivation (or the seed), the journal replayed to the state it claims. */
#ifndef LB_VERIFY_H
#define LB_VERIFY_H

#include <stddef.h>
#include <stdint.h>

#include "dice.h"
#include "err.h"
#include "game.h"
#include "scenario.h"

/*
 * R-DICE-5 (docs/api.md "Fair dice"): anyone holding the export of a finished game checks its
 * dice without trusting the server. Secret dice: SHA-256 of the revealed secret must be the
 * commitment published when the game was made, and the k-th ROLL entry of the whole journal
 * (undone ones included) must be lb_dice_derive(secret, k, its kind), for every k from the
 * settings' first_draw (the rolls before it were rolled by the game it was imported from, under
 * another secret, and are reported as imported). Seeded dice (not for play): every roll must be
 * the seed's PCG32 draw, in journal order. Either way the journal must replay to the state hash
 * the export claims. A game still in play has no revealed secret: nothing can be verified yet.
 */

typedef enum lb_verify_verdict {
    LB_VERIFIED,          /* every roll checked, the commitment and the replay match */
    LB_VERIFY_FAILED,     /* a roll, the commitment or the replay does not match */
    LB_VERIFY_NOT_YET     /* secret dice of a battle in play: no secret revealed yet */
} lb_verify_verdict;

#define LB_VERIFY_SHOWN 16 /* mismatched rolls kept for the report (all are counted) */

/* A roll that is not the dice's: journal entry `entry` (1-based), the draw k of the game. */
typedef struct lb_verify_mismatch {
    int entry;
    int draw;
    lb_die_kind kind;
    int expected, found;
    char purpose[LB_PURPOSE_MAX];
} lb_verify_mismatch;

typedef struct lb_verify_report {
    lb_dice_mode mode;
    uint64_t seed;                          /* seeded */
    char commitment[LB_DICE_HEX_MAX];       /* secret: as the settings publish it */
    char secret[LB_DICE_HEX_MAX];           /* secret: as revealed, "" when not */
    int commitment_ok;                      /* secret: SHA-256 of the secret is the commitment
                                             * (the settings' and the dice member's) */
    char commitment_found[LB_DICE_HEX_MAX]; /* the secret's SHA-256, when revealed */
    char commitment_dice[LB_DICE_HEX_MAX];  /* the dice member's commitment, "" none */
    int rolls;                              /* ROLL entries of the whole journal */
    int checked;                            /* of them checked against the dice */
    int imported;                           /* of them before first_draw: not checked */
    int nmismatches;                        /* rolls that are not the dice's */
    lb_verify_mismatch mismatches[LB_VERIFY_SHOWN];
    int replayed;                           /* the journal replays to the state claimed */
    char replay[LB_ERR_MSG_MAX];            /* why it does not, or "" */
    char hash[20];                          /* the state hash the export claims */
    int over;                               /* the battle is over (replayed) */
    int seq;                                /* the journal's length */
    lb_verify_verdict verdict;
} lb_verify_report;

/* Verifies the export text (name places its errors), its scenario loaded with opts: LB_OK with
 * the report in *out (whatever the verdict); LB_SYNTAX or LB_INVALID for a file that is not an
 * export (each problem in errs with its line, column and JSON Pointer); LB_IO (no random bytes
 * for the replay's throw-away secret); LB_NOMEM. */
int lb_game_verify(const char *name, const char *text, size_t len, const lb_load_opts *opts,
                   lb_verify_report *out, lb_errlist *errs);

#endif
