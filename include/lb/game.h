/* A game: the Chronology of Battle played on a state, its decisions, journal, undo and score, and its verification. */
#ifndef LB_GAME_H
#define LB_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "core.h"
#include "state.h"
#include "rules.h"
#include "ask.h"

/*
 * Who owns, who frees, which errors:
 * lb_game_new and lb_game_import make an lb_game the caller owns and frees with lb_game_free;
 * its state, pending decision, trace and journal are borrowed from it and change when it does.
 * Documents written into a char ** are malloc'd: the caller frees them. A refused answer is a
 * verdict (lb_game_answer), not an error; errors are LB_NOMEM, LB_INVALID, LB_STALE ... with
 * lb_game_error's words.
 */

/* ---- game.h: The game: a battle played turn by turn through the Chronology of Battle (2), its decisions, journal, replay, undo and result. */

/*
 * A game is a scenario (its text), settings and a journal. The state is never saved: it is the
 * scenario with the journal replayed, and lb_game_hash proves two games equal (every unit with
 * all its fields, the reinforcements still to come, objective holders, the clock, the segment,
 * the game's per-segment records and the pending decision).
 *
 * The engine advances through the Chronology of Battle until a side must decide, and offers an
 * lb_decision with exactly the legal options (R-GAME-3). Each option has a stable key:
 *   enumerated: "end"; "fire:UNIT:HEX", a fire of one unit that the fire rules allow now (in a
 *     fire segment, or an opportunity fire); the movement keys ("move:UNIT:HEX", "face:…",
 *     "form:…", "enter:UNIT:HEX", …, R-GAME-3); "melee:HEX:UNIT"; "pass"; a retreat's end hex or
 *     "auto"; the charge's and the melee's own keys ("target", "stand", "carre", …);
 *   parameterised (lb_option.param): "fire" (param "firers:hex") takes ":U1+U2+…:HEX", one unit
 *     or several firing together at one hex, the first leading (R-FIRE-23), checked whole by
 *     the fire rules; "charge:UNIT" and "path:UNIT" take ":H1,H2,…", the hexes of the path;
 *     "melee:HEX" takes ":U1+U2+…", the attackers.
 * An answer that is not legal now is refused with the reason (the ruling of the rule that
 * refuses it: a fire by the fire rules' own) and changes nothing.
 *
 * Dice (R-DICE-3, docs/api.md "Fair dice"): a game's dice are secret (the default for play: the
 * k-th die ever drawn is keyed by a secret of 32 bytes from the system, published only as its
 * SHA-256 commitment until the battle is over, when it is revealed so that anyone can check
 * every roll) or seeded (a PCG32 from the settings' seed: tests, self-play, scripted games; not
 * for play, since the seed tells every die). Every die is journalled with its purpose right
 * after the decision that caused it. Replay takes the dice from the journal (it never rolls).
 * The stream never rewinds: the next draw is the one after every ROLL entry of the whole
 * journal, those an undo took back included, so after an undo the dice are fresh (R-GAME-14).
 *
 * The journal only grows. An undo is an entry too (LB_ENTRY_UNDO: back to the first N effective
 * entries), so `seq`, the journal's length, rises with every change and a stale client is always
 * caught (api.md 409). The effective journal is what replay plays: the entries no undo took
 * back.
 *
 * The game owns everything it returns; pointers stay valid until the next call that changes it.
 */

typedef struct lb_game lb_game;

/* Who may take back what (R-GAME-14); nothing is taken back once the battle is over. */
typedef enum lb_undo_policy {
    LB_UNDO_HOTSEAT,     /* both sides at one table: back to any decision */
    LB_UNDO_TWO_PLAYERS, /* a side takes back its own decisions while no die has been rolled and
                          * no enemy decision taken since */
    LB_UNDO_COMPUTER     /* a person against the computer: back to a decision (the computer's
                          * since go with it) while no die has been rolled since */
} lb_undo_policy;

