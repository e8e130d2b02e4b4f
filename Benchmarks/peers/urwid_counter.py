"""The shared-state counter tab in urwid: the count and its stats, `+` and `-` to change it."""

import urwid


class Stats:
    """A count with its highest, lowest and number of changes."""

    def __init__(self) -> None:
        self.count = self.max_count = self.min_count = self.number_of_counts = 0

    def change(self, delta: int) -> None:
        """Counts up or down by `delta`."""
        self.count += delta
        self.max_count = max(self.max_count, self.count)
        self.min_count = min(self.min_count, self.count)
        self.number_of_counts += 1


def main() -> None:
    """Runs the counter until Ctrl-C."""
    stats = Stats()
    count = urwid.Text("")
    details = urwid.Text("")

    def show() -> None:
        count.set_text(("bold", f"Count: {stats.count}"))
        details.set_text(
            f"Max count: {stats.max_count}\n"
            f"Min count: {stats.min_count}\n"
            f"Total number of counts: {stats.number_of_counts}"
        )

    def on_key(key: str) -> None:
        if key in ("+", "-"):
            stats.change(1 if key == "+" else -1)
            show()

    show()
    body = urwid.Filler(urwid.Pile([count, details, urwid.Text("\n[ - ] [ + ]")]), valign="top")
    help_line = urwid.Text(("dim", "- decrement  + increment  ctrl-c quit"))
    palette = [("bold", "bold", ""), ("dim", "dark gray", "")]
    try:
        urwid.MainLoop(urwid.Frame(body, footer=help_line), palette, unhandled_input=on_key).run()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
