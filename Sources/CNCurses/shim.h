#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

// Wide-character ncurses: these must be defined before the header is included.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <errno.h>
#include <locale.h>
#include <malloc.h>
#include <pthread.h>
#include <ncursesw/curses.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

// Globals and macros are not importable under Swift 6's strict concurrency; reach them through
// functions.
static inline WINDOW *cncurses_stdscr(void) { return stdscr; }
static inline int cncurses_lines(void) { return LINES; }
static inline int cncurses_cols(void) { return COLS; }
static inline int cncurses_color_pairs(void) { return COLOR_PAIRS; }
static inline int cncurses_colors(void) { return COLORS; }
static inline int cncurses_color_pair(int pair) { return (int)COLOR_PAIR(pair); }

// Returns the free pages of malloc's heaps to the system (after a large screen shrank).
static inline void cncurses_release_free_memory(void) { (void)malloc_trim(0); }

// Blocks of 1 MiB and more (a large screen's buffers) are mapped on their own and unmapped when
// freed. Without a fixed threshold, glibc raises it to the largest block freed (up to 32 MiB)
// and its trim threshold to twice that, so a thread's heap kept up to 64 MiB of free memory.
static inline void cncurses_map_large_blocks(void) { (void)mallopt(M_MMAP_THRESHOLD, 1 << 20); }
static inline void cncurses_getmaxyx(WINDOW *window, int *y, int *x) {
  int rows, columns;
  getmaxyx(window, rows, columns);
  *y = rows;
  *x = columns;
}

/// The attribute bits for a combination of styles.
static inline attr_t cncurses_attributes(int bold, int dim, int underline, int reverse) {
  attr_t attributes = A_NORMAL;
  if (bold) attributes |= A_BOLD;
  if (dim) attributes |= A_DIM;
  if (underline) attributes |= A_UNDERLINE;
  if (reverse) attributes |= A_REVERSE;
  return attributes;
}

/// Draws one grapheme (up to CCHARW_MAX code points, `count` of them) at a cell of stdscr, in a
/// colour pair made by `init_extended_pair` (its number may exceed a short: it is passed through
/// setcchar's `opts`, as ncurses' extended colours require).
static inline int cncurses_put(int y, int x, const wchar_t *text, int count, attr_t attributes,
                               int pair) {
  wchar_t buffer[CCHARW_MAX + 1];
  int n = count < CCHARW_MAX ? count : CCHARW_MAX;
  for (int i = 0; i < n; i++) buffer[i] = text[i];
  buffer[n] = L'\0';
  cchar_t character;
  short legacy = pair < 0x7fff ? (short)pair : 0;
  if (setcchar(&character, buffer, attributes, legacy, &pair) == ERR) return ERR;
  return mvwadd_wch(stdscr, y, x, &character);
}

/// The terminal size from the kernel (0 on failure).
static inline void cncurses_window_size(int fd, int *rows, int *columns) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) == 0) {
    *rows = size.ws_row;
    *columns = size.ws_col;
  } else {
    *rows = 0;
    *columns = 0;
  }
}

// MARK: - Signal-safe terminal restoration
//
// Everything a signal handler needs is prepared beforehand: the saved termios and the reset byte
// sequence. The handlers only call async-signal-safe functions (write, tcsetattr, sigaction,
// raise).

// The state lives in a function-local static: header-level statics are not emitted when the
// header is imported into Swift.
struct cncurses_restore_state {
  struct termios saved_termios;
  int have_saved_termios;
  char reset_bytes[512];
  size_t reset_length;
  int notify_fd;
  volatile sig_atomic_t termination_signal;
};

// Static inline functions are emitted into each Swift object file that calls them, so every
// function touching this state is called from one Swift file only (TerminalSession.swift).
static inline struct cncurses_restore_state *cncurses_state(void) {
  static struct cncurses_restore_state state = {.notify_fd = -1};
  return &state;
}

