#!/usr/bin/env bash
# The real-terminal tier for the demo app: drives the built composable-demo inside a detached
# tmux session. The sign-up flow to its summary (the typed password never on screen), the
# counter and profile tabs with the prime modal, stats kept across a restart, and a second
# instance on the same state folder seeing an increment live; colour at each depth.
# Usage: Tests/tmux/app.sh [path/to/composable-demo]
set -euo pipefail

app="${1:-$(swift build --show-bin-path)/composable-demo}"

socket_prefix="composable-demo"
binary="$app"
binary_name="composable-demo"
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"

state="$work/state"
screens="$work/screens.txt"
password="hunter22secret"

# run_app TAG ARGS...: starts the app in the pane with the test's state folder, its standard
# error in $work/TAG.stderr; records `stty -a` in $work/TAG.after when it ends.
run_app() {
  local tag="$1"
  shift
  tmx send-keys -t "$session" "clear; sh -c '\"$app\" --state-dir \"$state\" $* \
2> $work/$tag.stderr; stty -a > $work/$tag.after'" Enter
}

# run_app_pid TAG ARGS...: like run_app, and records the app's pid in $work/TAG.pid and its exit
# status in $work/TAG.status.
run_app_pid() {
  local tag="$1"
  shift
  tmx send-keys -t "$session" "clear; sh -c 'sh -c \"echo \\\$\\\$ > $work/$tag.pid; \
exec \\\"$app\\\" --state-dir \\\"$state\\\" $*\"; echo \$? > $work/$tag.status; \
stty -a > $work/$tag.after'" Enter
}

# keep_screen: appends what the pane shows to the record of every screen seen.
keep_screen() { pane >>"$screens"; }

# type_text TEXT: types literally, then keeps the screen.
type_text() {
  tmx send-keys -t "$session" -l "$1"
  sleep 0.2
  keep_screen
}

key() {
  tmx send-keys -t "$session" "$@"
  sleep 0.2
  keep_screen
}

# 1. Sign-up to the summary; the password is typed but never drawn.
run_app signup --open sign-up --log "$work/signup.log" --record "$work/signup.tape"
check "the sign-up study opens on its welcome" wait_for 'Welcome! Please sign up\.' 15
key Enter
check "Sign up pushes the basics step" wait_for 'Composable demo › Sign up › Basics' 5
type_text "blob@example.com"
check "the email is checked after a pause and shown available" wait_for '✓ Available' 10
key Tab
type_text "$password"
key Tab
type_text "$password"
check "the password fields show one dot per character" wait_for '^••••••••••••••$' 5
key C-n
check "Next pushes personal info" wait_for '› Personal info' 5
type_text "Blob"
key Tab
type_text "McBlob"
key C-n
check "Next pushes topics" wait_for 'Topics you are interested in' 5
key Space
key C-n
check "Next pushes the summary with the data" wait_for 'Name: +Blob McBlob' 5
check "the summary shows the password as dots" wait_for 'Password: ••••••••••••••' 5
key s
check "Submit creates the account" wait_for 'Welcome aboard, Blob!' 10
check "the typed password never appeared on screen" bash -c "! grep -q '$password' '$screens'"
key C-c
check "Ctrl-C quits the app to the prompt" prompt_back
check "after the app, stty shows echo and icanon" termios_restored "$work/signup.after"
check "the account was saved in the state folder" grep -q 'blob@example.com' "$state/accounts.json"
check "the saved account holds no password" bash -c "! grep -q '$password' '$state/accounts.json'"
check "the log holds the actions and state diffs" grep -q 'signUpData' "$work/signup.log"
check "the recorded tape typed the password as dots" grep -q 'type "••••••••••••••"' "$work/signup.tape"
check "the password is in no state file, log, recorded tape or standard error" \
  bash -c "! grep -rq '$password' '$state' '$work/signup.log' '$work/signup.tape' \
'$work/signup.stderr'"
check "the recorded tape replays to the summary" bash -c "'$app' --replay '$work/signup.tape' \
--open sign-up </dev/null | grep -q 'Welcome aboard, Blob!'"

