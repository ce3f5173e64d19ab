/* labataille explain: how the engine reads the rules — a ruling by its id, an area's rulings, or the areas. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

int cmd_explain(const cli_args *args)
{
    if (args->npositional > 1)
        return cli_usage(args, "expected one ruling id (R-FIRE-7) or area (fire), or nothing");
    char *text = NULL;
    size_t len = 0;
    FILE *out = args->json ? open_memstream(&text, &len) : stdout;
    if (!out)
        return cli_invalid("out of memory");
    char why[160];
    int rc = CLI_OK;
    if (args->npositional == 0)
        cli_explain_areas(out);
    else if (cli_explain(out, args->positional[0], why, sizeof why) != 0)
        rc = cli_invalid("%s", why);
    if (args->json) {
        fclose(out);
        if (rc == CLI_OK)
            cli_print_json(json_pack("{s:s?,s:s}", "what",
                                     args->npositional ? args->positional[0] : NULL, "text",
                                     text));
        free(text);
    }
    return rc;
}
