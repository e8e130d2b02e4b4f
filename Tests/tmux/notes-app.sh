#!/usr/bin/env bash
# The tutorial's app (Examples/Tutorial) in a real terminal: a note written in the sheet is
# listed, saved to ~/.local/share/notes/notes.json, opened on the stack, and there again when
# the app starts anew; `q` gives the shell back its screen and modes.
# Usage: Tests/tmux/notes-app.sh [path/to/notes-app]
set -euo pipefail

app="${1:-$(swift build --show-bin-path)/notes-app}"

socket_prefix="notes-app"
binary="$app"
binary_name="notes-app"
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"

notes_file="$work/.local/share/notes/notes.json"

tmx send-keys -t "$session" "clear; sh -c '\"$app\"; stty -a > $work/first.after'" Enter
check "the notes app starts with an empty list" wait_for 'No notes yet: press n to write one' 15
check "the help bar lists n and quit" wait_for 'n new.*q quit' 5
tmx send-keys -t "$session" n
check "n opens the new note's sheet" wait_for 'New note' 5
tmx send-keys -t "$session" -l "Milk"
tmx send-keys -t "$session" C-s
check "ctrl-s saves the note into the list" wait_for '^Milk' 5
check "the note is in the notes file" poll 5 grep -Eq '"title" *: *"Milk"' "$notes_file"
tmx send-keys -t "$session" Enter
check "enter opens the note on the stack" wait_for 'Notes › Milk' 5
tmx send-keys -t "$session" Escape
check "esc pops back to the list" wait_gone 'Notes › Milk' 5
tmx send-keys -t "$session" q
check "q quits the notes app to the prompt" prompt_back
check "the notes app left the alternate screen" poll 5 alternate_on 0
check "after the notes app, stty shows echo and icanon" termios_restored "$work/first.after"

tmx send-keys -t "$session" "clear; \"$app\"" Enter
check "the note is listed when the app starts again" wait_for '^Milk' 15
tmx send-keys -t "$session" q
check "q quits it again" prompt_back

echo "$passed passed, $failed failed"
[[ "$failed" -eq 0 ]]