static inline void cncurses_write_all(int fd, const char *bytes, size_t length) {
  while (length > 0) {
    ssize_t written = write(fd, bytes, length);
    if (written < 0) {
      if (errno == EINTR) continue;
      return;
    }
    bytes += written;
    length -= (size_t)written;
  }
}

static inline void cncurses_append_reset(const char *bytes) {
  if (bytes == NULL || bytes == (char *)-1) return;
  size_t length = strlen(bytes);
  if (cncurses_state()->reset_length + length >= sizeof(cncurses_state()->reset_bytes)) return;
  memcpy(cncurses_state()->reset_bytes + cncurses_state()->reset_length, bytes, length);
  cncurses_state()->reset_length += length;
}

/// Saves the terminal's current (cooked) mode. Call before initscr.
static inline int cncurses_save_termios(int fd) {
  if (tcgetattr(fd, &cncurses_state()->saved_termios) != 0) return -1;
  cncurses_state()->have_saved_termios = 1;
  return 0;
}

/// Restores the saved termios (async-signal-safe).
static inline void cncurses_restore_termios(int fd) {
  struct cncurses_restore_state *state = cncurses_state();
  if (state->have_saved_termios) tcsetattr(fd, TCSANOW, &state->saved_termios);
}

/// Discards what was typed or pasted and not read yet (async-signal-safe): on the way out, so
/// that the rest of a paste never reaches the shell as commands.
static inline void cncurses_discard_pending_input(int fd) {
  tcflush(fd, TCIFLUSH);
}

/// Precomputes the bytes that put the terminal back: bracketed paste and mouse reporting off,
/// attributes reset, cursor visible, alternate screen left. Call after initscr (it reads
/// terminfo).
static inline void cncurses_prepare_reset(void) {
  cncurses_state()->reset_length = 0;
  cncurses_append_reset("\033[?2004l\033[?1006l\033[?1000l");
  char sgr0[] = "sgr0", cnorm[] = "cnorm", rmcup[] = "rmcup", rmkx[] = "rmkx";
  cncurses_append_reset(tigetstr(rmkx));
  char *reset = tigetstr(sgr0);
  cncurses_append_reset(reset && reset != (char *)-1 ? reset : "\033[0m");
  char *visible = tigetstr(cnorm);
  cncurses_append_reset(visible && visible != (char *)-1 ? visible : "\033[?25h");
  cncurses_append_reset(tigetstr(rmcup));
}

/// Re-enters the alternate screen and keypad transmit mode after a suspension (the stop handler
/// left them without ncurses knowing). Written straight to the terminal: `putp` goes through
/// stdio's buffer, which is flushed only at exit, so the screen would be entered after the
/// repaint (drawing on the shell's screen) and again after the final "leave" sequence.
static inline void cncurses_reenter_program_screen(void) {
  char smcup[] = "smcup", smkx[] = "smkx";
  char *enter = tigetstr(smcup);
  if (enter && enter != (char *)-1) cncurses_write_all(STDOUT_FILENO, enter, strlen(enter));
  char *keypad_on = tigetstr(smkx);
  if (keypad_on && keypad_on != (char *)-1) {
    cncurses_write_all(STDOUT_FILENO, keypad_on, strlen(keypad_on));
  }
}

/// Writes the reset bytes and restores the saved termios (async-signal-safe).
static inline void cncurses_emergency_restore(void) {
  cncurses_write_all(STDOUT_FILENO, cncurses_state()->reset_bytes, cncurses_state()->reset_length);
  cncurses_restore_termios(STDIN_FILENO);
}

/// Puts the default action back for a signal (async-signal-safe).
static inline void cncurses_default_action(int signal_number) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(signal_number, &action, NULL);
}

/// Ends the process by a signal with its default action, so that its parent sees it ended by
/// that signal (a shell's status 128 + its number: 130, 143, 129). The signal is unblocked on the
/// calling thread first: the main thread of a program on Dispatch's main queue blocks most
/// signals, where a raised one would stay pending and the process exit with status 0. Should the
/// process outlive the signal, it exits with 128 + its number.
static inline void cncurses_end_by_signal(int signal_number) {
  cncurses_default_action(signal_number);
  sigset_t unblock;
  sigemptyset(&unblock);
  sigaddset(&unblock, signal_number);
  pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
  raise(signal_number);
  exit(128 + signal_number);
}

