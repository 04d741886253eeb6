// glibc's renameat2 and its RENAME_EXCHANGE flag: the Glibc module declares them only under
// _GNU_SOURCE, so they are declared here.
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);
