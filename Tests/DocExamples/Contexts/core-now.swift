// The date a test pins as `now`.
let now = Date(timeIntervalSince1970: 1_234_567_890)
