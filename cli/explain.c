/* explain: a ruling of docs/rulings.md (built into the program) by its id, or an area's rulings by their first lines. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "lb/data.h"

/* Does the line at p (to end) open the item of a ruling whose id starts with prefix ("R-FIRE-7"
 * exactly when whole, or "R-FIRE-" for an area)? Case-insensitive; *id_len gets the id's
 * length. */
static int opens(const char *p, const char *end, const char *prefix, int whole, size_t *id_len)
{
    if (end - p < 4 || strncmp(p, "- R-", 4) != 0)
        return 0;
    p += 2;
    size_t n = 0;
    while (p + n < end && (isalnum((unsigned char)p[n]) || p[n] == '-'))
        n++;
    if (n == 0 || p + n >= end || p[n] != '.')
        return 0;
    size_t want = strlen(prefix);
    if (whole ? n != want : n <= want)
        return 0;
    for (size_t i = 0; i < want; i++)
        if (toupper((unsigned char)p[i]) != toupper((unsigned char)prefix[i]))
            return 0;
    *id_len = n;
    return 1;
}

/* The end of the line at p (past its '\n'), or end. */
static const char *line_end(const char *p, const char *end)
{
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    return nl ? nl + 1 : end;
}

/* The heading ("## Fire (R-FIRE)") above position at, into buf; "" when none. */
static void heading_of(const char *text, const char *at, char *buf, size_t n)
{
    buf[0] = '\0';
    for (const char *p = text; p < at; p = line_end(p, at))
        if (strncmp(p, "## ", 3) == 0) {
            const char *e = line_end(p, at);
            int len = (int)(e - p - 3);
            if (len > 0 && p[3 + len - 1] == '\n')
                len--;
            snprintf(buf, n, "%.*s", len, p + 3);
        }
}

/* Prints the whole item of ruling id (its indented continuation lines) and returns 1, or 0. */
static int print_ruling(FILE *out, const char *text, const char *end, const char *id)
{
    size_t id_len;
    for (const char *p = text; p < end; p = line_end(p, end)) {
        if (!opens(p, end, id, 1, &id_len))
            continue;
        char heading[160];
        heading_of(text, p, heading, sizeof heading);
        if (heading[0])
            fprintf(out, "%s\n", heading);
        const char *e = line_end(p, end);
        while (e < end && strncmp(e, "  ", 2) == 0)
            e = line_end(e, end);
        fprintf(out, "%.*s", (int)(e - p), p);
        if (e[-1] != '\n')
            fputc('\n', out);
        return 1;
    }
    return 0;
}

/* Prints the first line of every ruling of area ("R-FIRE-") and returns how many. */
static int print_area(FILE *out, const char *text, const char *end, const char *area)
{
    int count = 0;
    size_t id_len;
    for (const char *p = text; p < end; p = line_end(p, end)) {
        if (!opens(p, end, area, 0, &id_len))
            continue;
        const char *e = line_end(p, end);
        fprintf(out, "%.*s%s", (int)(e - p - (e[-1] == '\n')), p, "\n");
        count++;
    }
    return count;
}

int cli_explain(FILE *out, const char *what, char *why, size_t n)
{
    size_t len;
    const char *text = lb_data_rulings(&len), *end = text + len;
    char id[48];
    if (!what[0] || strlen(what) >= sizeof id - 3) {
        snprintf(why, n, "expected a ruling id (R-FIRE-7) or an area (fire), found %s",
                 what[0] ? "a longer text" : "nothing");
        return -1;
    }
    /* "fire", "R-FIRE", "r-fire-": an area; "R-FIRE-7": one ruling */
    int prefixed = strncasecmp(what, "R-", 2) == 0;
    snprintf(id, sizeof id, "%s%s", prefixed ? "" : "R-", what);
    size_t n_id = strlen(id);
    int numbered = isdigit((unsigned char)id[n_id - 1]);
    if (numbered) {
        if (print_ruling(out, text, end, id))
            return 0;
        /* the area's rulings, to say which exist */
        char area[48];
        snprintf(area, sizeof area, "%s", id);
        char *dash = strrchr(area, '-');
        if (dash)
            dash[1] = '\0';
        size_t id_len;
        int known = 0;
        for (const char *p = text; p < end && !known; p = line_end(p, end))
            known = opens(p, end, area, 0, &id_len);
        if (known)
            snprintf(why, n, "no ruling %s: `explain %.*s` lists that area's", id,
                     (int)strlen(area) - 1, area);
        else
            snprintf(why, n, "no ruling %s: `explain` lists the areas", id);
        return -1;
    }
    if (id[n_id - 1] != '-')
        strcat(id, "-");
    if (print_area(out, text, end, id) > 0)
        return 0;
    snprintf(why, n, "no ruling area %s: `explain` lists the areas", what);
    return -1;
}

void cli_explain_areas(FILE *out)
{
    size_t len;
    const char *text = lb_data_rulings(&len), *end = text + len;
    fprintf(out, "the rulings by area (explain AREA lists one, explain R-AREA-N prints one):\n");
    for (const char *p = text; p < end; p = line_end(p, end)) {
        if (strncmp(p, "## ", 3) != 0)
            continue;
        const char *e = line_end(p, end);
        fprintf(out, "  %.*s\n", (int)(e - p - 3 - (e[-1] == '\n')), p + 3);
    }
}