static inline void cncurses_fatal_handler(int signal_number) {
  int saved_errno = errno;
  cncurses_emergency_restore();
  cncurses_discard_pending_input(STDIN_FILENO);
  cncurses_default_action(signal_number);
  errno = saved_errno;
  raise(signal_number);
}

static inline void cncurses_notify(char byte) {
  int saved_errno = errno;
  if (cncurses_state()->notify_fd >= 0) {
    ssize_t ignored = write(cncurses_state()->notify_fd, &byte, 1);
    (void)ignored;
  }
  errno = saved_errno;
}

static inline void cncurses_install(int signal_number, void (*handler)(int), int flags);

/// SIGINT, SIGTERM, SIGHUP: asks the program to end (it flushes what it must save, restores
/// the terminal and re-raises the signal), and arms a two-second alarm whose handler restores
/// the terminal and ends the process if the program does not get there. A second signal of the
/// same kind ends the process at once.
static inline void cncurses_terminate_handler(int signal_number) {
  int saved_errno = errno;
  if (cncurses_state()->termination_signal == 0) {
    cncurses_state()->termination_signal = signal_number;
  }
  cncurses_install(SIGALRM, cncurses_fatal_handler, SA_RESETHAND | SA_NODEFER);
  alarm(2);
  cncurses_notify('T');
  errno = saved_errno;
}

/// The termination signal received, or 0.
static inline int cncurses_termination_signal(void) {
  return cncurses_state()->termination_signal;
}

static inline void cncurses_stop_handler(int signal_number) {
  int saved_errno = errno;
  cncurses_emergency_restore();
  // Stop for real with the default action; execution continues here on SIGCONT.
  cncurses_default_action(SIGTSTP);
  sigset_t unblock;
  sigemptyset(&unblock);
  sigaddset(&unblock, SIGTSTP);
  sigprocmask(SIG_UNBLOCK, &unblock, NULL);
  raise(SIGTSTP);
  cncurses_install(SIGTSTP, cncurses_stop_handler, SA_RESTART);
  cncurses_notify('C');
  errno = saved_errno;
  (void)signal_number;
}

static inline void cncurses_winch_handler(int signal_number) {
  (void)signal_number;
  cncurses_notify('W');
}

static inline void cncurses_install(int signal_number, void (*handler)(int), int flags) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  action.sa_flags = flags;
  sigemptyset(&action.sa_mask);
  sigaction(signal_number, &action, NULL);
}

/// Installs the handlers: fatal and termination signals restore the terminal and re-raise;
/// SIGTSTP restores, stops, and on resume writes 'C' to `notify_fd`; SIGWINCH writes 'W'.
static inline void cncurses_install_signal_handlers(int notify_fd) {
  cncurses_state()->notify_fd = notify_fd;
  int fatal[] = {SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE};
  for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
    cncurses_install(fatal[i], cncurses_fatal_handler, SA_RESETHAND | SA_NODEFER);
  }
  int termination[] = {SIGINT, SIGTERM, SIGHUP};
  for (size_t i = 0; i < sizeof termination / sizeof termination[0]; i++) {
    cncurses_install(termination[i], cncurses_terminate_handler, SA_RESETHAND | SA_NODEFER);
  }
  cncurses_install(SIGTSTP, cncurses_stop_handler, SA_RESTART);
  cncurses_install(SIGWINCH, cncurses_winch_handler, SA_RESTART);
}

/// Puts the default actions back (after a normal shutdown).
static inline void cncurses_uninstall_signal_handlers(void) {
  alarm(0);
  int all[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS,
               SIGFPE, SIGTSTP, SIGWINCH, SIGALRM};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
    cncurses_install(all[i], SIG_DFL, 0);
  }
  cncurses_state()->notify_fd = -1;
}

#endif
