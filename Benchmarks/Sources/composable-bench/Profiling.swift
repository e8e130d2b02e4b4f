import ComposableArchitecture

// `--repeat NAME N` runs one workload N times and times nothing: a workload for a profiler
// (`valgrind --tool=callgrind`), whose counts do not depend on the machine's load. Subtract a
// run with N = 0 to leave out the set-up.

/// The workloads `--repeat` knows, by name.
@MainActor
let profilingWorkloads: [String: @MainActor (Int) async -> Void] = [
  "type-basics": typeIntoBasics,
  "label-200": changeOneLabel,
  "nested-hand": { count in
    var state = Nested.state(depth: 10)
    for _ in 0..<count { Nested.bumpByHand(&state, levels: 10) }
    blackHole(state.count)
  },
  "nested-direct": { count in
    var state = Nested.state(depth: 10)
    let action = Nested.tap(depth: 10)
    let reducer = Nested()
    for _ in 0..<count { _ = reducer.reduce(into: &state, action: action) }
    blackHole(state.count)
  },
  "nested-send": { count in
    var store = Store(initialState: Nested.state(depth: 10)) { Nested() }
    for _ in 0..<10 { store = store.scope(state: \.child, action: \.child.presented)! }
    for _ in 0..<count { store.send(.tap) }
  },
  "scope": { count in
    let parent = Store(initialState: Parent.State()) { Parent() }
    var total = 0
    for _ in 0..<count { total &+= parent.scope(state: \.child, action: \.child).count }
    blackHole(total)
  },
  "scope-rows": { count in
    let store = Store(initialState: Rows.State()) { Rows() }
    var total = 0
    for _ in 0..<count {
      for row in store.scope(state: \.rows, action: \.rows) { total &+= row.count }
    }
    blackHole(total)
  },
  "teststore-send": { count in
    let store = TestStore(initialState: Leaf.State()) { Leaf() }
    for _ in 0..<count { await store.send(.tap) { $0.count &+= 1 } }
  },
  "send": { count in
    let store = Store(initialState: Leaf.State()) { Leaf() }
    for _ in 0..<count { store.send(.tap) }
  },
  "send-recording": { count in
    let store = Store(initialState: Leaf.State()) { Leaf() }
    store.recordHistory()
    for _ in 0..<count { store.send(.tap) }
  },
  "stack-send": { count in
    let store = Store(initialState: StackRoot.State()) { StackRoot() }
    for _ in 0..<10 { store.send(.push) }
    let top = store.path.ids.last!
    for _ in 0..<count { store.send(.path(.element(id: top, action: .tap))) }
  },
  "stack-push-pop": { count in
    let store = Store(initialState: StackRoot.State()) { StackRoot() }
    for _ in 0..<10 { store.send(.push) }
    for _ in 0..<count {
      store.send(.push)
      store.send(.path(.popFrom(id: store.path.ids.last!)))
    }
  },
  "stack-push": { count in
    let store = Store(initialState: StackRoot.State()) { StackRoot() }
    for _ in 0..<count { store.send(.push) }
  },
  // The same on a stack of 100,000 elements (with `--cache-sim=yes`, where the misses are).
  "stack-push-pop-deep": { count in
    let store = Store(initialState: StackRoot.State()) { StackRoot() }
    for _ in 0..<100_000 { store.send(.push) }
    for _ in 0..<count {
      store.send(.push)
      store.send(.path(.popFrom(id: store.path.ids.last!)))
    }
  },
]

/// Runs `--repeat NAME N` if it was asked for; true if it was. `--type-basics N` is
/// `--repeat type-basics N`: typing N keys into the basics step at 80×24.
@MainActor
func runRepeatedWorkload(_ arguments: [String]) async -> Bool {
  let name: String
  let countArgument: String
  if let flag = arguments.firstIndex(of: "--repeat"), arguments.indices.contains(flag + 2) {
    (name, countArgument) = (arguments[flag + 1], arguments[flag + 2])
  } else if let flag = arguments.firstIndex(of: "--type-basics"),
    arguments.indices.contains(flag + 1)
  {
    (name, countArgument) = ("type-basics", arguments[flag + 1])
  } else {
    return false
  }
  guard let workload = profilingWorkloads[name], let count = Int(countArgument) else {
    let names = profilingWorkloads.keys.sorted().joined(separator: ", ")
    print("--repeat NAME N, where NAME is one of: \(names)")
    return true
  }
  await workload(count)
  return true
}
