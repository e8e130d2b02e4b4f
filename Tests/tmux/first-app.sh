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

tmx send-keys -t "$session" "clear; sh -c '\"$app\"; stty -a > $work/first.after'" Enter
check "the first app draws its count" wait_for '^Count: 0$' 15
check "the help bar lists the buttons' keys and quit" wait_for '- -  \+ \+ .*q quit' 5
tmx send-keys -t "$session" + + + -
check "+ + + - counts to 2" wait_for '^Count: 2$' 5
tmx send-keys -t "$session" q
check "q quits the first app to the prompt" prompt_back
check "the first app left the alternate screen" poll 5 alternate_on 0
check "after the first app, stty shows echo and icanon" termios_restored "$work/first.after"

echo "$passed passed, $failed failed"
[[ "$failed" -eq 0 ]]