/* Where a game's dice come from (R-DICE-3). */
typedef enum lb_dice_mode {
    LB_DICE_SEEDED,      /* a PCG32 from seed: tests and scripted games, not for play */
    LB_DICE_SECRET       /* keyed by secret, committed to by commitment */
} lb_dice_mode;

#define LB_GAME_NAME_MAX 48
#define LB_NEVER_ASK_MAX 16

typedef struct lb_game_settings {
    lb_dice_mode dice;
    uint64_t seed;                        /* seeded: the game's dice */
    unsigned char secret[LB_DICE_SECRET_BYTES]; /* secret: the key of every draw; never in the
                                                 * settings' JSON, never shown in play */
    char commitment[LB_DICE_HEX_MAX];     /* secret: SHA-256 of secret, in hex, published */
    int first_draw;                       /* secret: the draws before this one came from another
                                           * secret (an import of a game in play) */
    uint64_t ai_seed;                     /* secret: the computer's look-ahead dice (R-AI-3) */
    int rules;                            /* an lb_edition, or -1: the scenario's */
    lb_undo_policy undo;
    char players[2][LB_GAME_NAME_MAX];    /* who plays each side ("" when not said) */
    int movement_time_limit_s;            /* every side's allowance, 0: the scenario's (17) */
    unsigned char charge_questions[2];    /* R-OCH-4: 1 when the side is asked its cavalry's
                                           * opportunity charges; 0: "never ask me" (the default
                                           * while the web game does not show the question) */
    char never_ask[LB_NEVER_ASK_MAX][LB_SUBJECT_MAX]; /* R-OCH-9: cavalry units whose owner is
                                           * never asked their reaction or opportunity charges */
    int nnever_ask;
} lb_game_settings;

/* Roles: a side index (0, 1), both sides at one table, or a spectator. */
enum { LB_ROLE_BOTH = -1, LB_ROLE_SPECTATOR = -2 };

/* Why an answer was refused (nothing changed). */
typedef enum lb_verdict {
    LB_ACCEPTED,
    LB_REFUSED_STALE,     /* seq is not the journal's length (api.md 409) */
    LB_REFUSED_NOT_YOURS, /* the pending decision is the other side's (403) */
    LB_REFUSED_ILLEGAL,   /* not a legal option now, or the rules refuse it (422) */
    LB_REFUSED_NONE       /* no decision is pending: the game is over (422) */
} lb_verdict;

#define LB_GAME_REASON_MAX 320

typedef struct lb_game_answer {
    lb_verdict verdict;
    const char *rule;                 /* the ruling behind a refusal, or NULL */
    char reason[LB_GAME_REASON_MAX];  /* why it was refused; "" when accepted */
    int seq_before, seq_after;        /* the journal's length before and after */
} lb_game_answer;

/* The result: who won and how clearly (R-VIC-4). */
typedef enum lb_outcome {
    LB_OUTCOME_NONE,        /* the game goes on */
    LB_OUTCOME_DRAW,
    LB_OUTCOME_MARGINAL,
    LB_OUTCOME_SUBSTANTIVE,
    LB_OUTCOME_DECISIVE
} lb_outcome;

typedef struct lb_game_score {
    int points[2];          /* each side's points now (R-VIC-3) */
    int objectives[2];      /* of them from objectives held */
    int increments[2];      /* enemy increments it eliminated */
    int surrendered[2];     /* enemy units that surrendered to it */
    int leaders[2];         /* enemy leaders killed or captured */
    int levels[2];          /* points for enemy organisations on a Morale Level (R-VIC-6) */
    int over;               /* the game has ended */
    int winner;             /* side index, -1: none (a draw, or not over) */
    lb_outcome outcome;
    int conceded;           /* the side that conceded, -1 none */
} lb_game_score;

/* Default settings: seeded dice of seed 1, the scenario's edition, hot-seat, untimed unless the
 * scenario says. */
