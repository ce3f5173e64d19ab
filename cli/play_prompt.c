/* The play prompt: libedit line editing with history and completion of commands, unit ids, hex labels and option keys. */
#include <editline/readline.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "play.h"

/* libedit calls the completion generator without a context pointer: this file keeps the one game
 * being played (set by play_prompt_open, cleared by play_prompt_close). */
static const lb_game *completing;

static const char *const *words_commands;
static int nwords_commands;

/* The n-th candidate word for completion: commands, unit ids, hex labels, option keys. */
static int candidate(int n, char *buf, size_t size)
{
    if (n < nwords_commands) {
        snprintf(buf, size, "%s", words_commands[n]);
        return 1;
    }
    n -= nwords_commands;
    const lb_state *st = lb_game_state(completing);
    if (n < lb_state_unit_count(st)) {
        snprintf(buf, size, "%s", cli_unit(st, n).id);
        return 1;
    }
    n -= lb_state_unit_count(st);
    int cols, rows;
    lb_map_size(lb_state_map(st), &cols, &rows);
    int cells = cols * rows;
    if (n < cells) {
        char label[LB_HEX_LABEL_MAX];
        snprintf(buf, size, "%s",
                 lb_map_label(lb_state_map(st), lb_map_hex(lb_state_map(st), n), label));
        return 1;
    }
    n -= cells;
    const lb_decision *d = lb_game_pending(completing);
    if (d && n < d->noptions) {
        snprintf(buf, size, "%s", d->options[n].key);
        return 1;
    }
    return 0;
}

static char *generate(const char *text, int state)
{
    static int next; /* libedit's generator protocol: state 0 restarts the walk */
    if (state == 0)
        next = 0;
    char buf[LB_OPTION_KEY_MAX];
    size_t len = strlen(text);
    while (candidate(next++, buf, sizeof buf))
        if (strncmp(buf, text, len) == 0)
            return strdup(buf);
    return NULL;
}

static char **complete(const char *text, int start, int end)
{
    (void)start;
    (void)end;
    return rl_completion_matches(text, generate);
}

void play_prompt_open(const lb_game *g, const char *const *commands, int ncommands)
{
    completing = g;
    words_commands = commands;
    nwords_commands = ncommands;
    using_history();
    rl_attempted_completion_function = complete;
}

void play_prompt_game(const lb_game *g)
{
    completing = g;
}

char *play_prompt_read(const char *prompt)
{
    char *line = readline(prompt);
    /* a line the game refuses for a control character (typed after Ctrl-V) is not kept */
    if (line && line[strspn(line, " \t")] && lb_printable_check(line, strlen(line), 1, NULL))
        add_history(line);
    return line;
}

void play_prompt_close(void)
{
    completing = NULL;
    rl_attempted_completion_function = NULL;
}
