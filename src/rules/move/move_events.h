/* The events of movement (18), formations (15), zones of influence (14) and reinforcements (45): what the move rules record and the reasons they give; their sentences are in src/answer/words/move.c. */
#ifndef LB_MOVE_EVENTS_H
#define LB_MOVE_EVENTS_H

#include <string.h>

#include "event.h"
#include "state_types.h"
#include "state_int.h"

#define MOVE_EV(i) LBI_EVENT_KIND(LBI_EVA_MOVE, i)

/* A list of hexes or units is given as its first arguments, each entry after the first
 * optional (an empty label or id ends it): MOVE_HEXES_MAX hexes, MOVE_UNITS_MAX units. */
#define MOVE_HEXES_MAX 8
#define MOVE_UNITS_MAX 16

enum move_events {
    /* formations (15): lb_formation_check's refusals */
    EV_MOVE_FORM_NOT_ALLOWED = MOVE_EV(1), /* unit, formation, why (MOVE_PH_NOT_ALLOWED) */
    EV_MOVE_FORM_SHAKEN,          /* unit, its morale state */
    EV_MOVE_FORM_MARCHING,        /* unit */
    EV_MOVE_FACING_KIND,          /* formation, it faces a vertex (not 0) or a hexside, facing */
    EV_MOVE_FORM_CAVALRY_WEAK,    /* unit, increments */
    EV_MOVE_FORM_SPAN,            /* unit, increments, formation, fewest, most hexes, asked */
    EV_MOVE_FORM_OFF_MAP,         /* formation */
    EV_MOVE_FORM_NO_FACING,       /* formation */
    EV_MOVE_FORM_LAYOUT,          /* formation, the unit's first hex */
    EV_MOVE_FORM_TERRAIN,         /* formation, hex, why (MOVE_PH_TERRAIN) */
    EV_MOVE_FORM_ROAD,            /* (none) */
    EV_MOVE_FORM_LINE_FULL,       /* unit, increments */
    EV_MOVE_FORM_ALREADY,         /* unit, formation, the facing asked differs (not 0) */
    /* formations: what decided a legal change, its cost, the limber roll */
    EV_MOVE_FORM_LINE_HEXES,      /* hexes (MOVE_HEXES_MAX), cavalry (not 0), increments, fewest,
                                   * most */
    EV_MOVE_FORM_SCREEN_HEXES,    /* hexes (MOVE_HEXES_MAX), unit, cavalry (not 0), 4 increments
                                   * or more (not 0) */
    EV_MOVE_FORM_CARRE,           /* unit, increments, facing */
    EV_MOVE_FORM_FACING_KEPT,     /* unit, facing, formation */
    EV_MOVE_FORM_FACING_TURNED,   /* unit, facing, formation, faces a vertex (not 0), new facing */
    EV_MOVE_FORM_COST,            /* unit, formation before, after, an infantry line's further
                                   * hex paid (not 0), MP,
                                   * free (not 0) */
    EV_MOVE_LIMBER_NO_RANGE,      /* nation, class, each named (not 0) */
    EV_MOVE_LIMBER_ODDS,          /* modifier, lowest, highest, chances in 6 */
    EV_MOVE_LIMBER_ROLL,          /* die, modifier, total, success (not 0) */
    /* zones of influence (14): lb_zoi_trace */
    EV_MOVE_ZOI_NONE,             /* hex, enemy, its hex, in carré (not 0) or routed */
    EV_MOVE_ZOI_PROHIBITED,       /* hex, enemy, its hex, its arm */
    EV_MOVE_ZOI_HEXSIDE,          /* hex, direction, hexside class, enemy, formation, its hex,
                                   * facing (0: none), a front (not 0), cavalry (not 0) */
    /* the allowance (R-MOV-3) */
    EV_MOVE_WHY,                  /* a reason in a phrase (MOVE_PH_NO_ALLOWANCE, …) */
    EV_MOVE_ALLOWANCE_ZERO,       /* why (MOVE_PH_NO_ALLOWANCE) */
    EV_MOVE_LEADER_MP,            /* leader, MP, from its counter (not 0) */
    EV_MOVE_HELD_NEXT,            /* unit */
    EV_MOVE_PRINTED,              /* unit, MP */
    EV_MOVE_MARCH_MP,             /* multiple, MP */
    EV_MOVE_LINE_START,           /* MP less */
    EV_MOVE_DISORDERED_HALF,      /* (none) */
    EV_MOVE_CARRE_START,          /* (none) */
    EV_MOVE_HALVES,               /* unit, MP (a fraction) */
    /* one step judged: why a unit takes no step, may not enter, passes friends */
    EV_MOVE_SHAKEN,               /* unit, its morale state */
    EV_MOVE_STOPPED,              /* unit */
    EV_MOVE_UNLIMBERED,           /* (none) */
    EV_MOVE_RODE,                 /* leader */
    EV_MOVE_LEADER_NO_ENEMY,      /* hex */
    EV_MOVE_LEADERS_ALONE,        /* hex */
    EV_MOVE_ENEMY_HEX,            /* hex */
    EV_MOVE_PASS_SCREENS,         /* hex */
    EV_MOVE_PASS_CAVALRY,         /* hex */
    EV_MOVE_NO_PASS_CAVALRY,      /* hex */
    EV_MOVE_FRIENDLY_CAVALRY,     /* hex */
    EV_MOVE_CAVALRY_END,          /* hex */
    EV_MOVE_PASS_WITHIN,          /* hex */
    EV_MOVE_STACK_AT,             /* hex, the stacking rules' reason (kind, arguments) */
    EV_MOVE_MARCH_END,            /* enemy, its hex */
    EV_MOVE_OFF_MAP,              /* direction */
    EV_MOVE_CLOSER,               /* unit, hex entered, enemy unit, distance before, after */
    EV_MOVE_FOES,                 /* unit, enemy formations counted */
    EV_MOVE_CARRE_MOVED,          /* unit */
    EV_MOVE_CARRE_OPEN,           /* (none) */
    EV_MOVE_HELD,                 /* unit */
    EV_MOVE_PROHIBITED,           /* hex, arm */
    /* one action checked */
    EV_MOVE_REFUSED,              /* unit, action, the reason (kind, arguments) */
    EV_MOVE_FIRE,                 /* units (MOVE_UNITS_MAX), mover, action, hex */
    EV_MOVE_CAPTURE,              /* units (MOVE_UNITS_MAX), mover, action, hex */
    EV_MOVE_CARRE_ENTERED,        /* units (MOVE_UNITS_MAX), mover, action, hex */
    EV_MOVE_FOLLOW,               /* units (MOVE_UNITS_MAX), mover */
    EV_MOVE_TOO_DEAR,             /* MP, unit, MP left, allowance */
    EV_MOVE_WHOLE_STEP,           /* from, to, MP of each hex (3 x MOVE_HEXES_MAX), unit,
                                   * direction, MP */
    EV_MOVE_WHOLE_TRIED,          /* from, to of each hex (2 x MOVE_HEXES_MAX), unit, direction */
    EV_MOVE_FLANK_STEP,           /* unit, direction, hexside class, facing */
    EV_MOVE_ZONE_LEFT,            /* unit, moves as horse (not 0) */
    EV_MOVE_DRAG,                 /* MP, hex */
    EV_MOVE_NO_DRAG,              /* hex, unit */
    EV_MOVE_TERRAIN_FORMATION,    /* unit, formation, hex */
    EV_MOVE_SKIRMISH_ONLY,        /* hex, unit */
    EV_MOVE_CARRE_ONTO_CAVALRY,   /* unit, hex */
    EV_MOVE_ZONE_STOP,            /* unit, hex */
    EV_MOVE_ZONE_PASS,            /* unit, hex */
    EV_MOVE_NO_FIRE_ENTERING,     /* hex */
    EV_MOVE_ENTERS,               /* unit, hex, MP, the formation it takes there or "" */
    EV_MOVE_FACE_LEADER,          /* (none) */
    EV_MOVE_FACE_CARRE,           /* (none) */
    EV_MOVE_FACE_ALREADY,         /* unit, facing */
    EV_MOVE_FACE_ABOUT,           /* formation, hexes, the facing about */
    EV_MOVE_FACES,                /* unit, new facing, old facing, MP */
    EV_MOVE_FORMS,                /* unit, formation, several hexes (not 0), MP, a limber roll
                                   * (not 0), a carré's first action (not 0) */
    EV_MOVE_PROLONGE_UNLIMBERED,  /* (none) */
    EV_MOVE_PROLONGE_HEAVY,       /* unit, class */
    EV_MOVE_PROLONGE_ACTED,       /* unit */
    EV_MOVE_PROLONGE_CLOSED,      /* hex */
    EV_MOVE_PROLONGE_OPEN,        /* (none) */
    EV_MOVE_PROLONGES,            /* unit, hex */
    EV_MOVE_ATTACH_COMBAT,        /* (none) */
    EV_MOVE_DETACH_NONE,          /* leader */
    EV_MOVE_DETACHES,             /* leader, unit */
    EV_MOVE_ATTACH_NONE,          /* the unit named, leader, one is named (not 0) */
    EV_MOVE_ATTACH_ALREADY,       /* leader, unit */
    EV_MOVE_ATTACHES,             /* leader, unit */
    EV_MOVE_MARCH_FORMATION,      /* unit, its morale state, formation */
    EV_MOVE_MARCH_LATE,           /* (none) */
    EV_MOVE_MARCH_DIVISION_ACTED, /* unit, its division, a battalion of it that has acted */
    EV_MOVE_MARCH_LEVEL,          /* unit, the Morale Level of its organisation */
    EV_MOVE_MARCH_LEVEL_ZERO,     /* unit */
    EV_MOVE_MARCH_NO_CHECK,       /* unit */
    EV_MOVE_MARCHES,              /* unit, turn, modifier, chance to pass, multiple */
    EV_MOVE_NO_DIR,               /* (none) */
    EV_MOVE_NO_ACTION,            /* (none) */
    EV_MOVE_MARCH_CHECK,          /* roll, passed (not 0) */
    /* every hex in reach, whole plans */
    EV_MOVE_HELD_ACTED,           /* unit */
    EV_MOVE_RECORD,               /* unit, MP spent, actions, steps */
    EV_MOVE_ROAD_MARCH,           /* unit */
    EV_MOVE_REACH,                /* unit, hexes reachable, where it may end, other actions */
    EV_MOVE_END_STACKED,          /* unit, hex, friendly combat units */
    EV_MOVE_NO_END,               /* unit, the reason (kind, arguments) */
    EV_MOVE_NO_PATH,              /* unit, the hex asked */
    /* reinforcements (45) */
    EV_MOVE_ENTRY_EDGE,           /* unit, hex */
    EV_MOVE_ENTRY_DEPLOYED,       /* unit, formation */
    EV_MOVE_ENTRY_BLOCKED,        /* hex, unit, hexes, a turn later (not 0) */
    EV_MOVE_ENTRY_PROHIBITED,     /* hex, arm */
    EV_MOVE_ENTRY_FORMATION,      /* unit, hex, why (MOVE_PH_ENTRY) */
    EV_MOVE_ENTRY_SPAN,           /* unit, formation, increments, hexes */
    EV_MOVE_ENTRY_DEAR,           /* hex, half MP, unit, half MP */
    EV_MOVE_ENTERS_MAP,           /* unit, hex, formation, half MP */
    EV_MOVE_END
};

