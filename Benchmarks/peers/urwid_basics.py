"""The sign-up basics step in urwid: email, password and its confirmation; Tab moves on."""

import urwid


def main() -> None:
    """Runs the form until Ctrl-C."""
    fields = [urwid.Edit(), urwid.Edit(mask="•"), urwid.Edit(mask="•")]
    labels = ["Email", "Password", "Confirm password"]
    rows: list[urwid.Widget] = [urwid.Text(("title", "Basics")), urwid.Divider()]
    for label, field in zip(labels, fields):
        field_row = urwid.AttrMap(field, "field", "focused")
        rows += [urwid.Text(("label", label)), field_row, urwid.Divider()]
    form = urwid.Pile(rows)
    positions = [rows.index(row) for row in rows if isinstance(row, urwid.AttrMap)]

    def on_key(key: str) -> None:
        if key in ("tab", "shift tab"):
            step = 1 if key == "tab" else -1
            index = positions.index(form.focus_position)
            form.focus_position = positions[(index + step) % len(positions)]

    help_line = urwid.Text(("dim", "tab next field  ctrl-c quit"))
    palette = [
        ("title", "bold", ""),
        ("label", "bold", ""),
        ("field", "underline", ""),
        ("focused", "underline,bold", ""),
        ("dim", "dark gray", ""),
    ]
    frame = urwid.Frame(urwid.Filler(form, valign="top"), footer=help_line)
    try:
        urwid.MainLoop(frame, palette, unhandled_input=on_key).run()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
