// Swift's Glibc module is built without _GNU_SOURCE, which hides strptime.
#define _GNU_SOURCE
#include <locale.h>
#include <time.h>

// strptime in the C locale whatever setlocale has chosen, so `%b` reads
// `Jul` for a file in any language. newlocale returns glibc's own C locale
// object for "C", so nothing is made or freed per call.
static inline char *tally_strptime(const char *text, const char *format, struct tm *fields) {
    return strptime_l(text, format, fields, newlocale(LC_ALL_MASK, "C", (locale_t)0));
}