/* Phrase lists. */
enum move_phrases {
    MOVE_PH_NOT_ALLOWED = MOVE_EV(1), /* why a unit never takes a formation (enum
                                       * move_not_allowed) */
    MOVE_PH_TERRAIN,                  /* why it may not stand in a hex (enum move_terrain) */
    MOVE_PH_NO_ALLOWANCE,             /* why its allowance is 0 (enum move_no_allowance) */
    MOVE_PH_NO_MARCH,                 /* why an arm does not force-march, by lb_arm */
    MOVE_PH_ENTRY,                    /* why it may not enter in its formation (enum
                                       * move_entry_formation) */
    MOVE_PH_END
};

/* R-FORM-2, R-FORM-5: MOVE_FORM_ALLOWED, or why not. */
enum move_not_allowed {
    MOVE_FORM_ALLOWED,
    MOVE_FORM_LEADER,
    MOVE_FORM_MASSE,
    MOVE_FORM_ARTILLERY,
    MOVE_FORM_LIMBER,
    MOVE_FORM_CAVALRY_CARRE,
    MOVE_FORM_INFANTRY_SCREEN,
    MOVE_FORM_CAVALRY_SCREEN
};

/* R-FORM-2, R-MOV-4: MOVE_TERRAIN_OK, or why a formation may not stand in a hex. */
enum move_terrain {
    MOVE_TERRAIN_OK,
    MOVE_TERRAIN_OFF_MAP,
    MOVE_TERRAIN_PROHIBITED,
    MOVE_TERRAIN_SKIRMISH_ONLY,
    MOVE_TERRAIN_LINE,
    MOVE_TERRAIN_CARRE,
    MOVE_TERRAIN_COLUMN,
    MOVE_TERRAIN_GENERAL,
    MOVE_TERRAIN_ROAD
};

