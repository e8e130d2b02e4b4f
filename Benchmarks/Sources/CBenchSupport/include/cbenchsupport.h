#ifndef CBENCHSUPPORT_H
#define CBENCHSUPPORT_H

#include <stddef.h>

/// Bytes allocated with malloc and not yet freed (glibc's mallinfo2().uordblks).
size_t cmallocinfo_allocated_bytes(void);

/// Opens a pseudo-terminal of `columns`×`rows`; returns the master descriptor and writes the
/// slave's path into `name`, or returns -1.
int cbench_open_pty(unsigned short columns, unsigned short rows, char *name, size_t capacity);

/// Starts `argv[0]` in a new session whose standard streams are the terminal at `slave`;
/// returns its pid, or -1.
int cbench_spawn_on_pty(const char *slave, char *const argv[], char *const envp[]);

#endif
