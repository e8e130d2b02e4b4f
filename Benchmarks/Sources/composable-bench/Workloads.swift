import ComposableArchitecture
import Foundation

// Each function measures one group; the first row of a group is its baseline.

@MainActor
func storeGroup() async -> [Measurement] {
  let group = "Store"
  let reducer = Leaf()
  var leafState = Leaf.State()
  let direct = await measure(operations: 1_000) {
    for _ in 0..<1_000 { _ = reducer.reduce(into: &leafState, action: .tap) }
  }
  let store = Store(initialState: Leaf.State()) { Leaf() }
  let send = await measure(operations: 1_000) {
    for _ in 0..<1_000 { store.send(.tap) }
  }
  var total = 0
  let access = await measure(operations: 1_000) {
    for _ in 0..<1_000 { total &+= store.count }
  }
  let parent = Store(initialState: Parent.State()) { Parent() }
  let scope = await measure(operations: 1_000) {
    for _ in 0..<1_000 { total &+= parent.scope(state: \.child, action: \.child).count }
  }
  blackHole(total)
  return [
    Measurement(
      group: group, name: "direct reducer call", nanosecondsPerOperation: direct, baseline: nil),
    Measurement(
      group: group, name: "Store.Send", nanosecondsPerOperation: send,
      baseline: "direct reducer call"),
    Measurement(
      group: group, name: "Store.Access", nanosecondsPerOperation: access,
      baseline: "direct reducer call"),
    Measurement(
      group: group, name: "Store.Scope", nanosecondsPerOperation: scope,
      baseline: "direct reducer call"),
  ]
}

@MainActor
func nestedStoreGroup() async -> [Measurement] {
  let group = "NestedStore"
  let depth = 10
  let reducer = Nested()
  var directState = Nested.state(depth: depth)
  let deepTap = Nested.tap(depth: depth)
  let direct = await measure(operations: 100) {
    for _ in 0..<100 { _ = reducer.reduce(into: &directState, action: deepTap) }
  }
  // The same work by hand: the count 10 optionals down, through the same state accessors.
  var handState = Nested.state(depth: depth)
  let byHand = await measure(operations: 100) {
    for _ in 0..<100 { Nested.bumpByHand(&handState, levels: depth) }
  }
  blackHole(handState.count)
  let root = Store(initialState: Nested.state(depth: depth)) { Nested() }
  func innermost(_ levels: Int) -> StoreOf<Nested> {
    var store = root
    for _ in 0..<levels { store = store.scope(state: \.child, action: \.child.presented)! }
    return store
  }
  let leaf = innermost(depth)
  let first = innermost(1)
  var total = 0
  let scope = await measure(operations: 100) {
    for _ in 0..<100 { total &+= innermost(depth).count }
  }
  let send = await measure(operations: 100) {
    for _ in 0..<100 { leaf.send(.tap) }
  }
  let rootSend = await measure(operations: 100) {
    for _ in 0..<100 { root.send(.tap) }
  }
  let nestedSend = await measure(operations: 100) {
    for _ in 0..<100 { first.send(.tap) }
  }
  let access = await measure(operations: 100) {
    for _ in 0..<100 { total &+= leaf.count }
  }
  blackHole(total)
  let base = "root reducer, direct (\(depth) levels)"
  let hand = "hand-written mutation through \(depth) optionals"
  return [
    Measurement(group: group, name: hand, nanosecondsPerOperation: byHand, baseline: nil),
    Measurement(group: group, name: base, nanosecondsPerOperation: direct, baseline: hand),
    Measurement(
      group: group, name: "NestedStore.Scope", nanosecondsPerOperation: scope, baseline: base),
    Measurement(
      group: group, name: "NestedStore.Send", nanosecondsPerOperation: send, baseline: base),
    Measurement(
      group: group, name: "NestedStore.RootSend", nanosecondsPerOperation: rootSend, baseline: base),
    Measurement(
      group: group, name: "NestedStore.NestedSend(1)", nanosecondsPerOperation: nestedSend,
      baseline: base),
    Measurement(
      group: group, name: "NestedStore.Access", nanosecondsPerOperation: access, baseline: base),
  ]
}