# 2. Counter and profile tabs, the prime modal.
run_app tabs --open shared-state
check "the shared-state study opens on the counter tab" wait_for 'Count: 0' 15
key +
key +
key +
check "+ counts up on the counter tab" wait_for '^Count: 3$' 5
key -
key +
check "- counts down" wait_for '^Count: 3$' 5
key Right
check "→ shows the profile tab with the stats" wait_for 'Current count: 3' 5
check "the profile shows the maximum and the number of counts" \
  bash -c "tmux -L '$socket' capture-pane -p -t '$session' | grep -q 'Max count: 3' && \
tmux -L '$socket' capture-pane -p -t '$session' | grep -q 'Total number of counts: 5'"
key Left
key p
check "p opens the prime modal" wait_for '3 is prime' 5
key f
check "f saves the prime to the favorites" wait_for 'Favorite primes: 3' 5
key Escape
check "Esc closes the prime modal" wait_gone '3 is prime' 5
quit_started=$(date +%s%N)
key q
check "q quits the app" prompt_back
# With no input pending, the runner waits for the terminal to be quiet for 30 ms, not longer.
quit_ms=$((($(date +%s%N) - quit_started) / 1000000))
check "quitting with no input pending is prompt (${quit_ms} ms, under 900)" test "$quit_ms" -lt 900
check "the stats file was written when the app quit" wait_for_file "$state/stats.json" 5

# 3. The stats persist across a restart.
run_app restart --open shared-state
check "after a restart the count is still 3" wait_for '^Count: 3$' 15
# The command palette: Ctrl-P, a few letters of a command, Enter.
key C-p
check "Ctrl-P opens the command palette" wait_for '┌ Commands' 5
type_text "incr"
key Enter
check "the command chosen in the palette runs: it counts to 4" wait_for '^Count: 4$' 5
check "running it closes the palette" wait_gone '┌ Commands' 5
key -
check "- counts back down to 3" wait_for '^Count: 3$' 5

# 4. A second instance on the same state folder sees an increment live.
tmx new-window -t "$session" -n second
tmx send-keys -t "$session:second" "\"$app\" --state-dir \"$state\" --open shared-state" Enter
second_matches() { tmx capture-pane -p -t "$session:second" | grep -Eq -- "$1"; }
second_shows() { poll 10 second_matches "$1"; } # waits until the second window matches
check "the second instance opens on the same count" second_shows '^Count: 3$'
tmx send-keys -t "$session:0" +
check "the first instance counts to 4" wait_for '^Count: 4$' 5
check "the second instance shows 4 without a key pressed" second_shows '^Count: 4$'
tmx send-keys -t "$session:second" +
check "the second instance writes too: it counts to 5" second_shows '^Count: 5$'
check "the first instance shows 5 without a key pressed" wait_for '^Count: 5$' 5
# Both at once, as fast as the terminal delivers: 50 + typed into each instance. Each increment
# starts from what the file holds, so none is lost (before, 51 of the 100 were).
burst="$(printf '+%.0s' $(seq 50))"
tmx send-keys -t "$session:0" -l "$burst"
tmx send-keys -t "$session:second" -l "$burst"
check "after 50 + in each instance at once, the first shows 105" wait_for '^Count: 105$' 20
check "and so does the second" second_shows '^Count: 105$'
tmx send-keys -t "$session:second" q
sleep 0.5
tmx kill-window -t "$session:second"
tmx select-window -t "$session:0"
tmx send-keys -t "$session:0" q
check "the first instance quits" prompt_back
check "the file holds both instances' counts" grep -q '"count" : 105,' "$state/stats.json"
check "after both instances, stty shows echo and icanon" stty_restored both

