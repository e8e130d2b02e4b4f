#!/usr/bin/env bash
# The README's first app (Examples/FirstApp) in a real terminal: it draws, its keys work, and
# `q` gives the shell back its screen and modes.
# Usage: Tests/tmux/first-app.sh [path/to/counter-app]
set -euo pipefail

app="${1:-$(swift build --show-bin-path)/counter-app}"

socket_prefix="counter-app"
binary="$app"
binary_name="counter-app"
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"

# run_first TAG: runs the app from a shell that writes its pid to TAG.pid, its exit status (as
# the shell's $? reads it) to TAG.status and stty's modes to TAG.after once it ends.
cat >"$work/run-first.sh" <<'SCRIPT'
tag="$1"
app="$2"
sh -c 'echo $$ > "$0.pid"; exec "$1"' "$tag" "$app"
echo $? > "$tag.status"
stty -a > "$tag.after"
SCRIPT
run_first() { tmx send-keys -t "$session" "clear; sh $work/run-first.sh $work/$1 \"$app\"" Enter; }
# exit_status TAG STATUS: the app run as TAG ended with STATUS.
exit_status() {
  wait_for_file "$work/$1.status" 10 || return 1
  [[ "$(cat "$work/$1.status")" == "$2" ]]
}

run_first first
check "the first app draws its count" wait_for '^Count: 0$' 15
check "the help bar lists the buttons' keys and quit" wait_for '- -  \+ \+ .*q quit' 5
tmx send-keys -t "$session" + + + -
check "+ + + - counts to 2" wait_for '^Count: 2$' 5
# TerminalApp.run, as a TCA app gets it, takes the mouse: a click on + counts up.
check "the first app turns SGR mouse reporting on" poll 5 mouse_modes 11
row=$(pane | grep -n '\[ + \]' | head -1 | cut -d: -f1)
column=$(pane | sed -n "${row}p" | awk '{ print index($0, "[ + ]") + 2 }')
click "$column" "$row"
check "a click on + counts to 3" wait_for '^Count: 3$' 5
tmx send-keys -t "$session" q
check "q quits the first app to the prompt" prompt_back
check "the first app left the alternate screen" poll 5 alternate_on 0
check "after the first app, stty shows echo and icanon" termios_restored "$work/first.after"
check "q exits with status 0" exit_status first 0

# Exit statuses as a shell expects of a Unix program, each after the terminal is restored:
# Ctrl-C (a key in raw mode) and SIGINT 130, SIGTERM 143, SIGHUP 129.
run_first ctrl-c
wait_for '^Count: 0$' 15 || true
tmx send-keys -t "$session" C-c
check "Ctrl-C quits the first app to the prompt" prompt_back
check "Ctrl-C exits with status 130" exit_status ctrl-c 130
check "after Ctrl-C, stty shows echo and icanon" termios_restored "$work/ctrl-c.after"
for signal in INT:130 TERM:143 HUP:129; do
  name="${signal%%:*}"
  run_first "sig$name"
  wait_for '^Count: 0$' 15 || true
  wait_for_file "$work/sig$name.pid" 5 || true
  kill "-$name" "$(cat "$work/sig$name.pid")"
  check "SIG$name ends the first app to the prompt" prompt_back
  check "SIG$name exits with status ${signal##*:}" exit_status "sig$name" "${signal##*:}"
  check "after SIG$name, stty shows echo and icanon" termios_restored "$work/sig$name.after"
  check "after SIG$name, the first app left the alternate screen" poll 5 alternate_on 0
done

# Nothing typed outlives the app: an unbracketed paste of `q`, 16,000 `#` and a shell command
# quits the app at its `q`, and the rest of the paste, still arriving, never reaches the shell
# (where the `#` line would be a comment and the command would run).
payload="$work/paste.txt"
{
  printf 'q'
  head -c 16000 /dev/zero | tr '\0' '#'
  printf '\necho PWNED > %s\n' "$work/pwned"
} >"$payload"
run_first paste
wait_for '^Count: 0$' 15 || true
tmx load-buffer "$payload"
tmx paste-buffer -t "$session"
check "a paste whose first key is q ends the app to the prompt" prompt_back
sleep 1
check "the rest of the paste never ran in the shell" test ! -e "$work/pwned"
check "after the paste, stty shows echo and icanon" termios_restored "$work/paste.after"

echo "$passed passed, $failed failed"
[[ "$failed" -eq 0 ]]