@MainActor
func stackGroup() async -> (rows: [Measurement], bytesPerElement: Double) {
  let group = "Stack"
  var rows: [Measurement] = []
  let pushes = 100_000
  let clock = ContinuousClock()
  var pushSamples: [Double] = []
  for _ in 0..<3 {
    let store = Store(initialState: StackRoot.State()) { StackRoot() }
    let start = clock.now
    for _ in 0..<pushes { store.send(.push) }
    pushSamples.append(nanoseconds(start.duration(to: clock.now)) / Double(pushes))
  }
  for depth in [10, 1_000, 100_000] {
    let store = Store(initialState: StackRoot.State()) { StackRoot() }
    for _ in 0..<depth { store.send(.push) }
    let top = store.path.ids.last!
    let send = await measure(operations: 100) {
      for _ in 0..<100 { store.send(.path(.element(id: top, action: .tap))) }
    }
    rows.append(
      Measurement(
        group: group, name: "send to the top, depth \(depth)", nanosecondsPerOperation: send,
        baseline: depth == 10 ? nil : "send to the top, depth 10"))
    // 100 pushes onto a stack of `depth` elements, then the same 100 popped one by one; the
    // first round warms up (the allocator takes pages back from the system after the large
    // stacks above were freed) and is not counted.
    var pushes: [Double] = []
    var pops: [Double] = []
    for round in 0..<16 {
      let start = clock.now
      for _ in 0..<100 { store.send(.push) }
      let push = nanoseconds(start.duration(to: clock.now)) / 100
      let pushed = store.path.ids.suffix(100).reversed()
      let popStart = clock.now
      for id in pushed { store.send(.path(.popFrom(id: id))) }
      let pop = nanoseconds(popStart.duration(to: clock.now)) / 100
      guard round > 0 else { continue }
      pushes.append(push)
      pops.append(pop)
    }
    rows.append(
      Measurement(
        group: group, name: "push, depth \(depth)", nanosecondsPerOperation: median(pushes),
        baseline: depth == 10 ? "send to the top, depth 10" : "push, depth 10"))
    rows.append(
      Measurement(
        group: group, name: "pop, depth \(depth)", nanosecondsPerOperation: median(pops),
        baseline: depth == 10 ? "send to the top, depth 10" : "pop, depth 10"))
  }
  rows.append(
    Measurement(
      group: group, name: "push (of 100,000)", nanosecondsPerOperation: median(pushSamples),
      baseline: "send to the top, depth 10"))
  let before = allocatedBytes()
  var stack = StackState<Leaf.State>()
  for _ in 0..<pushes { stack.append(Leaf.State()) }
  let bytes = Double(allocatedBytes() - before) / Double(pushes)
  blackHole(stack.count)
  return (rows, bytes)
}

@MainActor
func sharedGroup() async -> [Measurement] {
  let group = "Shared"
  let mutations = 10_000
  var plain = BenchStats()
  let direct = await measure(operations: mutations) {
    for _ in 0..<mutations {
      increment(&plain)
      blackHole(plain.count)
    }
  }
  blackHole(plain.count)
  let stats = Shared(value: BenchStats())
  let holders = (0..<3).map { _ in StatsHolder.State(stats: stats) }
  let shared = await measure(operations: mutations) {
    withObservationTracking {
      _ = holders[0].stats.count
    } onChange: {
    }
    for index in 0..<mutations { holders[index % 3].$stats.withLock { $0.increment() } }
  }
  let store = Store(initialState: StatsHolder.State(stats: stats)) { StatsHolder() }
  let throughStore = await measure(operations: mutations) {
    for _ in 0..<mutations { store.send(.increment) }
  }
  return [
    Measurement(
      group: group, name: "plain struct mutation", nanosecondsPerOperation: direct, baseline: nil),
    Measurement(
      group: group, name: "Shared.withLock (3 holders, observed)", nanosecondsPerOperation: shared,
      baseline: "plain struct mutation"),
    Measurement(
      group: group, name: "store.send mutating Shared", nanosecondsPerOperation: throughStore,
      baseline: "plain struct mutation"),
  ]
}

@MainActor
func testStoreGroup() async -> [Measurement] {
  let group = "TestStore"
  let store = Store(initialState: Leaf.State()) { Leaf() }
  let send = await measure(operations: 100) {
    for _ in 0..<100 { store.send(.tap) }
  }
  let testStore = TestStore(initialState: Leaf.State()) { Leaf() }
  let assertSend = await measure(operations: 100) {
    for _ in 0..<100 {
      await testStore.send(.tap) { $0.count &+= 1 }
    }
  }
  return [
    Measurement(group: group, name: "Store.send", nanosecondsPerOperation: send, baseline: nil),
    Measurement(
      group: group, name: "TestStore.send + assert", nanosecondsPerOperation: assertSend,
      baseline: "Store.send"),
  ]
}

/// A mutation the optimizer cannot fold away.
@inline(never)
func increment(_ stats: inout BenchStats) {
  stats.increment()
}

/// Memory the optimizer cannot prove unread: writing to it keeps a computation alive.
nonisolated(unsafe) let sink = UnsafeMutablePointer<Int>.allocate(capacity: 1)

@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

@inline(never)
func blackHole(_ value: Int) {
  sink.pointee &+= value
}