/* R-MOV-3, R-MOV-5, R-MOV-16: why a unit's allowance is 0. */
enum move_no_allowance {
    MOVE_ZERO_ROUTED,
    MOVE_ZERO_RETREATED,
    MOVE_ZERO_CHARGE,
    MOVE_ZERO_CHARGED,
    MOVE_ZERO_MARCH_FAILED,
    MOVE_ZERO_NO_MP
};

/* RF45-3: why a unit may not enter in its formation. */
enum move_entry_formation {
    MOVE_ENTRY_LIMBERED,
    MOVE_ENTRY_GENERAL,
    MOVE_ENTRY_ROAD,
    MOVE_ENTRY_OPEN
};

/* Arguments. */
static inline lb_event_arg mv_ev_hex(const lb_state *st, lb_hex h)
{
    char label[LB_HEX_LABEL_MAX];
    return lbi_ev_label(lb_map_label(&st->map, h, label));
}

/* s as the last arguments of another event, from args[n] on (its kind, then its own, written by
 * "{N>}"): returns the count of arguments then. */
static inline int mv_ev_said(lb_event_arg *args, int n, const lb_said *s)
{
    args[n++] = ev_int(s->event);
    memcpy(args + n, s->args, (size_t)s->nargs * sizeof *args);
    return n + s->nargs;
}

/* Records what s says as a step of t. */
static inline void mv_trace_said(lb_trace *t, const char *rule, const char *section,
                                 const lb_said *s)
{
    lbi_trace_event(t, rule, section, s->event, s->args, s->nargs);
}

#endif
