/// A scripted session: keys to type and screens to check, one command per line.
///
/// For example:
///
/// ```text
/// # sign in
/// type "blob@example.com"
/// key tab
/// paste "hunter2"
/// key tab enter
/// resize 40x10
/// advance 2s
/// snapshot signed-in
/// bytes 1b 5b 41 ff
/// click 12,3
/// scroll down 12,8
/// ```
///
/// `bytes` gives raw input in hexadecimal, decoded as a terminal's bytes are (escape sequences,
/// UTF-8, bracketed paste); a sequence left incomplete at the end of the line is read as if the
/// input then paused (a lone Esc becomes the Esc key).
///
/// `click X,Y` presses and releases the left button over the cell at column X and row Y (from
/// 0); `scroll up X,Y` and `scroll down X,Y` turn the wheel there; `mouse KIND X,Y` sends
/// another mouse event (`press-left`, `press-middle`, `press-right`, `drag-left`,
/// `drag-middle`, `drag-right`, `release`).
///
/// `key` takes names as help bars write them (`enter`, `shift-tab`, `ctrl-c`, `f5`, `space`,
/// `pgdn`, or a single character): ``keyNames`` lists the keys with a name of their own and
/// ``keyNamePatterns`` the names made by a pattern. A name is spelt one way only: `key escape`
/// fails, and its error says to write `esc`. Strings take `\"`, `\\`, `\n` and `\t` escapes;
/// blank lines and lines starting with `#` are ignored.
public struct KeyTape: Hashable, Sendable {
  /// One command of a tape.
  public enum Step: Hashable, Sendable {
    /// Keys sent to the application, in order.
    case keys([KeyEvent])
    /// A new screen size.
    case resize(Size)
    /// A screen check against the snapshot with this name.
    case snapshot(String)
    /// Time passing on the clock effects run on.
    case advance(Duration)
    /// Raw input bytes, decoded as a terminal's.
    case bytes([UInt8])
  }

