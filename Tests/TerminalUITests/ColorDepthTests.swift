import TerminalUI
import Testing

struct ColorDepthTests {
  @Test func aTwentyFourBitColourBecomesTheNearestEntryOfTheCubeOrTheGreyRamp() {
    #expect(Color.rgb(255, 0, 0).degraded(to: .ansi256) == .indexed(196))
    #expect(Color.rgb(0x5f, 0xaf, 0xff).degraded(to: .ansi256) == .indexed(75))
    #expect(Color.rgb(0x00, 0x5f, 0xd7).degraded(to: .ansi256) == .indexed(26))
    // A grey between two cube levels is closer to the ramp.
    #expect(Color.rgb(0x6c, 0x6c, 0x6c).degraded(to: .ansi256) == .indexed(242))
    #expect(Color.rgb(0, 0, 0).degraded(to: .ansi256) == .indexed(16))
    #expect(Color.rgb(255, 255, 255).degraded(to: .ansi256) == .indexed(231))
  }

  @Test func onSixteenColoursEveryColourBecomesOneOfThePalette() {
    #expect(Color.rgb(0xff, 0x5f, 0x5f).degraded(to: .ansi16) == .brightRed)
    #expect(Color.rgb(0x5f, 0xaf, 0xff).degraded(to: .ansi16) == .brightBlue)
    #expect(Color.rgb(0x6c, 0x6c, 0x6c).degraded(to: .ansi16) == .brightBlack)
    #expect(Color.indexed(196).degraded(to: .ansi16) == .brightRed)
    #expect(Color.indexed(9).degraded(to: .ansi16) == .brightRed)
    #expect(Color.cyan.degraded(to: .ansi16) == .cyan)
  }

  @Test func onEightColoursBrightColoursDrawAsTheirBasicOne() {
    #expect(Color.brightRed.degraded(to: .ansi8) == .red)
    #expect(Color.indexed(12).degraded(to: .ansi8) == .blue)
    #expect(Color.rgb(0xff, 0x5f, 0x5f).degraded(to: .ansi8) == .red)
    #expect(Color.rgb(0xee, 0xee, 0xee).degraded(to: .ansi8) == .white)
  }

  @Test func withoutColourEveryColourIsTheDefaultAndAttributesStay() {
    for color in Color.palette + [.indexed(100), .rgb(1, 2, 3)] {
      #expect(color.degraded(to: .monochrome) == .default)
    }
    let style = Style(bold: true, reverse: true, foreground: .rgb(9, 9, 9), background: .red)
    #expect(style.degraded(to: .monochrome) == Style(bold: true, reverse: true))
    #expect(style.degraded(to: .trueColor) == style)
  }

  @Test func degradingIsIdempotentAndStaysWithinTheDepth() {
    for red in stride(from: 0, through: 255, by: 17) {
      for green in stride(from: 0, through: 255, by: 51) {
        for blue in stride(from: 0, through: 255, by: 85) {
          let color = Color.rgb(UInt8(red), UInt8(green), UInt8(blue))
          for depth in ColorDepth.allCases {
            let once = color.degraded(to: depth)
            #expect(once.degraded(to: depth) == once)
            switch depth {
            case .monochrome: #expect(once == .default)
            case .ansi8: #expect((once.paletteIndex ?? 99) < 8)
            case .ansi16: #expect((once.paletteIndex ?? 99) < 16)
            case .ansi256: #expect(once.paletteIndex != nil)
            case .trueColor: #expect(once == color)
            }
          }
        }
      }
    }
  }

  @Test func paletteEntriesHaveTheStandardComponents() {
    #expect(Color.indexed(16).components! == (0, 0, 0))
    #expect(Color.indexed(231).components! == (255, 255, 255))
    #expect(Color.indexed(232).components! == (8, 8, 8))
    #expect(Color.indexed(255).components! == (238, 238, 238))
    #expect(Color.default.components == nil)
    #expect(Color.rgb(0x5f, 0xaf, 0xff).description == "#5fafff")
    #expect(Color.indexed(75).description == "75")
  }

  @Test func theDepthComesFromTheTerminalLibrarysColourCount() {
    #expect(ColorDepth.detect(environment: [:], terminalColors: 1 << 24) == .trueColor)
    #expect(ColorDepth.detect(environment: [:], terminalColors: 256) == .ansi256)
    #expect(ColorDepth.detect(environment: [:], terminalColors: 16) == .ansi16)
    #expect(ColorDepth.detect(environment: [:], terminalColors: 8) == .ansi8)
    #expect(ColorDepth.detect(environment: [:], terminalColors: 2) == .monochrome)
    // The count is what ncurses can write: COLORTERM does not raise it.
    #expect(
      ColorDepth.detect(environment: ["COLORTERM": "truecolor"], terminalColors: 256) == .ansi256)
    #expect(ColorDepth.detect(environment: ["NO_COLOR": "1"], terminalColors: 256) == .monochrome)
  }

  @Test func withoutACountTheDepthComesFromTheEnvironment() {
    #expect(ColorDepth.detect(environment: ["TERM": "xterm", "COLORTERM": "24bit"]) == .trueColor)
    #expect(ColorDepth.detect(environment: ["TERM": "xterm-direct"]) == .trueColor)
    #expect(ColorDepth.detect(environment: ["TERM": "tmux-256color"]) == .ansi256)
    #expect(ColorDepth.detect(environment: ["TERM": "xterm"]) == .ansi16)
    #expect(ColorDepth.detect(environment: ["TERM": "dumb"]) == .monochrome)
    #expect(ColorDepth.detect(environment: [:]) == .monochrome)
    // NO_COLOR set but empty does not count (no-color.org).
    #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": ""]) == .ansi256)
    #expect(
      ColorDepth.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": "yes"]) == .monochrome)
  }

  @Test func depthsHaveShortNames() {
    for depth in ColorDepth.allCases { #expect(ColorDepth(name: depth.name) == depth) }
    #expect(ColorDepth(name: "24BIT") == .trueColor)
    #expect(ColorDepth(name: "88") == nil)
  }
}
