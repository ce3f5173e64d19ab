/* Dice (R-DICE-1..3): PCG32, unbiased d6, base-6 roll arithmetic, the three sources (seeded, keyed: the draws of src/game/dice_keyed.c, scripted) and the roll log. */
#include "lb/core.h"
#include "dice_int.h"

#include <string.h>

enum { ROLL_INDEX_MAX = 35, DICE_SEQ = 54 };

void lb_pcg32_seed(lb_pcg32 *rng, uint64_t initstate, uint64_t initseq)
{
    rng->state = 0;
    rng->inc = (initseq << 1) | 1;
    lb_pcg32_next(rng);
    rng->state += initstate;
    lb_pcg32_next(rng);
}

uint32_t lb_pcg32_next(lb_pcg32 *rng)
{
    uint64_t old = rng->state;
    rng->state = old * 6364136223846793005ULL + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rot = (uint32_t)(old >> 59);
    return (xorshifted >> rot) | (xorshifted << ((0u - rot) & 31));
}

/* Rejects the 2^32 mod bound lowest outputs, so every residue has the same number of sources. */
uint32_t lb_pcg32_bounded(lb_pcg32 *rng, uint32_t bound)
{
    if (bound == 0)
        return 0;
    uint32_t threshold = (0u - bound) % bound;
    for (;;) {
        uint32_t r = lb_pcg32_next(rng);
        if (r >= threshold)
            return r % bound;
    }
}

int lb_roll_valid(int value)
{
    int tens = value / 10, units = value % 10;
    return value >= 11 && tens <= 6 && units >= 1 && units <= 6;
}

/* R-DICE-2 */
int lb_roll_index(int roll)
{
    if (!lb_roll_valid(roll))
        return -1;
    return 6 * (roll / 10 - 1) + (roll % 10 - 1);
}

int lb_roll_from_index(int index)
{
    if (index < 0)
        index = 0;
    if (index > ROLL_INDEX_MAX)
        index = ROLL_INDEX_MAX;
    return 10 * (index / 6 + 1) + index % 6 + 1;
}

/* R-DICE-2: 43 + 4 = 51. A value that is not a roll gives -1. */
int lb_roll_add(int roll, int modifier)
{
    int index = lb_roll_index(roll);
    if (index < 0)
        return -1;
    /* Any modifier past the width of the table clamps the same way; this keeps the sum in range. */
    if (modifier > ROLL_INDEX_MAX)
        modifier = ROLL_INDEX_MAX;
    if (modifier < -ROLL_INDEX_MAX)
        modifier = -ROLL_INDEX_MAX;
    return lb_roll_from_index(index + modifier);
}

void lb_dice_init_seed(lb_dice *dice, uint64_t seed)
{
    memset(dice, 0, sizeof *dice);
    lb_pcg32_seed(&dice->rng, seed, DICE_SEQ);
}

static int is_die_digit(char c)
{
    return c >= '1' && c <= '6';
}

/* R-DICE-3: "34,5,62"; entries are parsed into a copy so that a bad list changes nothing. */
int lb_dice_init_script(lb_dice *dice, const char *list, int *bad_pos)
{
    int values[LB_DICE_SCRIPT_MAX];
    int len = 0;
    const char *p = list;

    if (list == NULL) {
        if (bad_pos != NULL)
            *bad_pos = 0;
        return LB_INVALID;
    }
    for (;;) {
        const char *entry = p;
        int value = -1;
        if (is_die_digit(p[0]) && (p[1] == ',' || p[1] == '\0')) {
            value = p[0] - '0';
            p += 1;
        } else if (is_die_digit(p[0]) && is_die_digit(p[1]) && (p[2] == ',' || p[2] == '\0')) {
            value = 10 * (p[0] - '0') + (p[1] - '0');
            p += 2;
        }
        if (value < 0 || len == LB_DICE_SCRIPT_MAX) {
            if (bad_pos != NULL)
                *bad_pos = (int)(entry - list);
            return LB_INVALID;
        }
        values[len++] = value;
        if (*p == '\0')
            break;
        p++;
    }

    memset(dice, 0, sizeof *dice);
    dice->scripted = 1;
    memcpy(dice->script, values, (size_t)len * sizeof values[0]);
    dice->script_len = len;
    return LB_OK;
}

/* R-DICE-3: every roll taken is logged with its purpose. */
static void record(lb_dice *dice, lb_die_kind kind, int value, const char *purpose)
{
    if (dice->log_len < LB_DICE_LOG_MAX) {
        lb_roll_record *r = &dice->log[dice->log_len];
        r->kind = kind;
        r->value = value;
        r->purpose = purpose;
    }
    dice->log_len++;
}

/* Takes the next scripted entry when it is of the asked kind. */
static int take_scripted(lb_dice *dice, lb_die_kind kind, int *out)
{
    if (dice->script_pos >= dice->script_len)
        return -1;
    int value = dice->script[dice->script_pos];
    if ((value >= 10) != (kind == LB_DIE_TWO))
        return -1;
    dice->script_pos++;
    *out = value;
    return 0;
}

int lb_dice_d6(lb_dice *dice, const char *purpose, int *out)
{
    int value;

    if (dice->scripted) {
        if (take_scripted(dice, LB_DIE_ONE, &value) != 0)
            return LB_DICE;
    } else if (dice->keyed) {
        value = dice->keyed(dice->key, dice->draw++, LB_DIE_ONE);
    } else {
        value = (int)lb_pcg32_bounded(&dice->rng, 6) + 1;
    }
    record(dice, LB_DIE_ONE, value, purpose);
    *out = value;
    return LB_OK;
}

/* R-DICE-1: the tens die is drawn first. */
int lb_dice_roll(lb_dice *dice, const char *purpose, int *out)
{
    int value;

    if (dice->scripted) {
        if (take_scripted(dice, LB_DIE_TWO, &value) != 0)
            return LB_DICE;
    } else if (dice->keyed) {
        value = dice->keyed(dice->key, dice->draw++, LB_DIE_TWO);
    } else {
        int tens = (int)lb_pcg32_bounded(&dice->rng, 6) + 1;
        int units = (int)lb_pcg32_bounded(&dice->rng, 6) + 1;
        value = 10 * tens + units;
    }
    record(dice, LB_DIE_TWO, value, purpose);
    *out = value;
    return LB_OK;
}

void lb_dice_skip(lb_dice *dice, lb_die_kind kind)
{
    if (dice->scripted) {
        if (dice->script_pos < dice->script_len)
            dice->script_pos++;
    } else if (dice->keyed) {
        dice->draw++;
    } else {
        for (int i = 0; i < (kind == LB_DIE_TWO ? 2 : 1); i++)
            lb_pcg32_bounded(&dice->rng, 6);
    }
}
