/* Scenario loading: the entry points, reading a file within the size limit, the steps of a load, the header and the turn. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lb/core.h"
#include "scenario_battle.h"
#include "scenario_int.h"
#include "state_int.h"
#include "arena_int.h"

#define FOUND(v) lbi_cj_found((v), fbuf, sizeof fbuf)

/* ---- header: format, title, game, rules, fractions, sides, turn --------------------------- */

static const lb_module *find_module(const lb_load_opts *opts, const char *id)
{
    for (int i = 0; opts && i < opts->nmodules; i++)
        if (strcmp(opts->modules[i].id, id) == 0)
            return &opts->modules[i];
    return NULL;
}

/* The game module; -1 when the game is unknown or its module broken: everything after would be
 * a follow-on (10.8), so the load stops at the header. */
static int load_module(loader *L, const lb_load_opts *opts)
{
    char fbuf[80];
    const char *game = NULL;
    int rc = lbi_cj_string(&L->doc, L->root, "", "game", 0, "a game id", &game);
    if (rc != 0)
        return rc > 0 ? 0 : -1;
    const lb_module *m = find_module(opts, game);
    if (!m) {
        const char *ids[64];
        int n = 0;
        for (int i = 0; opts && i < opts->nmodules && n < 64; i++)
            ids[n++] = opts->modules[i].id;
        char list[400];
        lbi_cj_join(list, sizeof list, ids, n, 64);
        lbi_scn_problem(L, "/game", "expected a known game (%s), found %s",
                        n ? list : "none available", FOUND(json_object_get(L->root, "game")));
        return -1;
    }
    L->module = (lbi_scn_text){m->file, m->text, m->len};
    if (m->len >= 3 && memcmp(m->text, "\xEF\xBB\xBF", 3) == 0)
        L->module = (lbi_scn_text){m->file, m->text + 3, m->len - 3}; /* as for the scenario */
    if (lbi_scn_parse(L, SCN_MODULE, &L->module_root) != 0)
        return -1;
    if (!json_is_object(L->module_root)) {
        lbi_scn_problem_module(L, "", "expected a chart module object");
        return -1;
    }
    L->st->game = lbi_scn_dup(L, game);
    return 0;
}

static void load_sides(loader *L)
{
    char fbuf[80];
    lb_state *st = L->st;
    json_t *sides = json_object_get(L->root, "sides");
    if (!json_is_array(sides) || json_array_size(sides) != 2) {
        lbi_scn_problem(L, "/sides", "expected a list of two side names, found %s", FOUND(sides));
        return;
    }
    for (size_t i = 0; i < 2; i++) {
        char p[CJ_PATH];
        const char *name = NULL;
        lbi_cj_path_index(p, "/sides", i);
        if (lbi_scn_name_at(L, json_array_get(sides, i), p, "a side name", SCN_NAME_BYTES_MAX,
                            &name) == 0)
            st->sides[i] = lbi_scn_dup(L, name);
    }
    if (st->sides[0] && st->sides[1] && strcmp(st->sides[0], st->sides[1]) == 0)
        lbi_scn_problem(L, "/sides/1", "expected a name other than the first side's, found %s",
                        FOUND(json_array_get(sides, 1)));
}

static void load_header(loader *L)
{
    char fbuf[80];
    lb_state *st = L->st;
    json_t *fmt = json_object_get(L->root, "format");
    if (!json_is_string(fmt) || strcmp(json_string_value(fmt), "labataille-scenario/1") != 0)
        lbi_scn_problem(L, "/format", "expected \"labataille-scenario/1\", found %s", FOUND(fmt));
    const char *title = NULL;
    if (lbi_scn_name(L, L->root, "", "title", 0, "a title", SCN_NAME_BYTES_MAX, &title) == 0)
        st->title = lbi_scn_dup(L, title);

    static const char *const editions[] = {"premier-2018", "premier-2017"};
    int ed = lbi_cj_one_of(&L->doc, L->root, "", "rules", 0, editions, 2);
    if (ed == -2 && L->module_root) {
        json_t *me = json_object_get(L->module_root, "edition");
        int mod_ed = json_is_string(me) ? lb_edition_parse(json_string_value(me)) : -1;
        if (mod_ed < 0)
            lbi_scn_problem_module(L, "/edition", "expected \"premier-2018\" or \"premier-2017\"");
        ed = mod_ed;
    }
    st->rules = ed >= 0 ? (lb_edition)ed : LB_RULES_2018;

    static const char *const fractions[] = {"exact", "round-down"};
    int fr = lbi_cj_one_of(&L->doc, L->root, "", "fractions", 0, fractions, 2);
    st->fractions = fr == 1 ? LB_FRACTIONS_ROUND_DOWN : LB_FRACTIONS_EXACT;
    load_sides(L);
}

