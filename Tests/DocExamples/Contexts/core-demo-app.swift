// The demo's state folder (`directory`) and an app, as the terminal runner configures it.
let directory = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
let app = TerminalApp.application(backend: HeadlessBackend(width: 80, height: 24)) {
  Text("composable-demo")
}
