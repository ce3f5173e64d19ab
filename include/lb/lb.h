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

/* values, errors, growing arrays, the words of enum values */
#include "err.h"
#include "frac.h"
#include "grow.h"
#include "name.h"
#include "printable.h"
/* the board and the scenario */
#include "battle.h"
#include "charts.h"
#include "fire_charts.h"
#include "formation.h"
#include "hex.h"
#include "map.h"
#include "melee_charts.h"
#include "modifiers.h"
#include "move_charts.h"
#include "scenario.h"
#include "state.h"
#include "svg.h"
#include "unit.h"
/* the rules, their traces and dice */
#include "charge.h"
#include "dice.h"
#include "facing.h"
#include "fire.h"
#include "los.h"
#include "melee.h"
#include "morale.h"
#include "move.h"
#include "retreat.h"
#include "stacking.h"
#include "trace.h"
/* answers, decisions, games, the computer player, saved games and checks */
#include "action.h"
#include "ai.h"
#include "answer.h"
#include "ask.h"
#include "decision.h"
#include "game.h"
#include "store.h"
#include "verify.h"
/* the program's embedded data and its server */
#include "data.h"
#include "server.h"

#endif
