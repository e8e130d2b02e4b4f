"""The sign-up basics step in Textual: email, password and its confirmation; Tab moves on."""

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Header, Input, Label


class BasicsApp(App):
    """Three text inputs under a title, the two passwords masked."""

    TITLE = "Basics"
    CSS = "Label { text-style: bold; }"
    BINDINGS = [
        Binding("tab", "focus_next", "next field", priority=True),
        Binding("ctrl+c", "quit", "quit", priority=True),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Label("Email")
        yield Input(placeholder="name@example.com", id="email")
        yield Label("Password")
        yield Input(placeholder="at least 8 characters", password=True)
        yield Label("Confirm password")
        yield Input(placeholder="the same again", password=True)
        yield Footer()


if __name__ == "__main__":
    BasicsApp().run()
