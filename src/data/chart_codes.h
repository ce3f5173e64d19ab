/* The codes the charts write for their enumerations (private): read by the chart compilers, written back by the lookups. */
#ifndef LB_CHART_CODES_H
#define LB_CHART_CODES_H

#include "lbi.h"

/* charts-format 5.5 "on", by lb_fire_trigger_on: every, even, odd, third. */
LBI extern const char *const lbi_fire_trigger_codes[4];
/* charts-format 5.6 "result", by lb_casualty_kind: killed, wounded, captured. */
LBI extern const char *const lbi_casualty_codes[3];
/* charts-format 7.1 "result", by lb_carre_result: CARRE, DD, PGD. */
LBI extern const char *const lbi_carre_result_codes[3];
/* charts-format 6.1 melee results other than losses, by lb_melee_code: NE, AR, AD, DR, DD, DS. */
LBI extern const char *const lbi_melee_codes[6];

#endif
