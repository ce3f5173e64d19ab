/* The one lookup of the API's enum words (lb/name.h), over each area's own table; it sits at the top of the play level, the computer's levels being among the words. */
#include "lb/core.h"

#include "ai_int.h"
#include "decision_int.h"
#include "err_int.h"
#include "fire_int.h"
#include "game_int.h"
#include "hex_int.h"
#include "retreat_int.h"
#include "state_int.h"
#include "unit_int.h"

const char *lb_name(lb_name_kind kind, int value)
{
    switch (kind) {
    case LB_NAME_AI_LEVEL:
        return lb_ai_level_name((lb_ai_level)value);
    case LB_NAME_ARM:
        return lb_arm_name((lb_arm)value);
    case LB_NAME_DECIDED_BY:
        return lb_decided_by_name((lb_decided_by)value);
    case LB_NAME_DECISION_KIND:
        return lb_decision_kind_name((lb_decision_kind)value);
    case LB_NAME_EDITION:
        return lb_edition_name((lb_edition)value);
    case LB_NAME_ERR:
        return lb_err_name(value);
    case LB_NAME_FIRE_KIND:
        return lb_fire_kind_name((lb_fire_kind)value);
    case LB_NAME_FORMATION:
        return lb_formation_name((lb_formation)value);
    case LB_NAME_HEX_DIR:
        return lb_hex_dir_name(value);
    case LB_NAME_MORALE_STATE:
        return lb_morale_state_name((lb_morale_state)value);
    case LB_NAME_OUTCOME:
        return lb_outcome_name((lb_outcome)value);
    case LB_NAME_READINESS:
        return lb_readiness_name((lb_readiness)value);
    case LB_NAME_SEGMENT:
        return lb_segment_name((lb_segment)value);
    case LB_NAME_VERDICT:
        return lb_verdict_name((lb_verdict)value);
    case LB_NAME_VERIFY_VERDICT:
        return lb_verify_verdict_name((lb_verify_verdict)value);
    case LB_NAME_RETREAT_KIND:
        break;
    }
    return NULL;
}

int lb_name_parse(lb_name_kind kind, const char *text)
{
    switch (kind) {
    case LB_NAME_AI_LEVEL:
        return lb_ai_level_parse(text);
    case LB_NAME_EDITION:
        return lb_edition_parse(text);
    case LB_NAME_FIRE_KIND:
        return lb_fire_kind_parse(text);
    case LB_NAME_FORMATION:
        return lb_formation_parse(text);
    case LB_NAME_RETREAT_KIND:
        return lb_retreat_kind_parse(text);
    default:
        return -1;
    }
}
