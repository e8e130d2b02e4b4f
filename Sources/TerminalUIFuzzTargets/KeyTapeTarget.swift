// make fuzz-coverage compiles these with TerminalUI as one module (FUZZ_SINGLE_MODULE).
#if !FUZZ_SINGLE_MODULE
  import TerminalUI
#endif

func roundTripTape(_ input: [UInt8]) -> String? {
  let text = String(decoding: input, as: UTF8.self)
  let tape: KeyTape
  do {
    tape = try KeyTape(parsing: text)
  } catch {
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
    return (1...max(1, lines)).contains(error.line)
      ? nil : "the error names line \(error.line) of \(lines): \(error)"
  }
  let written = tape.text
  do {
    let again = try KeyTape(parsing: written)
    return again.text == written
      ? nil : "\(written.debugDescription) reads back as \(again.text.debugDescription)"
  } catch {
    return "the tape written from \(text.debugDescription) does not parse: \(error)"
  }
}