# 5. Termination signals right after writes and during a running effect: the terminal is
# restored (mouse reporting off too) and every change is in the file when the process ends.
for signal in TERM HUP INT; do
  tag="signal-$signal"
  before="$(grep -o '"count" : -\{0,1\}[0-9]*' "$state/stats.json" | grep -o -- '-\{0,1\}[0-9]*$')"
  run_app_pid "$tag" --open shared-state
  wait_for "^Count: $before\$" 15 || true
  wait_for_file "$work/$tag.pid" 5 || true
  # Each change is written as it is made; the signal comes right after the third.
  tmx send-keys -t "$session" + + +
  wait_for "^Count: $((before + 3))\$" 5 || true
  pid="$(cat "$work/$tag.pid" 2>/dev/null || true)"
  if [[ -n "$pid" ]]; then kill "-$signal" "$pid"; fi
  check "SIG$signal right after a write ends the app to the prompt" prompt_back
  check "after SIG$signal, stty shows echo and icanon" termios_restored "$work/$tag.after"
  check "after SIG$signal, mouse reporting is off" poll 5 mouse_modes 00
  check "every change made before SIG$signal is in the file (count $((before + 3)))" \
    grep -q "\"count\" : $((before + 3))," "$state/stats.json"
  check "SIG$signal exits with status $((128 + $(kill -l "$signal")))" \
    poll 5 grep -qx "$((128 + $(kill -l "$signal")))" "$work/$tag.status"
done

before="$(grep -o '"count" : -\{0,1\}[0-9]*' "$state/stats.json" | grep -o -- '-\{0,1\}[0-9]*$')"
run_app ctrlc --open shared-state
wait_for "^Count: $before\$" 15 || true
tmx send-keys -t "$session" + + +
wait_for "^Count: $((before + 3))\$" 5 || true
tmx send-keys -t "$session" C-c
check "Ctrl-C right after a write ends the app to the prompt" prompt_back
check "after Ctrl-C, stty shows echo and icanon" termios_restored "$work/ctrlc.after"
check "every change made before Ctrl-C is in the file (count $((before + 3)))" \
  grep -q "\"count\" : $((before + 3))," "$state/stats.json"

run_app_pid effect --open counter-stack
check "the counter stack opens" wait_for 'Start a counter' 15
wait_for_file "$work/effect.pid" 5 || true
key s
key t
check "a counter's timer runs" wait_for 'Timer: [1-9][0-9]* s \(running\)' 5
kill -TERM "$(cat "$work/effect.pid")"
check "SIGTERM during a running timer ends the app to the prompt" prompt_back
check "after SIGTERM during the timer, stty shows echo and icanon" termios_restored "$work/effect.after"

# 5b. Memory after a very large screen: resized to 1000×1000 and back to 80×24, the app returns
# to its resident size at 80×24 (within 8 MiB), where it kept the large screen's 100 MB before.
run_app_pid memory --open shared-state
check "the app opens for the memory check" wait_for '^Count: -?[0-9]+$' 15
wait_for_file "$work/memory.pid" 5 || true
memory_pid="$(cat "$work/memory.pid" 2>/dev/null || echo 0)"
resident_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$memory_pid/status" 2>/dev/null || echo 0; }
sleep 1
small_before="$(resident_kib)"
tmx resize-window -t "$session" -x 1000 -y 1000
wait_for '^Count: -?[0-9]+$' 10 || true
sleep 2
large="$(resident_kib)"
tmx resize-window -t "$session" -x 80 -y 24
wait_for '^Count: -?[0-9]+$' 10 || true
sleep 2
small_after="$(resident_kib)"
check "a 1000×1000 screen makes the app grow (${small_before} → ${large} KiB)" \
  test "$large" -gt $((small_before + 50000))
check "back at 80×24 it is within 8 MiB of its size before (${small_before} → ${small_after} KiB)" \
  test "$small_after" -le $((small_before + 8192))
key q
check "the app quits after the memory check" prompt_back

# 5c. Floods: a megabyte pasted unbracketed into a field is taken in moments (a field takes a
# long run of characters in one read as one text), and a Ctrl-C typed behind 20,000 + (each a
# file write) quits at once, where both took minutes before (the flood was handled first).
python3 -c "import sys; sys.stdout.write(('abcdefghij' * 100000)[:999993] + 'ENDMARK')" \
  > "$work/megabyte.txt"