  /// A line of a tape that could not be read.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line number, from 1.
    public var line: Int
    /// What is wrong.
    public var message: String
    /// Creates an error for a line. What the message quotes of the tape is made safe to print
    /// (`terminalSafe(_:multiline:)`): an error never carries a control sequence to a terminal.
    public init(line: Int, message: String) {
      self.line = line
      self.message = terminalSafe(message, multiline: false)
    }
    /// The line number and the problem.
    public var description: String { "line \(line): \(message)" }
  }

  /// The commands, in order.
  public var steps: [Step]

  /// The widest and tallest screen a `resize` step makes (a cell of a screen is 16 bytes: a
  /// tape must not ask for gigabytes).
  public static let largestSide = 1_000

  /// A tape of these steps.
  public init(steps: [Step]) {
    self.steps = steps
  }

  /// Reads a tape.
  public init(parsing text: String) throws(ParseError) {
    steps = []
    // Any line break ends a line ("\r\n" is one Character, which a split on "\n" would miss).
    for (offset, rawLine) in text.split(
      omittingEmptySubsequences: false, whereSeparator: \.isNewline
    )
    .enumerated() {
      let line = rawLine.trimmingPrefix(while: { $0 == " " || $0 == "\t" })
      if line.isEmpty || line.hasPrefix("#") { continue }
      let number = offset + 1
      let command = line.prefix { $0 != " " }
      let argument = String(line.dropFirst(command.count).drop { $0 == " " })
      switch command {
      case "type":
        steps.append(.keys(try Self.string(argument, line: number).map { .character($0) }))
      case "paste":
        steps.append(.keys([.paste(try Self.string(argument, line: number))]))
      case "key":
        let names = argument.split(separator: " ")
        guard !names.isEmpty else { throw ParseError(line: number, message: "key needs a name") }
        steps.append(
          .keys(
            try names.map { name throws(ParseError) in
              guard let key = Self.key(named: String(name)) else {
                throw ParseError(line: number, message: Self.unknownKeyMessage(String(name)))
              }
              return key
            }))
      case "resize":
        let parts = argument.split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
          (0...Self.largestSide).contains(width), (0...Self.largestSide).contains(height)
        else {
          throw ParseError(
            line: number,
            message: "resize needs WIDTHxHEIGHT, each 0 to \(Self.largestSide), like 80x24")
        }
        steps.append(.resize(Size(width: width, height: height)))
      case "advance":
        guard let duration = Self.duration(argument) else {
          throw ParseError(
            line: number, message: "advance needs a duration like 2s, 1.5s or 150ms")
        }
        steps.append(.advance(duration))
      case "bytes":
        let values = argument.split(separator: " ").map { UInt8($0, radix: 16) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else {
          throw ParseError(line: number, message: "bytes needs hexadecimal bytes like 1b 5b 41")
        }
        steps.append(.bytes(values.compactMap { $0 }))
      case "click":
        let position = try Self.position(argument, line: number, command: "click")
        steps.append(
          .keys([
            .mouse(MouseEvent(.press(.left), at: position)),
            .mouse(MouseEvent(.release, at: position)),
          ]))
      case "scroll", "mouse":
        let parts = argument.split(separator: " ")
        let kinds: [String: MouseEvent.Kind] =
          command == "scroll"
          ? ["up": .scrollUp, "down": .scrollDown] : Self.mouseKinds
        guard parts.count == 2, let kind = kinds[String(parts[0])] else {
          throw ParseError(
            line: number,
            message: command == "scroll"
              ? "scroll needs up or down and a cell, like scroll down 4,2"
              : "mouse needs one of \(kinds.keys.sorted().joined(separator: ", ")) and a cell")
        }
        let position = try Self.position(String(parts[1]), line: number, command: String(command))
        steps.append(.keys([.mouse(MouseEvent(kind, at: position))]))
      case "snapshot":
        guard !argument.isEmpty, !argument.contains(" ") else {
          throw ParseError(line: number, message: "snapshot needs one name")
        }
        // A name becomes a file name: no control characters (a NUL, a carriage return).
        guard
          !argument.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
          throw ParseError(line: number, message: "a snapshot name can't hold control characters")
        }
        steps.append(.snapshot(argument))
      default:
        throw ParseError(line: number, message: "unknown command \"\(command)\"")
      }
    }
  }

  /// The tape as text, one command per line: reading it back plays the same input, with
  /// durations to the millisecond. Printable characters typed in a row share one `type` line
  /// (a space starts none: it is written `key space`), pastes are `paste` lines, resizes
  /// `resize` lines, and every other key a `key` line.
  ///
  /// For example, `KeyTape(steps: [.keys([.character("h"), .character("i"), .tab])]).text` is
  /// `type "hi"` and `key tab` on two lines. This is the one writer of tapes: the recorder of
  /// a live session and the fuzzer's failing cases both use it.
  public var text: String {
    var lines: [String] = []
    for step in steps {
      switch step {
      case .keys(let keys):
        var typed = ""
        func flushTyped() {
          if !typed.isEmpty { lines.append("type " + Self.quoted(typed)) }
          typed = ""
        }
        var index = keys.startIndex
        while index < keys.endIndex {
          let key = keys[index]
          index += 1
          switch key {
          case .mouse(let event):
            flushTyped()
            let cell = "\(event.position.x),\(event.position.y)"
            if event.isClick, index < keys.endIndex,
              keys[index] == .mouse(MouseEvent(.release, at: event.position))
            {
              lines.append("click " + cell)
              index += 1
            } else if event.kind == .scrollUp || event.kind == .scrollDown {
              lines.append("scroll \(event.kind == .scrollUp ? "up" : "down") " + cell)
            } else if let name = Self.mouseKinds.first(where: { $0.value == event.kind })?.key {
              lines.append("mouse \(name) " + cell)
            }
          case .character(let character) where character != " " || !typed.isEmpty:
            typed.append(character)
          case .paste(let text):
            flushTyped()
            lines.append("paste " + Self.quoted(text))
          case .resize(let size):
            flushTyped()
            lines.append("resize \(size.width)x\(size.height)")
          default:
            flushTyped()
            lines.append("key " + keyName(key))
          }
        }
        flushTyped()
      case .resize(let size):
        lines.append("resize \(size.width)x\(size.height)")
      case .snapshot(let name):
        lines.append("snapshot " + name)
      case .advance(let duration):
        let (seconds, attoseconds) = duration.components
        lines.append("advance \(seconds * 1000 + attoseconds / 1_000_000_000_000_000)ms")
      case .bytes(let bytes):
        lines.append("bytes " + bytes.map { String($0, radix: 16) }.joined(separator: " "))
      }
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// `text` as a tape string: in double quotes, with `\"`, `\\`, `\n` and `\t` escapes, and
  /// every other scalar that could act on a terminal (controls, C1, line separators,
  /// bidirectional overrides: see `terminalSafe(_:multiline:)`) as `\u{…}`, so that a tape is
  /// safe to `cat` and reads back as the same text.
  public static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case _ where isUnsafeForTerminal(scalar):
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// The names of mouse events a `mouse` line takes.
  static let mouseKinds: [String: MouseEvent.Kind] = [
    "press-left": .press(.left), "press-middle": .press(.middle), "press-right": .press(.right),
    "drag-left": .drag(.left), "drag-middle": .drag(.middle), "drag-right": .drag(.right),
    "release": .release,
  ]

  /// `X,Y`: a cell, both from 0.
  private static func position(_ text: String, line: Int, command: String) throws(ParseError)
    -> Position
  {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]), x >= 0, y >= 0,
      x < 10_000, y < 10_000
    else {
      throw ParseError(
        line: line, message: "\(command) needs a cell X,Y like 4,2 (got \"\(text)\")")
    }
    return Position(x: x, y: y)
  }

  /// `2s`, `1.5s`, `150ms`: a non-negative number and a unit.
  static func duration(_ text: String) -> Duration? {
    let (number, scale): (Substring, Double) =
      text.hasSuffix("ms")
      ? (text.dropLast(2), 1e-3) : text.hasSuffix("s") ? (text.dropLast(), 1) : ("", 0)
    guard let value = Double(number), value >= 0, value.isFinite, value * scale <= 86_400 else {
      return nil
    }
    return .nanoseconds(Int64((value * scale * 1e9).rounded()))
  }

  private static func string(_ argument: String, line: Int) throws(ParseError) -> String {
    // Quotes are found among scalars: a text that starts with a combining mark makes one
    // character of it and the opening quote.
    let ends = argument.unicodeScalars
    guard ends.count >= 2, ends.first == "\"", ends.last == "\"" else {
      throw ParseError(line: line, message: "expected a quoted string")
    }
    var result = String.UnicodeScalarView()
    var scalars = argument.unicodeScalars.dropFirst().dropLast().makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\\" else {
        result.append(scalar)
        continue
      }
      guard let escaped = scalars.next() else {
        throw ParseError(line: line, message: "string ends with \\")
      }
      switch escaped {
      case "n": result.append("\n")
      case "t": result.append("\t")
      case "\"", "\\": result.append(escaped)
      case "u":
        // `\u{1B}`: a scalar by its hexadecimal value, as tapes write what could act on a
        // terminal.
        var digits = ""
        var closed = false
        guard scalars.next() == "{" else {
          throw ParseError(line: line, message: "\\u needs a value in braces, like \\u{1B}")
        }
        while let digit = scalars.next() {
          if digit == "}" {
            closed = true
            break
          }
          digits.unicodeScalars.append(digit)
        }
        guard closed, digits.count <= 6, let value = UInt32(digits, radix: 16),
          let decoded = Unicode.Scalar(value)
        else {
          throw ParseError(
            line: line, message: "\\u{\(digits)} is not a Unicode scalar in hexadecimal")
        }
        result.append(decoded)
      default: throw ParseError(line: line, message: "unknown escape \\\(escaped)")
      }
    }
    return String(result)
  }
}
