#define _GNU_SOURCE
#include "cbenchsupport.h"

#include <fcntl.h>
#include <malloc.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

size_t cmallocinfo_allocated_bytes(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

int cbench_open_pty(unsigned short columns, unsigned short rows, char *name, size_t capacity) {
  int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (master < 0) return -1;
  if (grantpt(master) != 0 || unlockpt(master) != 0 || ptsname_r(master, name, capacity) != 0) {
    close(master);
    return -1;
  }
  struct winsize size = {.ws_row = rows, .ws_col = columns};
  ioctl(master, TIOCSWINSZ, &size);
  return master;
}

int cbench_spawn_on_pty(const char *slave, char *const argv[], char *const envp[]) {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  posix_spawn_file_actions_init(&actions);
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID);
  posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0);
  posix_spawn_file_actions_adddup2(&actions, 0, 1);
  posix_spawn_file_actions_adddup2(&actions, 0, 2);
  pid_t pid = -1;
  int failed = posix_spawn(&pid, argv[0], &actions, &attributes, argv, envp);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  return failed ? -1 : pid;
}
