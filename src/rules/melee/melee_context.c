/* The situation of an attacking part against a defending part of a melee: contact, the hexsides crossed, uphill, straight charges, fire losses, cavalry preserving readiness. */
#include <string.h>

#include "melee_int.h"

/* The hexside types crossed from hex `from` into the target: the one the map lists, and the
 * charts' elevation change hexside where the two differ in height (charts-format 4.3). */
static unsigned across_bits(const lb_state *s, lb_hex from, lb_hex target)
{
    int d = lb_hex_dir_to(from, target);
    if (d < 0 || !lb_map_contains(&s->map, from) || !lb_map_contains(&s->map, target))
        return 0;
    unsigned bits = 0;
    int side = lb_map_hexside(&s->map, from, d), eh = s->charts.elevation_hexside;
    if (side >= 0)
        bits |= 1u << side;
    if (eh >= 0 && s->map.elevation[lb_map_cell(&s->map, from)] !=
                       s->map.elevation[lb_map_cell(&s->map, target)])
        bits |= 1u << eh;
    return bits;
}

void lbi_mel_context(const lb_state *s, const lb_melee_req *req, const lb_melee_chance *c, int a,
                     int d, lb_modifier_ctx *x)
{
    memset(x, 0, sizeof *x);
    const lb_melee_unit *au = &c->units[a], *du = &c->units[d];
    x->attacker = au->unit;
    x->defender = du->unit;
    x->unit = -1;
    x->contact = 1;
    x->through = (int)au->through;
    x->across = across_bits(s, au->from, c->target);
    if (lb_map_contains(&s->map, au->from) && lb_map_contains(&s->map, c->target))
        x->uphill = s->map.elevation[lb_map_cell(&s->map, au->from)] <
                    s->map.elevation[lb_map_cell(&s->map, c->target)];
    if (a < req->nattackers) {
        x->charge_straight = req->attackers[a].charge_straight;
        x->attacker_fire_loss = req->attackers[a].fire_loss;
    }
    x->attacker_preserve = au->preserve;
    x->defender_preserve = du->preserve;
}
