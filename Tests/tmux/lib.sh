# Shared by the tmux tiers (run.sh, app.sh): a detached tmux server with one pane running a
# plain shell, TAP-style checks, and polling helpers. Source it after setting $socket_prefix,
# $binary and $binary_name.
# shellcheck shell=bash

# Both tiers need tmux and their binary ($binary, named $binary_name); say which is missing.
if [[ ! -x "$binary" ]]; then
  echo "tmux-test: $binary_name not found at $binary (build it first)" >&2
  exit 1
fi
if ! command -v tmux >/dev/null 2>&1; then
  echo "tmux-test: tmux could not start: tmux is not installed" >&2
  exit 1
fi

socket="${socket_prefix:-tui}-test-$$"
session="demo"
work="$(mktemp -d)"
tmx() { tmux -L "$socket" "$@"; }
cleanup() {
  tmx kill-server >/dev/null 2>&1 || true
  rm -rf "$work" 2>/dev/null || true
}
trap cleanup EXIT

passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok - $1"; }
not_ok() {
  failed=$((failed + 1))
  echo "not ok - $1"
  if [[ -n "${2:-}" ]]; then printf '%s\n' "$2" | sed 's/^/#   /'; fi
}
check() { # check DESCRIPTION COMMAND...
  local description="$1"
  shift
  if "$@"; then ok "$description"; else not_ok "$description" "$(pane)"; fi
}

pane() { tmx capture-pane -p -t "$session" 2>/dev/null || true; }

# poll SECONDS COMMAND...: runs COMMAND every tenth of a second until it succeeds or the time
# runs out.
poll() {
  local deadline=$((SECONDS + $1))
  shift
  while ((SECONDS < deadline)); do
    if "$@"; then return 0; fi
    sleep 0.1
  done
  return 1
}
pane_matches() { pane | grep -Eq -- "$1"; }
pane_lacks() { ! pane_matches "$1"; }

# mouse_modes FLAGS: tmux's SGR and standard mouse flags of the pane, as in `11` or `00`.
mouse_modes() { [[ "$(tmx display-message -p -t "$session" '#{mouse_sgr_flag}#{mouse_standard_flag}')" == "$1" ]]; }
# click COLUMN ROW: a left click on a cell, both from 1, press and release, sent as the bytes a
# terminal sends.
click() { tmx send-keys -t "$session" -l $'\e[<0;'"$1;$2"'M'$'\e[<0;'"$1;$2"'m'; }

# wait_for PATTERN [SECONDS]: polls the pane until it matches (grep -E) or the time runs out.
wait_for() { poll "${2:-10}" pane_matches "$1"; }

# wait_gone PATTERN [SECONDS]: polls the pane until it no longer matches.
wait_gone() { poll "${2:-10}" pane_lacks "$1"; }

# wait_for_file PATH [SECONDS]
wait_for_file() { poll "${2:-10}" test -s "$1"; }

# The pane runs a plain shell with a known prompt and a known terminal type.
if ! error="$(tmx -f /dev/null new-session -d -s "$session" -x 80 -y 24 \
  "env -i PATH=\"$PATH\" HOME=\"$work\" LANG=C.UTF-8 TERM=xterm-256color PS1='PROMPT\$ ' \
  bash --norc --noprofile -i" 2>&1)"; then
  echo "tmux-test: tmux could not start: $error" >&2
  exit 1
fi
if ! wait_for '^PROMPT\$' 10; then
  echo "tmux-test: tmux could not start: no shell prompt in the pane" >&2
  exit 1
fi

# termios_restored FILE: the stty -a output in FILE has echo and icanon on.
termios_restored() {
  local out="$1"
  wait_for_file "$out" 10 || return 1
  grep -Eq '(^|[[:space:]])echo([[:space:]]|$)' "$out" \
    && grep -Eq '(^|[[:space:]])icanon([[:space:]]|$)' "$out" \
    && ! grep -Eq '(^|[[:space:]])-echo([[:space:]]|$)' "$out" \
    && ! grep -Eq '(^|[[:space:]])-icanon([[:space:]]|$)' "$out"
}

# stty_restored TAG: runs stty -a in the pane and checks echo and icanon are on.
stty_restored() {
  local tag="$1"
  local out="$work/$tag.stty"
  tmx send-keys -t "$session" "clear; stty -a > $out.tmp; mv $out.tmp $out" Enter
  termios_restored "$out"
}

prompt_back() { wait_for '^PROMPT\$ *$' 10; }

# alternate_on 0|1: whether the pane is on the terminal's alternate screen.
alternate_on() { [[ "$(tmx display-message -p -t "$session" '#{alternate_on}')" == "$1" ]]; }
