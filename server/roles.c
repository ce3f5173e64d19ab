/* A role's name in a game's answers: the side's name, "both" (a game at one seat) or "spectator". */
#include "server_int.h"

const char *role_name(const lb_game *g, int role)
{
    if (role >= 0)
        return lb_state_side_name(lb_game_state(g), role);
    return role == LB_ROLE_BOTH ? "both" : "spectator";
}
