import ComposableArchitecture
import Testing

/// Appends its name to the state's log for every action.
struct Logger: Reducer {
  let name: String
  func reduce(into state: inout [String], action: Void) -> Effect<Void> {
    state.append(name)
    return .none
  }
}

struct Built: Reducer {
  var includeOptional = false
  var useFirstBranch = true
  var names: [String] = []

  var body: some Reducer<[String], Void> {
    Logger(name: "start")
    if includeOptional {
      Logger(name: "optional")
    }
    if useFirstBranch {
      Logger(name: "first")
    } else {
      Logger(name: "second")
    }
    for name in names {
      Logger(name: name)
    }
    EmptyReducer()
  }
}

@MainActor
struct ReducerBuilderTests {
  @Test func reducersInABodyRunInOrder() {
    var log: [String] = []
    _ = Built().reduce(into: &log, action: ())
    #expect(log == ["start", "first"])
  }

  @Test func optionalsConditionalsAndLoopsBuild() {
    var log: [String] = []
    let reducer = Built(includeOptional: true, useFirstBranch: false, names: ["x", "y"])
    _ = reducer.reduce(into: &log, action: ())
    #expect(log == ["start", "optional", "second", "x", "y"])
  }

  @Test func combineReducersRunsEveryReducerOnTheSameState() {
    let reducer = CombineReducers {
      Logger(name: "a")
      Logger(name: "b")
      Reduce<[String], Void> { state, _ in
        state.append("count \(state.count)")
        return .none
      }
    }
    var log: [String] = []
    _ = reducer.reduce(into: &log, action: ())
    #expect(log == ["a", "b", "count 2"])
  }

  @Test func reduceErasesAReducer() {
    let erased = Reduce(Logger(name: "erased"))
    var log: [String] = []
    _ = erased.reduce(into: &log, action: ())
    #expect(log == ["erased"])
  }

  @Test func emptyReducerChangesNothing() {
    var log = ["unchanged"]
    _ = EmptyReducer<[String], Void>().reduce(into: &log, action: ())
    #expect(log == ["unchanged"])
  }
}
