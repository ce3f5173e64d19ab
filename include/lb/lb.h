/* labataille: the whole public API of the La Bataille rules engine, every header of include/lb. */
#ifndef LB_LB_H
#define LB_LB_H

/*
 * The API a front-end lives on (docs/hacking.md, "The public API"). The game state (lb_state), a
 * game (lb_game), a charge (lb_charge), a melee (lb_melee), a store (lb_store) and a server
 * (lb_server) are opaque handles read through their functions; the rest are the requests and
 * answers of the rules. Each function's comment is its contract: who owns what it returns, who
 * frees it, which errors it answers. The functions listed here are the
 * symbols liblb.a exports, committed in abi/lb.symbols and checked by script/abi.
 *
 * Libraries: liblb_rules.a (the state, its charts and the rules, libc and libm alone), liblb_game.a
 * (with the scenario loader, the JSON answers, the game and the computer player), liblb.a (with
 * the saved games); server.h is liblb_server.a's, data.h the program's embedded data (lb_data).
 */

/* values, errors, hexes, dice, traces, the words of enum values */
#include "core.h"
/* the board, the units, the charts and the scenario */
#include "state.h"
/* the rules' values: decisions, formations, morale, fire, melee, movement */
#include "rules.h"
/* the questions and their answers */
#include "ask.h"
/* games, the computer player, saved games */
#include "game.h"
#include "ai.h"
#include "store.h"
/* the program's embedded data and its server */
#include "data.h"
#include "server.h"

#endif
