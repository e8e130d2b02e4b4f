#include "cmallocinfo.h"

#include <malloc.h>

size_t cmallocinfo_allocated_bytes(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}