void lb_game_settings_init(lb_game_settings *s);
/* Secret dice for s: a new secret and computer's seed from the system, the commitment, first
 * draw 0. LB_OK, or LB_IO (s unchanged) when the system gives no random bytes. */
int lb_game_settings_secret(lb_game_settings *s);

/* A new game of the scenario text (name places its errors), loaded with opts, at the first
 * decision. LB_OK; LB_SYNTAX or LB_INVALID with every problem in errs (secret dice whose secret
 * is not the commitment's are refused); LB_NOMEM. */
int lb_game_new(const char *name, const char *text, size_t len, const lb_load_opts *opts,
                const lb_game_settings *settings, lb_game **out, lb_errlist *errs);
/* Frees the game; NULL is fine. */
void lb_game_free(lb_game *g);

/* Replaces the journal with j and replays it: LB_OK, or LB_INVALID with the first entry that
 * does not replay in err (the game is then at its start, with an empty journal); LB_NOMEM. */
int lb_game_load_journal(lb_game *g, const lb_journal *j, lb_err *err);

/* The journal's length: every entry ever appended, undos included. */
int lb_game_seq(const lb_game *g);
/* The journal, every entry. */
const lb_journal *lb_game_journal(const lb_game *g);

/* The state now (owned by the game). */
const lb_state *lb_game_state(const lb_game *g);
/* The pending decision, or NULL when the game is over. */
const lb_decision *lb_game_pending(const lb_game *g);
/* Answers the pending decision as role at journal length seq with key (see above): verdict in
 * out. LB_OK (accepted or refused), or an internal failure that leaves the game as it was before
 * the call: LB_NOMEM, LB_INVALID, or LB_STALE (a rules result refused by its apply for being of
 * another state: a fault of the engine, never of the answer). A stale seq is not an error: the
 * verdict LB_REFUSED_STALE. */
int lb_game_decide(lb_game *g, int role, int seq, const char *key, lb_game_answer *out);
/* lb_game_decide with the decider's reason: when accepted, the answer's trace begins with a step
 * of rule (a literal, "R-AI-1") and section "ai" saying note (the computer player's one line). */
int lb_game_decide_noted(lb_game *g, int role, int seq, const char *key, const char *rule,
                         const char *note, lb_game_answer *out);
/* Role concedes the battle (the other side wins decisively, R-VIC-5). Returns as decide. */
int lb_game_concede(lb_game *g, int role, int seq, lb_game_answer *out);
/* R-OCH-13: role says it is never to be asked again about its cavalry unit `unit` (its
 * reaction and opportunity charges, as the settings' never_ask, R-OCH-9), from the next question
 * on (a question pending now stays as asked). Journalled as an entry of its own ({"decision":
 * "never_ask", "subject": unit, "key": "never"}), taken back by an undo past it. Refused
 * (nothing changed): a spectator's, or a unit of the other side (LB_REFUSED_NOT_YOURS); a unit
 * not in play, not cavalry, or never asked already, or LB_NEVER_ASK_MAX said in play
 * (LB_REFUSED_ILLEGAL); the battle over (LB_REFUSED_NONE). Returns as decide. */
int lb_game_never_ask(lb_game *g, int role, int seq, const char *unit, lb_game_answer *out);
/* Takes back the effective journal to its first `keep` entries, by the game's policy
 * (R-GAME-14); keep = -1 takes back role's last decision (LB_ROLE_BOTH: the last decision of
 * either side). Nothing is taken back once the battle is over (a concession is final, R-VIC-1,
 * and the secret of the dice is revealed then). Returns as decide. */
int lb_game_undo(lb_game *g, int role, int seq, int keep, lb_game_answer *out);
/* Makes the game's undo policy p from now on (a session against the computer makes a hot-seat
 * game's stricter); its settings say so. */
void lb_game_set_undo_policy(lb_game *g, lb_undo_policy p);
/* What went wrong in the last call that failed ("" when nothing did). */
const char *lb_game_error(const lb_game *g);
/* The trace of what the last accepted answer did (the rules' reasons, the dice). */
const lb_trace *lb_game_trace(const lb_game *g);

