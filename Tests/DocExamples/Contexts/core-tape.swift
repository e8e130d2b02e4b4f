// A tape of keys to replay, with a snapshot of the screen it ends on.
let tape = try KeyTape(parsing: "key enter\nadvance 1s\nsnapshot opened\n")
