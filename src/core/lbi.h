/* Private to the library: LBI marks the functions its files share with each other, hidden from the library's users. */
#ifndef LBI_H
#define LBI_H

/* Internal functions are named lbi_… and declared LBI in their private header: a shared build
 * of the library does not export them; only the lb_… API is public. */
#if defined(__GNUC__) || defined(__clang__)
#define LBI __attribute__((visibility("hidden")))
#else
#define LBI
#endif

#endif
