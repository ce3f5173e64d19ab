/* The command table of labataille: help, version, option parsing and dispatch to one subcommand. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

#ifndef LB_VERSION
#error "LB_VERSION comes from project(VERSION) in CMakeLists.txt"
#endif

#define COMMAND_OPTIONS_MAX 12

/* One option: its name without "--", the value it takes ("N"; NULL for a flag), what it does. */
typedef struct option_spec {
    const char *name;
    const char *value;
    const char *help;
} option_spec;

/* One subcommand: the row its help, its parsing and its dispatch all read. */
typedef struct command {
    const char *name;
    int (*run)(const cli_args *args);
    const char *usage;   /* the command line after "labataille" */
    const char *summary; /* one line for the command list */
    const char *about;   /* the paragraph of "labataille help CMD" */
    option_spec options[COMMAND_OPTIONS_MAX];
} command;

/* Options every subcommand takes (docs/cli.md, "Common rules"). */
static const option_spec common_options[] = {
    {"json", NULL, "one JSON object on stdout instead of the readable answer"},
    {"strict", NULL, "unknown keys in the scenario are errors"},
    {"dice", "LIST", "scripted dice in order, for the commands that roll: 34,5,62 (two digits a "
                     "roll 11-66, one digit a die 1-6), at most 256"},
    {"seed", "N", "the dice from seed N, 0 to 9223372036854775807 (default: from the clock, "
                  "printed; play and serve: secret dice, and a seed makes a game not for play)"},
    {"help", NULL, "this help"},
};

