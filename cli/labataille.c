/* labataille: the command-line program's entry point. */
#include "cli.h"

int main(int argc, char **argv)
{
    return cli_main(argc, argv);
}
