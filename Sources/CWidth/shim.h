// glibc's wcwidth: the Glibc module declares it only under _XOPEN_SOURCE, so it is declared here.
#include <stddef.h>

int wcwidth(wchar_t character);
