/* The registry of nations compiled (private): the display names of nations and of their classes (charts-format 3.1), kept by the state for lb_charts_nation_name and lb_charts_class_name. */
#ifndef LB_CHART_NAMES_H
#define LB_CHART_NAMES_H

typedef struct lbi_class_name {
    const char *id;
    const char *name; /* NULL when the entry has no string "name" */
} lbi_class_name;

typedef struct lbi_nation_names {
    const char *id;
    const char *name; /* NULL when the entry has no string "name" */
    lbi_class_name *classes;
    int nclasses;
} lbi_nation_names;

/* lb_charts.nations: every object entry of the charts' "nations", each with its object entries
 * of "classes", in the state's arena; NULL when the charts have no registry. */
struct lbi_nations {
    lbi_nation_names *list;
    int count;
};

#endif
