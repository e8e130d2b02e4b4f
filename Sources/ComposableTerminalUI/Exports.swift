// A TCA app imports one module: the architecture, the terminal views and the glue between them.
@_exported import ComposableArchitecture
@_exported import TerminalUI
