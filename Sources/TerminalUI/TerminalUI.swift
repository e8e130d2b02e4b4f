// `TerminalUI` is the view layer's core (cells, views, layout, focus, keys, the runtime and the
// headless backend) and its built-in widgets, which are written on the core's public API alone.
@_exported import TerminalUICore
@_exported import TerminalUIWidgets
