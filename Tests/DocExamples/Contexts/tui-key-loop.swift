// A program's key loop, given a terminal session and the application it runs.
@MainActor func runKeys(of app: Application, in session: TerminalSession) async {
  // example
}
