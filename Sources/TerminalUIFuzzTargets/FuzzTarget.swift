// make fuzz-coverage compiles these with TerminalUI as one module (FUZZ_SINGLE_MODULE).
#if !FUZZ_SINGLE_MODULE
  import TerminalUI
#endif

/// What the coverage-guided fuzzer drives (`make fuzz-coverage`), and what `make test` replays
/// from the corpus and the crashing inputs kept under `Tests/Fuzz`.
///
/// Each target takes any bytes, must never crash, and checks a property a user relies on; it
/// returns what went wrong, or `nil`. For example,
/// `FuzzTarget.keyDecoder.run(Array("\u{1B}[A".utf8))` is `nil`.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// Raw terminal bytes → key events: decoding in any number of reads gives the events of one
  /// read, and every event, routed into a focused text field and a list, leaves both valid.
  case keyDecoder = "key-decoder"
  /// Text → key tape: a tape that parses writes out as text that parses back to the same text.
  case keyTape = "key-tape"
  /// Bytes → editing keys on a one-line field: the text and cursor are a plain model's after
  /// every key.
  case textEditing = "text-editing"

  /// Runs the target on one input.
  @MainActor
  public func run(_ input: [UInt8]) -> String? {
    switch self {
    case .keyDecoder: decodeKeys(input)
    case .keyTape: roundTripTape(input)
    case .textEditing: editText(input)
    }
  }
}