/* The clock: game turn number from 1, time of day in minutes, last turn's time (-1 none). */
int lb_game_turn_number(const lb_game *g);
/* The score and, when over, the result. */
void lb_game_score_of(const lb_game *g, lb_game_score *out);
/* The settings. */
const lb_game_settings *lb_game_settings_of(const lb_game *g);
/* Names who plays side (0 or 1) in the settings, saved with the game: a person's name, or
 * "computer:LEVEL" for the computer (the terminal game resumes against it). The name is cut to
 * LB_GAME_NAME_MAX - 1 bytes; a side out of range changes nothing. */
void lb_game_set_player(lb_game *g, int side, const char *name);
/* The seed of the computer's own look-ahead dice and of the server's random player (R-AI-3):
 * the seed of seeded dice, the settings' ai_seed of secret dice (it tells nothing of the game's
 * dice, which are keyed by the secret). */
uint64_t lb_game_ai_seed(const lb_game *g);

/* The 64-bit state hash (R-GAME-13). */
uint64_t lb_game_hash(const lb_game *g);

/* Answers q as lb_ask does on the game's state, but as the game would declare it now: a FIRE
 * question's fire_kind -1 is the kind the game would make now (R-FIRE-19: opportunity while an
 * opportunity fire is offered, defensive in the Defensive Fire segment, else offensive); a MELEE
 * question without q->melee is the assault of q->units (1 to LB_MELEE_ATTACKERS_MAX) on q->to,
 * each attacker with what the side's sequence left it (the hex it fired at, the fire it took, the
 * charge it owes) and the units that count as having passed their pre-melee check (R-MEL-2,
 * R-MEL-25); asked as a look (LB_LOOK_WORDS), refused too with the game's reasons (R-GAME-18,
 * R-GAME-21). The answer borrows the game's state: free it before the game changes. Errors as
 * lb_ask's; LB_USAGE with err for more attackers than an action holds. */
int lb_game_ask(const lb_game *g, const lb_question *q, lb_answer **out, lb_err *err);

/* A uniformly random answer for the pending decision from rng (the random player, R-GAME-15):
 * an enumerated option, or for a parameterised one the path, attackers or firers it builds
 * (which the rules may still refuse); writes the key into key (n bytes). LB_OK, or LB_NOT_FOUND
 * when nothing is pending. */
int lb_game_random_key(const lb_game *g, lb_pcg32 *rng, char *key, size_t n);

/* The game as one JSON document {"format": "labataille-game/1", "scenario", "scenario_name",
 * "settings", "dice", "journal", "seq", "hash"} in a malloc'd string (secret dice: no secret
 * until the battle is over); LB_OK or LB_NOMEM. */
int lb_game_export(const lb_game *g, char **out);
/* A game from an export: loaded, replayed and its hash checked. Secret dice get a new secret
 * from the system (their rolls so far stay, as imported: first_draw counts them) unless the
 * battle is over, when the revealed secret is kept (checked against its commitment). LB_OK;
 * LB_SYNTAX, LB_INVALID (with the reason in errs), LB_IO (no random bytes) or LB_NOMEM. */
int lb_game_import(const char *name, const char *text, size_t len, const lb_load_opts *opts,
                   lb_game **out, lb_errlist *errs);

/* The view of role (api.md): {"seq","title","clock","turn","phasing","segment","score",
 * "result","units","reinforcements","objectives","pending","trace",…} in a malloc'd string;
 * LB_OK or LB_NOMEM. */
int lb_game_view_json(const lb_game *g, int role, char **out);

/* Where g stands, in a few words: "13:40 french offensive_fire", "over: french marginal". */
void lb_game_summary(const lb_game *g, char *buf, size_t n);

/* ---- verify.h: Verifying a game's dice from its export: the secret against its commitment, every roll against the derivation (or the seed), the journal replayed to the state it claims. */

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