static void load_turn(loader *L)
{
    char fbuf[80];
    lb_state *st = L->st;
    st->turn = (lb_turn){.minutes = -1, .phasing = 0, .segment = LB_SEG_CHARGE};
    json_t *turn = json_object_get(L->root, "turn");
    if (!turn)
        return;
    if (!json_is_object(turn)) {
        lbi_scn_problem(L, "/turn", "expected an object, found %s", FOUND(turn));
        return;
    }
    static const char *const keys[] = {"time", "phasing", "segment"};
    lbi_scn_unknown_keys(L, turn, "/turn", keys, 3);
    json_t *time = json_object_get(turn, "time");
    if (time) {
        int h = -1, m = -1;
        char tail;
        const char *s = json_is_string(time) ? json_string_value(time) : "";
        if (sscanf(s, "%2d:%2d%c", &h, &m, &tail) != 2 || strlen(s) != 5 || h < 0 || h > 23 ||
            m < 0 || m > 59)
            lbi_scn_problem(L, "/turn/time", "expected a time of day \"HH:MM\", found %s",
                            FOUND(time));
        else
            st->turn.minutes = h * 60 + m;
    }
    json_t *ph = json_object_get(turn, "phasing");
    if (ph && st->sides[0] && st->sides[1]) {
        int side = json_is_string(ph) ? lb_state_side(st, json_string_value(ph)) : -1;
        if (side < 0)
            lbi_scn_problem(L, "/turn/phasing", "expected one of the sides (%s, %s), found %s",
                            st->sides[0], st->sides[1], FOUND(ph));
        else
            st->turn.phasing = side;
    }
    json_t *sv = json_object_get(turn, "segment");
    if (!sv)
        return;
    /* R-SCN-9: "morale-recovery" is read as "morale_recovery", like the other hyphenated names */
    char name[32] = "";
    if (json_is_string(sv) && json_string_length(sv) < sizeof name)
        for (size_t i = 0; i <= json_string_length(sv); i++)
            name[i] = json_string_value(sv)[i] == '-' ? '_' : json_string_value(sv)[i];
    int seg = lb_segment_parse(name);
    if (seg < 0)
        lbi_scn_problem(L, "/turn/segment",
                        "expected one of command, charge, movement, "
                        "defensive_fire, offensive_fire, melee, morale_recovery, found %s",
                        FOUND(sv));
    else
        st->turn.segment = (lb_segment)seg;
}

/* R-SCN-11: notes are free text for people (sources, what is approximated): a list of strings,
 * checked and not kept, so they change nothing in the game. */
static void load_notes(loader *L)
{
    char fbuf[80];
    json_t *notes = json_object_get(L->root, "notes");
    if (!notes)
        return;
    if (!json_is_array(notes)) {
        lbi_scn_problem(L, "/notes", "expected a list of strings, found %s", FOUND(notes));
        return;
    }
    size_t i;
    json_t *note;
    json_array_foreach(notes, i, note) {
        if (json_is_string(note))
            continue;
        char p[CJ_PATH];
        lbi_cj_path_index(p, "/notes", i);
        lbi_scn_problem(L, p, "expected a string, found %s", FOUND(note));
    }
}

/* ---- entry points ------------------------------------------------------------------------- */

static const char *const top_keys[] = {"format", "title", "game",  "rules", "fractions",
                                       "turn",   "sides", "map",   "charts", "units",
                                       SCN_BATTLE_KEYS, "notes"};

/* Every step of a load, the state kept in L->st; problems go to L's list. */
static void load_all(loader *L, const lb_load_opts *opts)
{
    char fbuf[80];
    if (!json_is_object(L->root)) {
        lbi_scn_problem(L, "", "expected a scenario object, found %s", FOUND(L->root));
        return;
    }
    lbi_scn_unknown_keys(L, L->root, "", top_keys, (int)(sizeof top_keys / sizeof *top_keys));
    L->inline_charts = json_object_get(L->root, "charts");
    int module = load_module(L, opts);
    load_header(L);
    load_notes(L);
    load_turn(L);
    if (module != 0)
        return;
    lbi_scn_load_charts(L);
    if (lbi_scn_load_map(L) == 0)
        lbi_scn_load_units(L);
}

