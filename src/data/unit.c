/* Units: names of arms, formations, morale states and readiness; unit helpers. */
#include <string.h>

#include "state_types.h"
#include "names.h"
#include "unit_int.h"
#include "hex_int.h"

static const char *const arm_names[] = {"infantry", "cavalry", "artillery", "leader"};
static const char *const formation_names[] = {"column",   "line",     "carre",      "skirmish",
                                              "general",  "road",     "limbered",   "unlimbered",
                                              "masse",    "none"};
static const char *const state_names[] = {"good", "disordered", "routed"};
static const char *const readiness_names[] = {"fresh", "tired", "exhausted"};
static const char *const hold_names[] = {"none", "retreated", "charge", "charged"};
static const char *const march_names[] = {"none", "marching", "failed"};

const char *lb_arm_name(lb_arm arm)
{
    return arm_names[arm];
}

int lb_arm_parse(const char *s)
{
    return lbi_name_index(s, arm_names, 4);
}

const char *lb_formation_name(lb_formation f)
{
    return formation_names[f];
}

int lb_formation_parse(const char *s)
{
    return lbi_name_index(s, formation_names,
                          LB_FORM_NONE); /* "none" is not written in scenarios */
}

const char *lb_morale_state_name(lb_morale_state s)
{
    return state_names[s];
}

int lb_morale_state_parse(const char *s)
{
    return lbi_name_index(s, state_names, 3);
}

const char *lb_readiness_name(lb_readiness r)
{
    return readiness_names[r];
}

int lb_readiness_parse(const char *s)
{
    return lbi_name_index(s, readiness_names, 3);
}

const char *lb_move_hold_name(lb_move_hold h)
{
    return hold_names[h];
}

int lb_move_hold_parse(const char *s)
{
    return lbi_name_index(s, hold_names, 4);
}

const char *lb_force_march_name(lb_force_march m)
{
    return march_names[m];
}

int lb_force_march_parse(const char *s)
{
    return lbi_name_index(s, march_names, 3);
}

int lb_unit_is_combat(const lb_unit *u)
{
    return u->arm != LB_ARM_LEADER;
}

int lb_unit_strength(const lb_unit *u)
{
    return u->increments - u->losses;
}

int lb_unit_in_hex(const lb_unit *u, lb_hex h)
{
    for (int i = 0; i < u->nhexes; i++)
        if (lb_hex_eq(u->hexes[i], h))
            return 1;
    return 0;
}

int lb_unit_bonus(const lb_unit *u, const char *key)
{
    for (int i = 0; i < u->nbonus; i++)
        if (strcmp(u->bonus[i].key, key) == 0)
            return u->bonus[i].value;
    return 0;
}
