/* The server's clock: milliseconds of a monotonic clock, for timed movement, heartbeats and the ticker. */
#include <time.h>

#include "server_int.h"

long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}