printf '+%.0s' $(seq 20000) > "$work/pluses.txt"
run_app paste --open sign-up
check "the sign-up study opens for the paste" wait_for 'Welcome! Please sign up\.' 15
key Enter
check "its email field has focus" wait_for 'Composable demo › Sign up › Basics' 5
tmx load-buffer "$work/megabyte.txt"
paste_start="$(date +%s%N)"
tmx paste-buffer -t "$session"
check "a megabyte pasted unbracketed reaches the field" wait_for 'ENDMARK$' 60
paste_ms=$(( ($(date +%s%N) - paste_start) / 1000000 ))
echo "# the megabyte took ${paste_ms} ms (debug build)"
key C-c
check "the app quits after the paste" prompt_back
run_app_pid flood --open shared-state
check "the app opens for the flood" wait_for '^Count: -?[0-9]+$' 15
wait_for_file "$work/flood.pid" 5 || true
tmx load-buffer "$work/pluses.txt"
tmx paste-buffer -t "$session"
sleep 0.3
interrupt_start="$(date +%s%N)"
tmx send-keys -t "$session" C-c
check "Ctrl-C behind 20,000 + ends the app (status 130)" \
  poll 10 grep -sqx 130 "$work/flood.status"
interrupt_ms=$(( ($(date +%s%N) - interrupt_start) / 1000000 ))
check "within 2 s of the Ctrl-C (${interrupt_ms} ms; it took minutes)" test "$interrupt_ms" -le 2000
check "after the flood, stty shows echo and icanon" termios_restored "$work/flood.after"

# 6. Ctrl-Z, fg, q with the app as a job of the shell: suspended, the shell has its main screen;
# resumed, the app repaints on the alternate screen; after quitting, the shell is on its main
# screen with sane modes (tmux's #{alternate_on} tells which screen the pane shows).
tmx send-keys -t "$session" "clear; \"$app\" --state-dir \"$state\" --open shared-state" Enter
check "the app starts as a job of the shell" wait_for '^Count: -?[0-9]+$' 15
check "the app draws on the alternate screen" poll 5 alternate_on 1
check "the app turns SGR mouse reporting on" poll 5 mouse_modes 11
tmx send-keys -t "$session" C-z
check "Ctrl-Z suspends the app to the shell" wait_for 'Stopped' 10
check "while suspended, the shell is on its main screen" poll 5 alternate_on 0
check "while suspended, the terminal has the mouse back" poll 5 mouse_modes 00
tmx send-keys -t "$session" "fg" Enter
check "fg repaints the app" wait_for '^Count: -?[0-9]+$' 10
check "after fg, the app is on the alternate screen again" poll 5 alternate_on 1
check "after fg, the app takes the mouse again" poll 5 mouse_modes 11
tmx send-keys -t "$session" q
check "q after resuming quits to the prompt" prompt_back
check "after Ctrl-Z, fg and q, the shell is on its main screen" poll 5 alternate_on 0
check "after quitting, mouse reporting is off" poll 5 mouse_modes 00
check "after Ctrl-Z, fg and q, the shell's stty shows echo and icanon" stty_restored resumed

# 7. A corrupt state file: the app starts anyway, says so on its status line, and keeps the
# bad file aside.
corrupt="$work/corrupt-state"
mkdir -p "$corrupt"
printf '{ not json' >"$corrupt/stats.json"
tmx send-keys -t "$session" "clear; \"$app\" --state-dir \"$corrupt\" --open shared-state" Enter
check "with a corrupt stats file the app still opens" wait_for '^Count: 0$' 15
check "the status line says the stats file could not be read" wait_for '^⚠ .*stats' 5
tmx send-keys -t "$session" q
check "the app with the warning quits to the prompt" prompt_back
check "the corrupt file was kept aside" bash -c "ls '$corrupt' | grep -v '^stats.json$' | grep -q stats"

# 8. --replay prints the last screen of a tape and exits 0, without a terminal.
printf 'type "++"\nkey p\n' >"$work/prime.tape"
set +e
"$app" --replay "$work/prime.tape" --open shared-state --size 60x16 </dev/null \
  >"$work/replay.out" 2>"$work/replay.err"
