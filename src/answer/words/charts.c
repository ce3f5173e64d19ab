/* The words of the charts' lookups (docs/charts-format.md 10): the sentence of each event of src/data/chart_events.h. */
#include "chart_events.h"
#include "words.h"

static const char *const sentences[] = {
    [LBI_EVENT_INDEX(EV_CHARTS_MODIFIER)] =
        "{0}.{1} applies: {2+}{3? (a chart value marked uncertain)}",
};

const lbi_words lbi_words_charts = {sentences, LBI_EVENT_INDEX(EV_CHARTS_END), NULL, 0};
