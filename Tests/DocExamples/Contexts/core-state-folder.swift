// The folder an app keeps its state in.
let stateFolder = URL(fileURLWithPath: NSTemporaryDirectory())
