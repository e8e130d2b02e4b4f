@_exported import TerminalUI