static const command commands[] = {
    {.name = "check",
     .run = cmd_check,
     .usage = "check FILE",
     .summary = "is the scenario valid; lists every error",
     .about = "Loads the scenario FILE and its game's charts and checks every rule of the\n"
              "scenario format. Valid: one line on stdout. Invalid: every problem on stderr as\n"
              "FILE:LINE:COL: PATH: expected ..., found ..., sorted by position, and exit 1."},
    {.name = "show",
     .run = cmd_show,
     .usage = "show [FILE] [--svg OUT]",
     .summary = "the map and units as text, or a picture (default: the demo)",
     .about = "Prints the scenario's map in its staggered columns (terrain, elevation, the side\n"
              "of the top combat unit), the units by hex and the hexside features. Without FILE,\n"
              "the demo battle embedded in the program.",
     .options = {{"svg", "OUT", "write the map as an SVG picture to the file OUT instead"}}},
    {.name = "morale",
     .run = cmd_morale,
     .usage = "morale FILE UNIT [--mod N] [--dice R | --seed N]",
     .summary = "a morale check's modifiers and exact odds; its outcome with --dice",
     .about = "The morale check of UNIT: every modifier (state, the best friendly leader, the\n"
              "caller's), the roll needed and the exact chance to pass. With --dice or --seed,\n"
              "the roll, the outcome and the unit's new state (a Morale Recovery check when the\n"
              "scenario's segment is morale_recovery and UNIT is of the phasing side).",
     .options = {{"mod", "N", "the caller's modifier to the roll, -99 to 99 steps"}}},
    {.name = "fire",
     .run = cmd_fire,
     .usage = "fire FILE UNIT TARGET [--with U2,...] [--kind K] [--dice R | --seed N]",
     .summary = "may UNIT fire at TARGET; fire value, defence, odds, exact losses",
     .about = "May UNIT (with U2, ... firing together) fire at the hex TARGET (a hex label, or a\n"
              "unit id for the hex it may be fired at), and with what result: the fire value with\n"
              "its breakdown, the target's fire defence, the odds column and the exact chance of\n"
              "each number of increments lost, of each morale check and of a leader casualty.\n"
              "With --dice or --seed the fire is rolled: the fire roll, a roll per morale check\n"
              "(top unit first), then the leader dice.",
     .options = {{"with", "U2,U3,...", "units firing together with UNIT at the same hex (25)"},
                 {"kind", "K", "offensive (default), defensive or opportunity: defensive and "
                               "opportunity fire reach 1 hex (R-FIRE-19)"}}},
    {.name = "retreat",
     .run = cmd_retreat,
     .usage = "retreat FILE UNIT --kind K [--die N] [--auto] [--all]",
     .summary = "every optimal path of retreat, rout or flight",
     .about = "Every legal optimal path of UNIT's retreat (disorder: 3 MP), rout (premier-2018:\n"
              "10 hexes; premier-2017: 10 MP or a die of hexes) or flight (Morale Recovery), with\n"
              "the end hexes and the paths drawn on the map; or the surrender of a unit with no\n"
              "path.",
     .options = {{"kind", "K", "disorder, rout or flight (required)"},
                 {"die", "N", "a premier-2017 charge rout of N hexes, 1-6 (with --kind rout)"},
                 {"auto", NULL, "draw the automatic choice on the map: farthest from the "
                                "enemy, then the first path in label order"},
                 {"all", NULL, "print every optimal path (the text form shows the first 5)"}}},
    {.name = "melee",
     .run = cmd_melee,
     .usage = "melee FILE ATTACKER... TARGET [--dice R | --seed N] [--answers K,...] [--auto]",
     .summary = "an assault: pre-melee checks, values, exact odds; played with --dice",
     .about = "The assault of the ATTACKER units on the hex TARGET (a hex label or a unit id):\n"
              "whether it may be made, each unit's part and melee value with its multipliers,\n"
              "the pre-melee checks, the odds column and the exact probability of every way the\n"
              "melee can end. With --dice or --seed it is played: retreats before melee, the\n"
              "checks, the matrix roll, leader casualties, retreats and advances. Decisions come\n"
              "from the standing answers, then --answers, then --auto, then a prompt.",
     .options = {{"fired", "U@HEX,...", "U fired at HEX this turn (32.5)"},
                 {"fire-loss", "U=N,...", "increments U lost to defensive fire"},
                 {"straight", "U,...", "U's charge ended straight (37.7)"},
                 {"charged", "U,...", "the melee U's charge owes: exhausted after"},
                 {"times", "U=N/D,...", "the charge's multiplier of U's value (R-CHG-16)"},
                 {"passed", "U,...", "U counts as having passed its pre-melee check (38.2)"},
                 {"preserve", "U,...", "U melees at one third to keep its readiness"},
                 {"retire", "U,...", "U retreats before the melee when it may"},
                 {"answers", "K1,K2,...", "answer the decisions in the order they come"},
                 {"auto", NULL, "the automatic choice for every decision left"}}},
    {.name = "move",
     .run = cmd_move,
     .usage = "move FILE UNIT [--to H | --path H1,H2,... | --plan A1,A2,...] [--form F] [--face N]",
     .summary = "a move checked step by step, and every hex in reach",
     .about = "UNIT's move in its side's Movement segment: is the plan legal, its cost action by\n"
              "action, where it must stop; and every hex it can reach, the hexes it may only\n"
              "pass, those where it would have to stop, and the other actions open to it with\n"
              "their costs. A limber roll or a force-march check rolls its dice (--dice, --seed).",
     .options = {{"to", "HEX", "the first cheapest path to HEX (R-MOV-12)"},
                 {"path", "H1,H2,...", "the hexes entered in order, not the start"},
                 {"plan", "A1,A2,...", "any sequence: hex labels, face=N, form=F[:N][@H1+H2], "
                                       "prolonge=HEX, attach=UNIT, detach, march"},
                 {"form", "F[:N][@H1+H2]", "a formation change first"},
                 {"face", "N", "a facing change first (a clock hour)"},
                 {"enter", "HEX", "bring UNIT onto the map at HEX first (a reinforcement)"},
                 {"svg", "OUT", "also write the map with every hex in reach ringed to OUT"}}},
    {.name = "los",
     .run = cmd_los,
     .usage = "los FILE FROM TO",
     .summary = "can FROM see TO (hex labels or unit ids), and why",
     .about = "Can FROM see TO: every intervening hex, edge pair and hexside feature with its\n"
              "elevation, distances and verdict, and the ruling behind each. A unit id as FROM\n"
              "gives the firer's side; otherwise the top combat unit of the hex does."},
    {.name = "visible",
     .run = cmd_visible,
     .usage = "visible FILE FROM",
     .summary = "every hex FROM can see, on the map",
     .about = "Every hex that FROM (a hex label or a unit id) can see, listed and drawn on the\n"
              "map."},
    {.name = "charge",
     .run = cmd_charge,
     .usage = "charge FILE CAVALRY --path H1,H2,... [--target U] [--response stand|carre]",
     .summary = "a cavalry charge step by step, asking each decision",
     .about = "Runs the charge of CAVALRY along the hexes it plans to enter: declarations,\n"
              "carre offers and responses, the Carre table roll, stand checks, trample, recall,\n"
              "pursuit, lone guns, and the rout and retreat moves of the charged. Each decision\n"
              "comes from --target and --response, then --answers, then --auto, then a prompt\n"
              "when stdin is a terminal; otherwise the command stops with exit 2 and lists the\n"
              "options. The scenario file is not changed.",
     .options = {{"path", "H1,H2,...", "the hexes the cavalry plans to enter, in order "
                                       "(required)"},
                 {"target", "U", "formation U is the declared target, every other one is not"},
                 {"response", "R", "the target's response: stand or carre"},
                 {"answers", "K1,K2,...", "answer the decisions in the order they come"},
                 {"auto", NULL, "the automatic choice for every decision left"},
                 {"odds", NULL, "add the exact probability of every way the charge can end"}}},
    {.name = "play",
     .run = cmd_play,
     .usage = "play [FILE] [--db DB] [--game ID] [--seed N] [--script F] [--ai SIDE] "
              "[--ask-charges [--never-ask U1,U2]]",
     .summary = "a battle turn by turn at a prompt (or from a script), saved in DB",
     .about = "Plays the scenario FILE (the demo by default) through the Chronology of Battle,\n"
              "both sides at one terminal: the clock, the phasing side, the segment and the\n"
              "pending decision with its legal options; `help` at the prompt lists the commands.\n"
              "With --db every accepted decision is saved as it is made; --game reopens one.\n"
              "With --ai SIDE the computer plays SIDE (docs/ai.md): it answers each of its\n"
              "side's decisions at once with a one-line reason; the prompt plays the other, and\n"
              "undo never goes back past a die (R-GAME-14). The dice are secret (the banner\n"
              "prints their commitment; `labataille verify` checks them once the battle is\n"
              "over) unless --seed N makes them seeded: for tests, not for play.",
     .options = {{"db", "DB", "save the game in DB (an SQLite file or a postgresql:// address)"},
                 {"game", "ID", "go on with saved game ID of DB"},
                 {"script", "F", "read the commands from F (- for stdin); stop at the first "
                                 "refused one"},
                 {"ai", "SIDE", "the computer plays SIDE (a side of the scenario)"},
                 {"hints", NULL, "both people at the table allow `hint` (R-GAME-23)"},
                 {"ask-charges", NULL, "ask each side its cavalry's reaction and opportunity "
                                       "charges (R-OCH-4, R-RCH-5; by default no side is asked)"},
                 {"never-ask", "U1,U2", "with --ask-charges: never ask about these cavalry units "
                                        "(R-OCH-9)"},
                 {"level", "L", "with --ai: quick, full or baseline (default full)"},
                 {"budget", "MS", "with --ai: milliseconds per decision, 1 to 600000 (default "
                                  "1000)"}}},
    {.name = "explain",
     .run = cmd_explain,
     .usage = "explain [R-AREA-N | AREA]",
     .summary = "how the engine reads a rule: a ruling by its id, or an area's",
     .about = "Prints the ruling R-AREA-N (the ids the answers and refusals cite, R-FIRE-7 ...)\n"
              "whole, under its section of docs/rulings.md, which the program carries; AREA\n"
              "(fire, R-MEL ...) lists that area's rulings by their first lines; nothing lists\n"
              "the areas. An id that does not exist is refused (exit 1), naming its area."},
    {.name = "games",
     .run = cmd_games,
     .usage = "games [--db DB]",
     .summary = "the games saved in DB",
     .about = "The games saved in DB (default labataille.db in the working folder), newest\n"
              "first: number, journal rows, where each stands, last update, title.",
     .options = {{"db", "DB", "an SQLite file or a postgresql:// address"}}},
    {.name = "serve",
     .run = cmd_serve,
     .usage = "serve [FILE] [--db DB] [--port N] [--host ADDR] [--web DIR] [--seed N] "
              "[--limit NAME=N,...] [--webhooks HOSTS]",
     .summary = "the web game: a new game of FILE and one link per side",
     .about = "Serves the web game (docs/api.md) on --host and --port, its games kept in the\n"
              "store DB, and opens a two-players game of FILE (the demo by default): prints the\n"
              "address, the store (no password) and the game's links, one per side and one to\n"
              "watch. Answers until SIGINT or SIGTERM.",
     .options = {{"db", "DB", "an SQLite file or a postgresql:// address (default "
                              "labataille.db)"},
                 {"port", "N", "the port, 0 to 65535 (default 8080; 0: any free one)"},
                 {"host", "ADDR", "the address to listen on (default 127.0.0.1)"},
                 {"web", "DIR", "the page's files (default the source tree's web/)"},
                 {"limit", "NAME=N,...", "the limits on what clients send, their quotas and "
                                         "the caps on connections (docs/api.md, Limits)"},
                 {"webhooks", "HOSTS", "the hosts a side's webhook may call, comma-separated, "
                                       "or any (default: no webhooks)"}}},
    {.name = "selfplay",
     .run = cmd_selfplay,
     .usage = "selfplay [FILE] [--SIDE P]... [--players P1,P2] [--games N] [--seed S] "
              "[--weights W] [--ask-charges]",
     .summary = "games between players (ai, random, quick, full, baseline): results and win rates",
     .about = "Plays N games of the scenario FILE (the demo by default) with no person, each side\n"
              "played by P: ai (the computer at --level), quick, full, baseline (the scripted\n"
              "yardstick, R-AI-7) or random (R-GAME-15).\n"
              "Each game's result, points, decisions and processor time; at the end each\n"
              "player's wins in all and by side, the draws, the journals replayed (R-GAME-13)\n"
              "and the processor time per computer decision (median, p99). Exit 1 when the\n"
              "engine refused a computer's answer, a journal did not replay, or the first\n"
              "player won less than --expect.",
     .options = {{"french", "P", "the player of the side named french"},
                 {"austrian", "P", "the player of the side named austrian"},
                 {"prussian", "P", "the player of the side named prussian"},
                 {"players", "P1,P2", "the players of the first and second sides"},
                 {"games", "N", "how many games (default 1); game i is seeded S + i"},
                 {"level", "L", "the level of ai: quick, full or baseline (default full)"},
                 {"budget", "MS", "a computer's milliseconds per decision (default 1000)"},
                 {"weights", "W", "the quick and full levels' evaluation weights overridden, "
                                  "NAME=VALUE,... (tuning: docs/ai.md)"},
                 {"alternate", NULL, "swap the two players every other game"},
                 {"expect", "RATE", "exit 1 when the first player wins less than RATE (0.95)"},
                 {"trace", NULL, "print every decision with the computer's reason"},
                 {"ask-charges", NULL, "ask each side its cavalry's reaction and opportunity "
                                       "charges (R-OCH-4) and count the questions a game"}}},
    {.name = "verify",
     .run = cmd_verify,
     .usage = "verify EXPORT",
     .summary = "checks a finished game's dice from its export (R-DICE-5)",
     .about = "Reads EXPORT, the labataille-game/1 JSON of GET /api/g/TOKEN/export or of play's\n"
              "`save FILE`, and checks its dice: that SHA-256 of the revealed secret is the\n"
              "commitment published when the game was made, that each roll of the journal, the\n"
              "k-th ever drawn (undone ones included), is the one the secret gives for k\n"
              "(docs/api.md \"Fair dice\"; rolls imported from another game are listed, not\n"
              "checked), and that the journal replays to the state it claims. A seeded game\n"
              "(not for play) is checked against its seed. Exit 0 verified; 1 a roll, the\n"
              "commitment or the replay does not match (each named), or the battle is still in\n"
              "play (its secret is not revealed yet); 2 a file that is not an export."},
    {.name = "replay",
     .run = cmd_replay,
     .usage = "replay GAME [--db DB] [--to N]",
     .summary = "steps through a saved game's journal",
     .about = "Reopens saved game GAME (replayed, its state hash checked) and lists its journal\n"
              "entry by entry up to entry N, then where the game stands at that point.",
     .options = {{"db", "DB", "an SQLite file or a postgresql:// address"},
                 {"to", "N", "stop after journal entry N"}}},
};