status=$?
set -e
check "--replay exits 0" test "$status" -eq 0
check "--replay prints the prime modal of the tape" grep -q '2 is prime' "$work/replay.out"
check "--replay printed 16 rows" test "$(wc -l <"$work/replay.out")" -le 16

# 10. The shipped binary carries no development tool: the fuzzer and the soak live in a target of
# their own (DemoDevTools), linked only into composable-fuzz and the tests.
check "composable-demo links neither the fuzzer nor the soak" \
  bash -c "! nm '$app' | grep -Eq 'DemoFuzzer|DemoSoak|FuzzCase'"

# 9. Bad command lines get a clear message and a non-zero status.
set +e
"$app" --open nowhere </dev/null >"$work/bad.out" 2>"$work/bad.err"
status=$?
set -e
check "an unknown study exits non-zero" test "$status" -ne 0
check "an unknown study lists the studies" grep -q 'the studies are: shared-state' "$work/bad.err"

# 11. The mouse (reporting on, off while suspended and after quitting: sections 5 and 6): a
# click, sent as the bytes a terminal sends, opens a study from the menu and presses a button;
# --no-mouse leaves the mouse to the terminal.
tmx send-keys -t "$session" "clear; \"$app\" --state-dir \"$state\"" Enter
check "the menu opens for the mouse" wait_for 'Case studies' 15
row=$(pane | grep -n 'Shared state:' | head -1 | cut -d: -f1)
click 4 "$row"
check "a click on a row of the menu opens its study" wait_for '^Count: -?[0-9]+$' 10
before=$(pane | grep -E '^Count: -?[0-9]+$' | head -1 | sed 's/Count: //')
plus=$(pane | grep -n '^\[ - \] \[ + \]' | head -1 | cut -d: -f1)
click 9 "$plus"
check "a click on + counts up" wait_for "^Count: $((before + 1))\$" 5
tmx send-keys -t "$session" q
check "q quits the app that took the mouse" prompt_back
tmx send-keys -t "$session" "clear; \"$app\" --state-dir \"$state\" --no-mouse" Enter
check "--no-mouse opens the menu" wait_for 'Case studies' 15
check "--no-mouse leaves mouse reporting off" poll 3 mouse_modes 00
tmx send-keys -t "$session" q
check "the app without the mouse quits" prompt_back

