// make fuzz-coverage compiles these with TerminalUI as one module (FUZZ_SINGLE_MODULE).
#if !FUZZ_SINGLE_MODULE
  import TerminalUI
#endif

/// The events of `input` read in one piece, then the escape delay.
private func eventsInOneRead(_ input: [UInt8]) -> [KeyEvent] {
  var decoder = KeyDecoder()
  return decoder.decode(input) + decoder.flush()
}

/// The events of `input` read in pieces of the sizes the first byte picks, then the delay.
private func eventsInPieces(_ input: [UInt8]) -> [KeyEvent] {
  var decoder = KeyDecoder()
  var events: [KeyEvent] = []
  let longest = Int(input.first ?? 0) % 7 + 1
  var start = 0
  var size = 1
  while start < input.count {
    let end = min(input.count, start + size)
    events += decoder.decode(input[start..<end])
    start = end
    size = size % longest + 1
  }
  return events + decoder.flush()
}

/// What a screen with a text field and a list holds.
@MainActor
private final class Form {
  var name = ""
  var selection: Int?
}

/// The events with each run of typed characters joined into one string: a character and a
/// combining mark that follows it in the next read are two key events, one in a single read (a
/// terminal writes a keystroke's bytes at once, so this is what is compared).
private func typedRunsJoined(_ events: [KeyEvent]) -> [KeyEvent] {
  var joined: [KeyEvent] = []
  var typed = ""
  for event in events {
    if case .character(let character) = event {
      typed.append(character)
      continue
    }
    if !typed.isEmpty { joined.append(.paste(typed)) }
    typed = ""
    joined.append(event)
  }
  if !typed.isEmpty { joined.append(.paste(typed)) }
  return joined
}

@MainActor
func decodeKeys(_ input: [UInt8]) -> String? {
  let events = eventsInOneRead(input)
  let pieces = eventsInPieces(input)
  guard typedRunsJoined(pieces) == typedRunsJoined(events) else {
    return "read in pieces, \(input) gives \(pieces) instead of \(events)"
  }
  let form = Form()
  let rows = Array(0..<30)
  let app = Application(backend: HeadlessBackend(width: 30, height: 8)) {
    VStack {
      TextField("Name", text: Binding(get: { form.name }, set: { form.name = $0 }))
      List(
        rows, id: \.self, selection: Binding(get: { form.selection }, set: { form.selection = $0 })
      ) {
        Text("Row \($0)")
      }
    }
  }
  app.renderIfNeeded()
  app.handle(events)
  if form.name.contains(where: {
    $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
  }) {
    return "the field holds a control character: \(form.name.debugDescription)"
  }
  if let selection = form.selection, !rows.contains(selection) {
    return "the list selects \(selection), which is not one of its rows"
  }
  return nil
}
