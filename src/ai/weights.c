/* The evaluation's weights: their defaults, their names, and a text of overrides read ("hope=0.6,threat=0.7") for tuning. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai_int.h"

/* Each weight's name, its place in ai_weights and its default (docs/ai.md, "Values"). */
static const struct {
    const char *name;
    size_t offset;
    double value;
} weight_table[] = {
    {"hope", offsetof(ai_weights, hope), 0.5},
    {"mass", offsetof(ai_weights, mass), 0.25},
    {"guard", offsetof(ai_weights, guard), 0.35},
    {"waiting", offsetof(ai_weights, waiting), 0.6},
    {"threat", offsetof(ai_weights, threat), 0.8},
    {"melee", offsetof(ai_weights, melee), 0.5},
    {"charge", offsetof(ai_weights, charge), 0.5},
    {"fresh", offsetof(ai_weights, fresh), 0.08},
    {"moving", offsetof(ai_weights, moving), 0.3},
    {"assault", offsetof(ai_weights, assault), 0.1},
};
#define WEIGHTS ((int)(sizeof weight_table / sizeof weight_table[0]))
#define WEIGHT_MAX 100.0 /* a weight read is finite, 0 to this */

static double *slot(ai_weights *w, int i)
{
    return (double *)((char *)w + weight_table[i].offset);
}

/* The default weights into w. */
static void weights_default(ai_weights *w)
{
    for (int i = 0; i < WEIGHTS; i++)
        *slot(w, i) = weight_table[i].value;
}

/* The weight named by the n bytes at name, or -1. */
static int weight_named(const char *name, size_t n)
{
    for (int i = 0; i < WEIGHTS; i++)
        if (strlen(weight_table[i].name) == n && strncmp(weight_table[i].name, name, n) == 0)
            return i;
    return -1;
}

/* One "name=value" item at p (up to a comma or the end) into w; its end into *end. */
static int read_item(const char *p, ai_weights *w, const char **end, char *err, size_t n)
{
    size_t len = strcspn(p, "=,");
    int i = weight_named(p, len);
    if (i < 0 || p[len] != '=') {
        char names[128] = "";
        for (int k = 0; k < WEIGHTS; k++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k ? ", " : "",
                     weight_table[k].name);
        snprintf(err, n, "expected a weight's name (%s) and '=', found \"%.*s\"", names,
                 (int)strcspn(p, ","), p);
        return LB_INVALID;
    }
    const char *number = p + len + 1;
    char *stop;
    errno = 0;
    double v = strtod(number, &stop);
    if (stop == number || (*stop && *stop != ',') || errno || !isfinite(v) || v < 0 ||
        v > WEIGHT_MAX) {
        snprintf(err, n, "%s: expected a number from 0 to %g, found \"%.*s\"",
                 weight_table[i].name, WEIGHT_MAX, (int)strcspn(number, ","), number);
        return LB_INVALID;
    }
    *slot(w, i) = v;
    *end = stop;
    return LB_OK;
}

int lbi_ai_weights_read(const char *text, ai_weights *w, char *err, size_t n)
{
    weights_default(w);
    if (!text || !*text)
        return LB_OK;
    const char *p = text;
    for (;;) {
        int rc = read_item(p, w, &p, err, n);
        if (rc != LB_OK)
            return rc;
        if (!*p)
            return LB_OK;
        p++; /* the comma */
    }
}

int lb_ai_weights_check(const char *text, char *err, size_t n)
{
    ai_weights w;
    char none[1];
    return lbi_ai_weights_read(text, &w, err ? err : none, err ? n : sizeof none);
}