# 12. Colour, as the terminal gets it (tmux's capture with escapes): the theme's accent (the
# title bar, #5fafff) in the 256-colour palette on xterm-256color, in 24-bit colour on a
# direct-colour terminfo entry (compiled here: Debian ships none by default), as bright blue with
# --colors 16, as cyan (the nearest of eight) on TERM=xterm, none with NO_COLOR (the bar still
# reversed); the light theme's deeper blue with --theme light.
mkdir -p "$work/terminfo"
cat >"$work/direct.src" <<'TERMINFO'
composable-direct|xterm-256color with 24-bit colour (for tests),
	colors#0x1000000, pairs#0x10000, RGB,
	setaf=\E[%?%p1%{8}%<%t3%p1%d%e38;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;m,
	setab=\E[%?%p1%{8}%<%t4%p1%d%e48;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;m,
	use=xterm-256color,
TERMINFO
check "a direct-colour terminfo entry compiles" tic -x -o "$work/terminfo" "$work/direct.src"
# title_bar_escapes TAG ENV ARGS...: runs the app with ENV before it, keeps its first row with
# escapes in $work/TAG.row, quits.
title_bar_escapes() {
  local tag="$1" environment="$2"
  shift 2
  tmx send-keys -t "$session" "clear; $environment \"$app\" --state-dir \"$state\" $*" Enter
  wait_for 'Case studies' 15 || return 1
  tmx capture-pane -e -p -t "$session" | head -1 >"$work/$tag.row"
  tmx send-keys -t "$session" q
  prompt_back
}
title_bar_escapes c256 "" && title_bar_escapes direct "TERMINFO=$work/terminfo TERM=composable-direct" \
  && title_bar_escapes c16 "" --colors 16 && title_bar_escapes c8 "TERM=xterm" \
  && title_bar_escapes none "NO_COLOR=1" && title_bar_escapes light "" --theme light
check "256 colours: the accent is palette entry 75" grep -q $'\e\\[38;5;75m' "$work/c256.row"
check "24-bit colour on a direct-colour terminal" grep -q $'\e\\[38;2;95;175;255m' "$work/direct.row"
check "--colors 16: bright blue, nothing from the 256 palette" \
  bash -c "grep -q $'\e\\[94m' '$work/c16.row' && ! grep -q '38;5;' '$work/c16.row'"
check "eight colours: the nearest basic one" grep -q $'\e\\[36m' "$work/c8.row"
check "NO_COLOR: no colour at all, the title bar still reversed" \
  bash -c "grep -q $'\e\\[1;7m' '$work/none.row' && ! grep -Eq $'\e\\[(3[0-7]|9[0-7]|38;)' '$work/none.row'"
check "--theme light: the deeper blue (palette entry 26)" grep -q $'\e\\[38;5;26m' "$work/light.row"

# 13. The time-travel inspector in the real binary: --inspect opens it beside the app, F12 gives
# it the keys, ← travels back (the screen shows the email as it was), End returns to live, e
# exports the session as a tape that replays to the same screen and as a TestStore test, Esc gives
# the keys back to the app; without --inspect, F12 opens it.
mkdir -p "$work/inspect"
tmx send-keys -t "$session" "clear; cd \"$work/inspect\" && \"$app\" --state-dir \"$state\" --open sign-up --inspect; cd - >/dev/null" Enter
check "--inspect opens the inspector beside the app" wait_for 'Inspector · [0-9]+ entr(y|ies) · live' 15
key Enter
type_text "ada@example.com"
check "the email is typed, each key an entry" wait_for '"m" .*example\.com"' 5
check "the email check's answer is an effect's entry" wait_for 'effect .*\.available' 5
key F12
check "F12 gives the inspector the keys" wait_for '←/→ step' 5
key Left
check "← travels back: the pane says where" wait_for 'Inspector · at #[0-9]+ of [0-9]+' 5
key Home
check "Home goes to the start of the recording" wait_for 'at #0 of' 5
# Entry 1 pushed the basics step; entries 2 to 16 typed the email, a character each.
for _ in $(seq 14); do tmx send-keys -t "$session" Right; done
sleep 0.5
keep_screen
check "the travelled screen shows the email as it was" wait_for '^ada@example\.c +│' 5
key End
check "End returns to live" wait_for 'entr(y|ies) · live' 5
key e
check "e exports the session" wait_for 'wrote session-1\.tape' 5
key Escape
type_text "x"
check "Esc gives the keys back to the app, focus in the email field" wait_for '^ada@example\.comx +│' 5
key C-c
check "Ctrl-C quits with the inspector open" prompt_back
check "the exported tape types the email" grep -q 'type "ada@example.com"' "$work/inspect/session-1.tape"
check "e also writes the session as a TestStore test of the study" grep -q \
  'await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\\.signUpData.email, "ada@example.com")))))) {' \
  "$work/inspect/Session1Tests.swift"
check "the exported tape replays to the screen of the export" bash -c "'$app' --open sign-up \
--replay '$work/inspect/session-1.tape' | grep -q '^ada@example.com$'"
run_app inspect-f12 --open sign-up
check "without --inspect the pane is closed" wait_for 'Welcome! Please sign up\.' 15
key Enter
check "Sign up pushes the basics step before the pane opens" wait_for '› Basics' 5
key F12
# The last 1,000 actions are kept from launch (unless --no-history): the push is in the pane.
check "F12 opens it with what happened since launch" \
  wait_for 'Inspector · ([2-9]|[1-9][0-9]+) entries · live' 5
key F12
check "F12 again closes it" wait_gone 'Inspector ·' 5
key C-c
check "Ctrl-C quits" prompt_back

echo "$passed passed, $failed failed"
[[ "$failed" -eq 0 ]]
