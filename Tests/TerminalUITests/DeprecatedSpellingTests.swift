import TerminalUI
import Testing

// Spellings an app written against an earlier release used still compile and still work,
// deprecated, for a release. Each scenario is written in a deprecated extension (naming a
// deprecated declaration anywhere else warns) and found by a dynamic cast.

/// Code written with a deprecated spelling, returning what it saw.
protocol DeprecatedSpellingScenario {
  @MainActor func run() -> [String]
}

/// A table sorted by a column's position (`TableSort`), as before columns had identities.
struct PositionalTableSort {}

/// A scroll view, a picker and a stack told apart by where they were written.
struct SourceLocatedViews {}

/// One tool laid over the app through the single `keyInterceptor`, as before tools stacked.
struct SingleKeyInterceptor {}

@MainActor
struct DeprecatedSpellingTests {
  @Test func viewsGivenTheirSourceLocationStillDrawAndWork() throws {
    let scenario = try #require(SourceLocatedViews() as Any as? any DeprecatedSpellingScenario)
    #expect(scenario.run() == ["Size: [ M ▾ ]", "line3", "chose L"])
  }

  @Test func theSingleKeyInterceptorStillTakesKeysAndReplacesTheOthers() throws {
    let scenario = try #require(SingleKeyInterceptor() as Any as? any DeprecatedSpellingScenario)
    #expect(scenario.run() == ["took f2", "1 layer", "screen got x"])
  }

  @Test func aTableSortedByAColumnsPositionStillSortsByPosition() throws {
    let scenario = try #require(PositionalTableSort() as Any as? any DeprecatedSpellingScenario)
    #expect(scenario.run() == ["Name   Qty ▲", "sorted by 0"])
  }
}

@available(*, deprecated)
extension PositionalTableSort: DeprecatedSpellingScenario {
  @MainActor
  func run() -> [String] {
    var sort: TableSort? = TableSort(column: 1)
    let backend = HeadlessBackend(width: 30, height: 5)
    let app = Application(backend: backend) {
      Table(
        [Process(id: 1, name: "init", cpu: 0.1)], id: \.id,
        selection: Binding(get: { nil }, set: { _ in }),
        sort: Binding(get: { sort }, set: { sort = $0 })
      ) {
        TableColumn("Name", width: .fixed(6)) { $0.name }
        TableColumn("Qty", width: .fixed(5)) { "\($0.cpu)" }
      }
    }
    app.renderIfNeeded()
    let header = String(backend.buffer.lines[0].prefix(12))
    app.handle([.character("s")])
    return [header, "sorted by \(sort?.column ?? -1)"]
  }
}

@available(*, deprecated)
extension SourceLocatedViews: DeprecatedSpellingScenario {
  @MainActor
  func run() -> [String] {
    var size = "M"
    var path: [Int] = []
    let backend = HeadlessBackend(width: 30, height: 8)
    let app = Application(backend: backend, showsHelpBar: false) {
      NavigationStack(
        path: Binding(get: { path }, set: { path = $0 }), fileID: #fileID, line: #line,
        column: #column
      ) {
        Picker(
          "Size", selection: Binding(get: { size }, set: { size = $0 }), options: ["S", "M", "L"],
          fileID: #fileID, line: #line, column: #column
        ) { $0 }
        ScrollView(fileID: #fileID, line: #line, column: #column) {
          for line in 0..<20 { Text("line\(line)") }
        }
        .task(fileID: #fileID, line: #line, column: #column) {}
      } destination: { _ in
        Text("pushed")
      }
    }
    app.renderIfNeeded()
    let picker = backend.buffer.lines[1].trimmingTrailingSpaces
    app.handle([.mouse(MouseEvent(.scrollDown, at: Position(x: 1, y: 3)))])
    app.handle([.tab, .tab, .enter, .down, .enter])
    let scrolled = backend.buffer.lines[2].trimmingTrailingSpaces
    return [picker, String(scrolled.prefix(5)), "chose \(size)"]
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    String(reversed().drop { $0 == " " }.reversed())
  }
}

/// Takes F2 and notes what it took.
@MainActor
private final class F2Taker: KeyInterceptor {
  var took: [String] = []
  func intercept(_ key: KeyEvent, in app: Application) -> Bool {
    guard key == .function(2) else { return false }
    took.append("took f2")
    return true
  }
  func didRoute(_ key: KeyEvent, in app: Application) {}
}

@available(*, deprecated)
extension SingleKeyInterceptor: DeprecatedSpellingScenario {
  @MainActor
  func run() -> [String] {
    var got: [String] = []
    let app = Application(
      backend: HeadlessBackend(width: 20, height: 2),
      onKey: { key in
        if case .character(let character) = key { got.append("screen got \(character)") }
        return true
      }
    ) { Text("app") }
    app.keyInterceptors.append(F2Taker())
    let taker = F2Taker()
    app.keyInterceptor = taker
    app.renderIfNeeded()
    app.handle([.function(2), .character("x")])
    let isTaker = app.keyInterceptor === taker
    return taker.took + ["\(app.keyInterceptors.count) layer" + (isTaker ? "" : "?")] + got
  }
}
