import Observation
import TerminalUI
import Testing

// A table's columns: sorted by their identity, shown or hidden with `if` and `ForEach`, and a
// header that always shows which way the sorted column goes.

enum ProcessColumn: Hashable, Sendable { case pid, name, cpu }

struct Process: Identifiable, Equatable {
  let id: Int
  let name: String
  let cpu: Double
}

@MainActor
@Observable
private final class Monitor {
  var processes = [
    Process(id: 1, name: "init", cpu: 0.1),
    Process(id: 42, name: "sshd", cpu: 2.5),
    Process(id: 7, name: "vim", cpu: 12.0),
  ]
  var selection: Int?
  var sort: ColumnSort<ProcessColumn>? = ColumnSort(.cpu, ascending: false)
  var showsPID = true
  var columns: [ProcessColumn] = [.name, .cpu]
}

@MainActor
private func text(_ process: Process, _ column: ProcessColumn) -> String {
  switch column {
  case .pid: "\(process.id)"
  case .name: process.name
  case .cpu: "\(process.cpu)"
  }
}

@MainActor
private func title(_ column: ProcessColumn) -> String {
  switch column {
  case .pid: "PID"
  case .name: "Name"
  case .cpu: "CPU %"
  }
}

@MainActor
struct TableColumnTests {
  @Test func hidingAColumnWithIfKeepsWhatTheSortNames() {
    let model = Monitor()
    let backend = HeadlessBackend(width: 30, height: 5)
    let app = Application(backend: backend) {
      Table(
        model.processes, id: \.id, selection: Binding(get: { model.selection }, set: { _ in }),
        sort: Binding(get: { model.sort }, set: { model.sort = $0 })
      ) {
        if model.showsPID {
          TableColumn("PID", id: ProcessColumn.pid, width: .fixed(4)) { "\($0.id)" }
        }
        TableColumn("Name", id: ProcessColumn.name, width: .fixed(8)) { $0.name }
        TableColumn("CPU %", id: ProcessColumn.cpu, width: .fixed(8)) { "\($0.cpu)" }
      }
    }
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0].hasPrefix("PID  Name     CPU % ▼"))
    model.showsPID = false
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0].hasPrefix("Name     CPU % ▼"), "still the CPU column")
    #expect(model.sort == ColumnSort(.cpu, ascending: false))
    app.handle([.tab, .character("r")])
    #expect(model.sort == ColumnSort(.cpu, ascending: true), "r reverses the column it names")
    app.handle([.character("s")])
    #expect(model.sort == ColumnSort(.name), "s goes on to a shown column")
  }

  @Test func forEachInTheColumnBuilderMakesTheColumnsTheAppChose() {
    let model = Monitor()
    let backend = HeadlessBackend(width: 30, height: 5)
    let app = Application(backend: backend) {
      Table(
        model.processes, id: \.id, selection: Binding(get: { model.selection }, set: { _ in }),
        sort: Binding(get: { model.sort }, set: { model.sort = $0 })
      ) {
        ForEach(model.columns) { column in
          TableColumn(title(column), id: column, width: .fixed(8)) { text($0, column) }
        }
        for column in [ProcessColumn.pid] where model.showsPID {
          TableColumn(title(column), id: column, width: .fixed(4)) { text($0, column) }
        }
      }
    }
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0].hasPrefix("Name     CPU % ▼  PID"))
    #expect(backend.buffer.lines[1].hasPrefix("init     0.1      1"))
    model.columns = [.cpu]
    model.showsPID = false
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0].hasPrefix("CPU % ▼"))
    #expect(!backend.buffer.lines[0].contains("Name"))
  }

  @Test(arguments: [
    (8, true, "CPU % ▲ "), (7, false, "CPU % ▼"), (6, false, "CPU… ▼"), (5, true, "CP… ▲"),
    (3, false, "… ▼"), (2, true, " ▲"), (1, false, "▼"),
  ])
  func theSortArrowHasACellOfItsOwnAndTheTitleIsCutFirst(
    width: Int, ascending: Bool, header: String
  ) {
    var sort: ColumnSort<ProcessColumn>? = ColumnSort(.cpu, ascending: ascending)
    let backend = HeadlessBackend(width: 20, height: 3)
    let app = Application(backend: backend) {
      Table(
        [Process(id: 1, name: "init", cpu: 0.1)], id: \.id,
        selection: Binding(get: { nil }, set: { _ in }),
        sort: Binding(get: { sort }, set: { sort = $0 })
      ) {
        TableColumn("CPU %", id: ProcessColumn.cpu, width: .fixed(width)) { "\($0.cpu)" }
        TableColumn("Name", id: ProcessColumn.name, width: .fixed(4)) { $0.name }
      }
    }
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0].hasPrefix(header + " Name"))
  }
}