int lb_scenario_load(const char *file, const char *text, size_t len, const lb_load_opts *opts,
                     lb_state **out, lb_errlist *errs)
{
    *out = NULL;
    /* 11.11: a UTF-8 byte-order mark is skipped; lines and columns count from after it */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        text += 3;
        len -= 3;
    }
    loader L = {.scenario = {file, text, len}, .strict = opts && opts->strict,
                .whole_battle = opts && opts->whole_battle};
    int rc = LB_INVALID;
    if (len > LB_SCENARIO_BYTES_MAX) {
        char msg[LB_ERR_MSG_MAX];
        snprintf(msg, sizeof msg, "expected a scenario of at most %zu bytes (%zu MiB), found %zu "
                 "bytes", (size_t)LB_SCENARIO_BYTES_MAX, (size_t)LB_SCENARIO_BYTES_MAX >> 20, len);
        lbi_scn_problem_file(&L, SCN_SCENARIO, LB_LIMIT, msg);
        rc = LB_LIMIT;
    } else if (lbi_scn_parse(&L, SCN_SCENARIO, &L.root) != 0) {
        rc = LB_SYNTAX;
    } else {
        lb_arena *arena = lb_arena_new();
        L.st = arena ? lb_arena_alloc(arena, sizeof *L.st) : NULL;
        if (!L.st) {
            lb_arena_free(arena);
            L.nomem = 1;
        } else {
            L.st->arena = arena;
            lbi_scn_readers_init(&L);
            L.st->source = lbi_scn_dup(&L, file);
            load_all(&L, opts);
        }
    }
    json_decref(L.charts);
    json_decref(L.module_root);
    json_decref(L.root);
    int ok = L.st && !L.nomem && !L.found;
    /* the index the placement checks made is kept: made again here, right after the tree's
     * frees above, its first large allocation would have malloc gather the tree's thousands of
     * small blocks there and then (5% of a monster game's load) */
    if (ok && !L.indexed && lb_state_reindex(L.st) != LB_OK)
        ok = 0, L.nomem = 1;
    if (ok) {
        *out = L.st;
        lbi_scn_problems_finish(&L, errs);
        return LB_OK;
    }
    lb_state_free(L.st);
    if (lbi_scn_problems_finish(&L, errs) != LB_OK || L.nomem)
        return LB_NOMEM;
    return rc;
}

/* Reads at most LB_SCENARIO_BYTES_MAX + 1 bytes of fd into *buf, room made for `size` at once (a
 * regular file's size): a device or a pipe that never ends is cut there. 0, or an errno value. */
static int read_bounded(int fd, size_t size, char **buf, size_t *len)
{
    int cap = 0;
    *buf = NULL;
    *len = 0;
    for (;;) {
        size_t want = (size_t)LB_SCENARIO_BYTES_MAX + 1 - *len;
        if (want == 0)
            return 0;
        if (*len == (size_t)cap) {
            size_t step = *len == 0 && size + 1 > 65536 ? size + 1 : 65536;
            int need = (int)(*len + (want < step ? want : step));
            char *grown = lb_grow(*buf, &cap, need, 1);
            if (!grown)
                return ENOMEM;
            *buf = grown;
        }
        size_t room = (size_t)cap - *len;
        ssize_t got = read(fd, *buf + *len, room < want ? room : want);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return errno ? errno : EIO;
        if (got == 0)
            return 0;
        *len += (size_t)got;
    }
}

/* One error about the file itself: code LB_IO, LB_LIMIT or LB_NOMEM. */
static int file_error(lb_errlist *errs, const char *path, int code, const char *found)
{
    lb_err e;
    if (code == LB_LIMIT)
        lb_err_set(&e, code, "expected a file of at most %zu bytes (%zu MiB), found %s",
                   (size_t)LB_SCENARIO_BYTES_MAX, (size_t)LB_SCENARIO_BYTES_MAX >> 20, found);
    else
        lb_err_set(&e, code, "expected a readable file, found %s", found);
    snprintf(e.file, sizeof e.file, "%s", path);
    lb_errlist_push(errs, &e);
    return code;
}

int lb_scenario_load_file(const char *path, const lb_load_opts *opts, lb_state **out,
                          lb_errlist *errs)
{
    *out = NULL;
    /* O_NONBLOCK: opening a pipe that nobody writes to does not wait (it reads as empty) */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat sb;
    if (fd < 0 || fstat(fd, &sb) != 0) {
        int err = errno;
        if (fd >= 0)
            close(fd);
        return file_error(errs, path, LB_IO, strerror(err));
    }
    if (S_ISDIR(sb.st_mode)) {
        close(fd);
        return file_error(errs, path, LB_IO, "a directory");
    }
    if (S_ISREG(sb.st_mode) && (unsigned long long)sb.st_size > LB_SCENARIO_BYTES_MAX) {
        char size[64];
        snprintf(size, sizeof size, "%lld bytes", (long long)sb.st_size);
        close(fd);
        return file_error(errs, path, LB_LIMIT, size);
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    char *buf;
    size_t len;
    int err = read_bounded(fd, S_ISREG(sb.st_mode) ? (size_t)sb.st_size : 0, &buf, &len);
    close(fd);
    if (err) {
        free(buf);
        return file_error(errs, path, err == ENOMEM ? LB_NOMEM : LB_IO, strerror(err));
    }
    if (len > LB_SCENARIO_BYTES_MAX) {
        free(buf);
        return file_error(errs, path, LB_LIMIT, "more (a device or a pipe that goes on)");
    }
    int rc = lb_scenario_load(path, buf ? buf : "", len, opts, out, errs);
    free(buf);
    return rc;
}