static const int ncommands = (int)(sizeof commands / sizeof *commands);

static const command *find_command(const char *name)
{
    for (int i = 0; i < ncommands; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

static void print_overview(FILE *out)
{
    fprintf(out, "labataille %s: a referee for La Bataille (Premier Rules)\n\nusage:\n", LB_VERSION);
    for (int i = 0; i < ncommands; i++)
        fprintf(out, "  labataille %-12s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "  labataille %-12s %s\n", "help [CMD]", "this list, or one command's help");
    fprintf(out, "  labataille %-12s %s\n", "--version", "the program's version");
    fprintf(out, "\nlabataille CMD --help tells a command's arguments and options.\n"
                 "common options: --json, --strict, --dice LIST, --seed N, --help\n"
                 "exit status: 0 answered, 1 invalid input, 2 usage error\n");
}

/* "  --name VALUE   help", the help wrapped at 78 columns under itself. */
static void print_option(FILE *out, const option_spec *o)
{
    enum { LEFT = 23, WIDTH = 78 };
    char left[40];
    snprintf(left, sizeof left, "--%s%s%s", o->name, o->value ? " " : "", o->value ? o->value : "");
    int col = fprintf(out, "  %-*s", LEFT - 3, left);
    for (const char *p = o->help; *p;) {
        int word = (int)strcspn(p, " ");
        if (col + 1 + word > WIDTH && col > LEFT) {
            fprintf(out, "\n%*s", LEFT - 1, "");
            col = LEFT - 1;
        }
        col += fprintf(out, " %.*s", word, p);
        p += word;
        p += strspn(p, " ");
    }
    fputc('\n', out);
}

static void print_command_help(FILE *out, const command *cmd)
{
    fprintf(out, "usage: labataille %s [--json]\n\n%s\n", cmd->usage, cmd->about);
    if (cmd->options[0].name) {
        fprintf(out, "\noptions:\n");
        for (int i = 0; i < COMMAND_OPTIONS_MAX && cmd->options[i].name; i++)
            print_option(out, &cmd->options[i]);
    }
    fprintf(out, "\ncommon options:\n");
    for (size_t i = 0; i < sizeof common_options / sizeof *common_options; i++)
        print_option(out, &common_options[i]);
}

/* The option --name of cmd (a common option or its own), or NULL. */
static const option_spec *find_option(const command *cmd, const char *name)
{
    for (size_t i = 0; i < sizeof common_options / sizeof *common_options; i++)
        if (strcmp(name, common_options[i].name) == 0)
            return &common_options[i];
    for (int i = 0; i < COMMAND_OPTIONS_MAX && cmd->options[i].name; i++)
        if (strcmp(name, cmd->options[i].name) == 0)
            return &cmd->options[i];
    return NULL;
}

static int parse(const command *cmd, int argc, char **argv, cli_args *args)
{
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--", 2) != 0 || a[2] == '\0') {
            if (args->npositional == CLI_MAX_POSITIONAL)
                return cli_usage(args, "too many arguments");
            args->positional[args->npositional++] = a;
            continue;
        }
        char name[32];
        const char *eq = strchr(a + 2, '=');
        snprintf(name, sizeof name, "%.*s", eq ? (int)(eq - a - 2) : (int)strlen(a + 2), a + 2);
        const option_spec *o = find_option(cmd, name);
        if (!o)
            return cli_usage(args, "unknown option --%s", name);
        if (!o->value && eq)
            return cli_usage(args, "--%s takes no value", name);
        if (strcmp(name, "json") == 0) {
            args->json = 1;
            continue;
        }
        if (strcmp(name, "strict") == 0) {
            args->strict = 1;
            continue;
        }
        if (args->noptions == CLI_MAX_OPTIONS)
            return cli_usage(args, "too many options");
        const char *value = NULL;
        if (o->value) {
            if (eq)
                value = eq + 1;
            else if (i + 1 < argc)
                value = argv[++i];
            else
                return cli_usage(args, "--%s needs a value (%s)", name, o->value);
        }
        snprintf(args->options[args->noptions].name, sizeof args->options[0].name, "%s", name);
        args->options[args->noptions].value = value;
        args->noptions++;
    }
    return CLI_OK;
}

/* labataille help [CMD]: the command list, or one command's help. */
static int help(int argc, char **argv)
{
    if (argc < 3) {
        print_overview(stdout);
        return CLI_OK;
    }
    const command *cmd = find_command(argv[2]);
    if (!cmd || argc > 3) {
        char shown[CLI_SHORT_MAX * 4];
        if (cmd)
            fprintf(stderr, "labataille help: expected one command name\n");
        else
            fprintf(stderr, "labataille help: unknown command '%s'\n\n",
                    lb_printable(argv[2], strlen(argv[2]), shown, sizeof shown));
        print_overview(stderr);
        return CLI_USAGE;
    }
    print_command_help(stdout, cmd);
    return CLI_OK;
}

static int run(int argc, char **argv)
{
    if (argc < 2) {
        print_overview(stderr);
        return CLI_USAGE;
    }
    if (strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0)
        return help(argc, argv);
    if (strcmp(argv[1], "--version") == 0) {
        if (argc > 2) {
            fprintf(stderr, "labataille --version: takes no arguments\n");
            return CLI_USAGE;
        }
        printf("labataille %s\n", LB_VERSION);
        return CLI_OK;
    }
    const command *cmd = find_command(argv[1]);
    if (!cmd) {
        char shown[CLI_SHORT_MAX * 4];
        const char *names[sizeof commands / sizeof *commands];
        for (int i = 0; i < ncommands; i++)
            names[i] = commands[i].name;
        int near = lb_nearest_word(argv[1], names, ncommands);
        fprintf(stderr, "labataille: unknown command '%s'%s%s%s\n\n",
                lb_printable(argv[1], strlen(argv[1]), shown, sizeof shown),
                near >= 0 ? " (did you mean " : "", near >= 0 ? names[near] : "",
                near >= 0 ? "?)" : "");
        print_overview(stderr);
        return CLI_USAGE;
    }
    /* --help anywhere on the line asks for help, whatever else is there */
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0) {
            print_command_help(stdout, cmd);
            return CLI_OK;
        }
    cli_args args = {.command = cmd->name};
    int rc = parse(cmd, argc, argv, &args);
    return rc != CLI_OK ? rc : cmd->run(&args);
}

/* An answer that did not reach stdout (a full disk, a closed pipe) is an error: exit 1 with the
 * reason on stderr. The error flag is cleared for the next run in the same process (fuzzing). */
static int finish(int rc)
{
    errno = 0;
    int flushed = fflush(stdout) == 0;
    int err = errno;
    if (flushed && !ferror(stdout))
        return rc;
    clearerr(stdout);
    fprintf(stderr, "labataille: cannot write the answer to stdout: %s\n",
            err ? strerror(err) : "write error");
    return rc == CLI_OK ? CLI_INVALID : rc;
}

int cli_main(int argc, char **argv)
{
    return finish(run(argc, argv));
}
