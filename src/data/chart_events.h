/* The events of the charts' lookups: what a modifier table records when one of its entries applies (docs/charts-format.md 10); their sentences are in src/answer/words/charts.c. */
#ifndef LB_CHART_EVENTS_H
#define LB_CHART_EVENTS_H

#include "event.h"

enum chart_event {
    EV_CHARTS_MODIFIER = LBI_EVENT_KIND(LBI_EVA_CHARTS, 1), /* the table's key, the entry's id,
                                                             * its value, marked uncertain (1) or
                                                             * not */
    EV_CHARTS_END
};

#endif
