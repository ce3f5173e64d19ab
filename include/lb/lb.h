/* labataille: the whole public API of the La Bataille rules engine. */
#ifndef LB_LB_H
#define LB_LB_H

#include "arena.h"
#include "charge.h"
#include "charge_charts.h"
#include "charts.h"
#include "decision.h"
#include "dice.h"
#include "effects.h"
#include "err.h"
#include "fire.h"
#include "fire_charts.h"
#include "frac.h"
#include "hex.h"
#include "los.h"
#include "map.h"
#include "melee.h"
#include "melee_charts.h"
#include "modifiers.h"
#include "move.h"
#include "morale.h"
#include "readiness.h"
#include "retreat.h"
#include "scenario.h"
#include "state.h"
#include "svg.h"
#include "trace.h"
#include "unit.h"

#endif
