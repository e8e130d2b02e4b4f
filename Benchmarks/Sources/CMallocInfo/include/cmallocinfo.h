#ifndef CMALLOCINFO_H
#define CMALLOCINFO_H

#include <stddef.h>

/// Bytes allocated with malloc and not yet freed (glibc's mallinfo2().uordblks).
size_t cmallocinfo_allocated_bytes(void);

#endif
