#!/usr/bin/env bash
# The real-terminal tier: drives the built terminalui-demo inside a detached tmux session and
# checks drawing, typing, and that the terminal is restored on Ctrl-C, SIGTERM and Ctrl-Z.
# Usage: Tests/tmux/run.sh [path/to/terminalui-demo]
set -euo pipefail

demo="${1:-${TERMINALUI_DEMO:-}}"
if [[ -z "$demo" ]]; then
  demo="$(swift build --show-bin-path)/terminalui-demo"
fi

socket_prefix="terminalui"
binary="$demo"
binary_name="terminalui-demo"
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"

# run_demo TAG: starts the demo in the pane, recording its pid in $work/TAG.pid. A
# non-interactive sh wraps it and records `stty -a` in $work/TAG.after the moment the demo ends,
# before the interactive shell regains the terminal (bash restores its own tty settings after a
# job killed by a signal, which would hide a demo that failed to restore them).
run_demo() {
  local tag="$1"
  tmx send-keys -t "$session" "clear; sh -c 'sh -c \"echo \\\$\\\$ > $work/$tag.pid; \
exec $demo\"; stty -a > $work/$tag.after'" Enter
}

# run_demo_directly TAG: starts the demo as the shell's own job (for job control: Ctrl-Z, fg).
run_demo_directly() {
  local tag="$1"
  tmx send-keys -t "$session" "clear; sh -c 'echo \$\$ > $work/$tag.pid; exec \"$demo\"'" Enter
}

demo_shown() {
  wait_for '┌─ TerminalUI demo (─)+┐' 15 && wait_for 'Name:' 5 && wait_for 'Ctrl-C quit' 5
}

# 1. Draw, type, Backspace, Ctrl-C.
run_demo quit
check "the demo draws its box, field and help line" demo_shown
tmx send-keys -t "$session" -l "hellox"
tmx send-keys -t "$session" BSpace
check "typed text appears in the field and Backspace deletes" wait_for 'Name: hello +│' 5
# SIGWINCH: a narrower window redraws a narrower box, keeping the typed text.
tmx resize-window -t "$session" -x 30 -y 20
check "a resize redraws the box at the new width" wait_for '^ ┌─ TerminalUI demo (─){8}┐$' 5
check "the field keeps its text after the resize" wait_for 'Name: hello' 5
tmx resize-window -t "$session" -x 80 -y 24
check "a resize back redraws the full-width box" wait_for '^ ┌─ TerminalUI demo (─){24}┐$' 5
tmx send-keys -t "$session" C-c
check "Ctrl-C quits back to the shell prompt" prompt_back
check "Ctrl-C left the alternate screen (no demo text remains)" \
  bash -c "! tmux -L '$socket' capture-pane -p -t '$session' | grep -q 'TerminalUI demo'"
check "right after Ctrl-C, stty shows echo and icanon" termios_restored "$work/quit.after"
check "after Ctrl-C, the shell's stty shows echo and icanon" stty_restored quit

# 2. SIGTERM.
run_demo term
check "the demo starts again" demo_shown
wait_for_file "$work/term.pid" 5 || true
if pid="$(cat "$work/term.pid" 2>/dev/null)" && [[ -n "$pid" ]]; then
  kill -TERM "$pid"
  check "SIGTERM ends the demo and the shell prompt is back" prompt_back
  check "right after SIGTERM, stty shows echo and icanon" termios_restored "$work/term.after"
  check "after SIGTERM, the shell's stty shows echo and icanon" stty_restored term
else
  not_ok "the demo's pid was recorded"
fi

# 3. A runtime trap (SIGABRT, as a Swift fatalError raises SIGTRAP/SIGILL the same way).
tmx send-keys -t "$session" "ulimit -c 0" Enter
run_demo abort
check "the demo starts for the abort test" demo_shown
wait_for_file "$work/abort.pid" 5 || true
if pid="$(cat "$work/abort.pid" 2>/dev/null)" && [[ -n "$pid" ]]; then
  kill -ABRT "$pid"
  check "SIGABRT ends the demo and the shell prompt is back" prompt_back
  check "right after SIGABRT, stty shows echo and icanon" termios_restored "$work/abort.after"
  check "after SIGABRT, the shell left the alternate screen" \
    bash -c "! tmux -L '$socket' capture-pane -p -t '$session' | grep -q 'TerminalUI demo'"
else
  not_ok "the demo's pid was recorded for the abort test"
fi

# 4. Ctrl-Z suspends with the terminal restored; fg resumes and repaints.
run_demo_directly stop
check "the demo starts a third time" demo_shown
tmx send-keys -t "$session" -l "abc"
wait_for 'Name: abc' 5 || true
tmx send-keys -t "$session" C-z
check "Ctrl-Z suspends the demo back to the shell" wait_for 'PROMPT\$ *$' 10
check "while suspended, the alternate screen was left" \
  bash -c "! tmux -L '$socket' capture-pane -p -t '$session' | grep -q 'TerminalUI demo'"
check "while suspended, stty shows echo and icanon" stty_restored stop
tmx send-keys -t "$session" "clear; fg" Enter
check "fg resumes the demo and repaints it with its state" wait_for 'Name: abc' 10
tmx send-keys -t "$session" C-c
check "Ctrl-C after resuming quits to the prompt" prompt_back
check "after resume and quit, the shell's stty shows echo and icanon" stty_restored stop2

# 5. SIGTSTP from outside (kill -TSTP) suspends the same way.
run_demo_directly tstp
check "the demo starts for the SIGTSTP test" demo_shown
wait_for_file "$work/tstp.pid" 5 || true
if pid="$(cat "$work/tstp.pid" 2>/dev/null)" && [[ -n "$pid" ]]; then
  tmx send-keys -t "$session" -l "xyz"
  wait_for 'Name: xyz' 5 || true
  kill -TSTP "$pid"
  check "kill -TSTP stops the demo with the alternate screen left" \
    wait_gone 'TerminalUI demo' 10
  tmx send-keys -t "$session" "clear; fg" Enter
  check "fg after kill -TSTP repaints the demo with its state" wait_for 'Name: xyz' 10
  tmx send-keys -t "$session" C-c
  check "Ctrl-C after the SIGTSTP resume quits to the prompt" prompt_back
else
  not_ok "the demo's pid was recorded for the SIGTSTP test"
fi

# 6. No terminal: exits 2 with a message, writes nothing to stdout.
set +e
"$demo" </dev/null >"$work/notty.out" 2>"$work/notty.err"
status=$?
set -e
check "with stdin not a terminal the demo exits with status 2" test "$status" -eq 2
check "with stdin not a terminal the demo explains why on stderr" \
  grep -q 'not a terminal' "$work/notty.err"
check "with stdin not a terminal the demo writes nothing to stdout" test ! -s "$work/notty.out"

echo "$passed passed, $failed failed"
[[ "$failed" -eq 0 ]]
