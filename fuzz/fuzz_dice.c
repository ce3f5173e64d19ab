/* Fuzz target: the scripted dice list of --dice, then rolls taken from it until it runs out. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dice_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *list = malloc(size + 1);
    if (!list)
        return 0;
    memcpy(list, data, size);
    list[size] = '\0';
    lb_dice dice;
    int bad = -1;
    if (lb_dice_init_script(&dice, list, &bad) == 0) {
        /* alternate asking for one die and two dice: every value taken is in range */
        for (int i = 0; i < 2 * LB_DICE_SCRIPT_MAX + 2; i++) {
            int v;
            if (i % 2 ? lb_dice_d6(&dice, "fuzz", &v) == 0 && (v < 1 || v > 6)
                      : lb_dice_roll(&dice, "fuzz", &v) == 0 && !lb_roll_valid(v))
                __builtin_trap();
        }
    } else if (bad < 0 || (size_t)bad > size) {
        __builtin_trap(); /* a refused list always says where */
    }
    free(list);
    return 0;
}
