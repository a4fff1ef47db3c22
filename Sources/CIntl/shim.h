// glibc's gettext, which the Glibc module leaves out.
#include <libintl.h>
#include <locale.h>
