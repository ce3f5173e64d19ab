/* The command table of labataille: parses options and dispatches to one subcommand. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const cli_command commands[] = {
    {"check", cmd_check, "", "check FILE", "is the scenario valid; lists every error"},
    {"show", cmd_show, "svg=", "show [FILE] [--svg OUT]",
     "the map and units as text, or a picture (default: the demo)"},
    {"morale", cmd_morale, "mod=", "morale FILE UNIT [--mod N] [--dice R]",
     "a morale check's modifiers and exact odds; its outcome with --dice"},
    {"fire", cmd_fire, "", "fire FILE UNIT TARGET [--dice R]",
     "may UNIT fire at TARGET; fire value, defence, odds, exact losses; the result with --dice"},
    {"retreat", cmd_retreat, "kind=,die=,auto", "retreat FILE UNIT --kind K [--die N] [--auto]",
     "every optimal path of retreat, rout or flight (K: disorder, rout, flight)"},
    {"melee", cmd_melee, "fired=,fire-loss=,straight=,charged=,times=,passed=,preserve=,retire=,answers=,auto", "melee FILE ATTACKER... TARGET [--dice R]", "an assault: pre-melee checks, values, exact odds; played with --dice (--answers K,..., --auto)"},
    {"los", cmd_los, "", "los FILE FROM TO", "can FROM see TO (hex labels or unit ids), and why"},
    {"visible", cmd_visible, "", "visible FILE FROM", "every hex FROM can see, on the map"},
    {"move", cmd_move, "to=,path=,plan=,form=,face=,enter=,svg=", "move FILE UNIT [--to H | --path H1,... | --plan A,...] [--form F] [--face N]", "is a move legal, its cost step by step, where it must stop; every hex in reach"},
    {"charge", cmd_charge, "path=,target=,response=,answers=,auto,odds",
     "charge FILE CAVALRY --path H1,H2,... [--target U] [--response stand|carre]",
     "a cavalry charge step by step, asking each decision (--answers K,..., --auto, --odds)"},
    {"play", cmd_play, "db=,game=,script=,ai=,level=,budget=", "play [FILE] [--db DB] [--game ID] [--seed N] [--script F] [--ai SIDE]",
     "a game turn by turn at a prompt (or from a script), saved in DB; --ai: the computer plays SIDE"},
    {"games", cmd_games, "db=", "games [--db DB]", "the games saved in DB (default labataille.db)"},
    {"replay", cmd_replay, "db=,to=", "replay GAME [--db DB] [--to N]",
     "steps through a saved game's journal, to entry N"},
    {"selfplay", cmd_selfplay, "french=,austrian=,prussian=,players=,games=,level=,budget=,alternate,trace,expect=",
     "selfplay [FILE] --french P --austrian P [--games N] [--seed S] [--level L]",
     "games between players (ai, random, quick, full): each result and the win rates"},
};

static const int ncommands = (int)(sizeof commands / sizeof *commands);

static void print_help(FILE *out)
{
    fprintf(out, "labataille: a referee for La Bataille (Premier Rules)\n\nusage:\n");
    for (int i = 0; i < ncommands; i++)
        fprintf(out, "  labataille %-44s %s\n", commands[i].usage, commands[i].help);
    fprintf(out, "\ncommon options: --json (one JSON object), --strict (unknown keys are errors),\n"
                 "  --dice LIST (scripted dice: 34,5,62), --seed N\n");
}

/* Is --name allowed for cmd, and does it take a value? -1 unknown, 0 flag, 1 value. */
static int option_kind(const cli_command *cmd, const char *name)
{
    static const char *const common_values[] = {"dice", "seed"};
    for (size_t i = 0; i < sizeof common_values / sizeof *common_values; i++)
        if (strcmp(name, common_values[i]) == 0)
            return 1;
    size_t n = strlen(name);
    for (const char *p = cmd->options; *p;) {
        const char *end = p + strcspn(p, ",");
        size_t len = (size_t)(end - p);
        int takes = len && p[len - 1] == '=';
        if ((takes ? len - 1 : len) == n && strncmp(p, name, n) == 0)
            return takes;
        p = *end ? end + 1 : end;
    }
    return -1;
}

static int parse(const cli_command *cmd, int argc, char **argv, cli_args *args)
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
        if (strcmp(name, "json") == 0 && !eq) {
            args->json = 1;
            continue;
        }
        if (strcmp(name, "strict") == 0 && !eq) {
            args->strict = 1;
            continue;
        }
        int kind = option_kind(cmd, name);
        if (kind < 0)
            return cli_usage(args, "unknown option --%s", name);
        if (args->noptions == CLI_MAX_OPTIONS)
            return cli_usage(args, "too many options");
        const char *value = NULL;
        if (kind == 1) {
            if (eq)
                value = eq + 1;
            else if (i + 1 < argc)
                value = argv[++i];
            else
                return cli_usage(args, "--%s needs a value", name);
        } else if (eq) {
            return cli_usage(args, "--%s takes no value", name);
        }
        snprintf(args->options[args->noptions].name, sizeof args->options[0].name, "%s", name);
        args->options[args->noptions].value = value;
        args->noptions++;
    }
    return CLI_OK;
}

int cli_main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "help") == 0) {
        print_help(argc < 2 ? stderr : stdout);
        return argc < 2 ? CLI_USAGE : CLI_OK;
    }
    for (int i = 0; i < ncommands; i++) {
        if (strcmp(argv[1], commands[i].name) != 0)
            continue;
        cli_args args = {.command = commands[i].name};
        int rc = parse(&commands[i], argc, argv, &args);
        return rc != CLI_OK ? rc : commands[i].run(&args);
    }
    fprintf(stderr, "labataille: unknown command '%s'\n\n", argv[1]);
    print_help(stderr);
    return CLI_USAGE;
}
