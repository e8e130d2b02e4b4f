"""The shared-state counter tab in Textual: the count and its stats, `+` and `-` to change it."""

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.widgets import Footer, Static


class CounterApp(App):
    """A count with its highest, lowest and number of changes."""

    BINDINGS = [
        Binding("minus", "change(-1)", "decrement"),
        Binding("plus", "change(1)", "increment"),
        Binding("ctrl+c", "quit", "quit", priority=True),
    ]

    count = reactive(0)
    max_count = reactive(0)
    min_count = reactive(0)
    number_of_counts = reactive(0)

    def compose(self) -> ComposeResult:
        yield Static(id="stats")
        yield Footer()

    def watch_count(self) -> None:
        """Shows the stats whenever the count changes (and once on start)."""
        self.query_one("#stats", Static).update(
            f"[b]Count: {self.count}[/b]\n"
            f"Max count: {self.max_count}\n"
            f"Min count: {self.min_count}\n"
            f"Total number of counts: {self.number_of_counts}\n"
            "\n[ - ] [ + ]"
        )

    def action_change(self, delta: int) -> None:
        """Counts up or down by `delta`."""
        self.number_of_counts += 1
        self.max_count = max(self.max_count, self.count + delta)
        self.min_count = min(self.min_count, self.count + delta)
        self.count += delta


if __name__ == "__main__":
    CounterApp().run()
