import ComposableArchitecture
import Foundation
import SignUpStudy

// What recording a store's history (the inspector) costs: a send with the history recording
// against the same send without, for a one-field feature and for the sign-up flow three steps
// deep, the memory each entry of the sign-up flow's history holds, and what the inspector's
// default ring (the last 1,000 actions, recorded from launch) holds once full.

/// The sign-up flow with its basics, personal info and topics steps pushed, and the id of the
/// basics step.
@MainActor
private func signUpStore() -> (store: StoreOf<SignUpFeature>, basics: StackElementID) {
  var state = SignUpFeature.State()
  state.path.append(.basics(BasicsFeature.State(signUpData: state.$signUpData)))
  state.path.append(.personalInfo(PersonalInfoFeature.State(signUpData: state.$signUpData)))
  state.path.append(.topics(TopicsFeature.State(signUpData: state.$signUpData)))
  let basics = state.path.ids.first!
  let store = Store(initialState: state) {
    SignUpFeature()
  } withDependencies: {
    $0.continuousClock = TestClock()
  }
  return (store, basics)
}

@MainActor
func historyGroup() async -> (rows: [Measurement], bytesPerEntry: Double, ringBytes: Double) {
  let group = "History"
  let leaf = Store(initialState: Leaf.State()) { Leaf() }
  let send = await measure(operations: 1_000) {
    for _ in 0..<1_000 { leaf.send(.tap) }
  }
  let recordingLeaf = Store(initialState: Leaf.State()) { Leaf() }
  recordingLeaf.recordHistory()
  let recordingSend = await measure(operations: 1_000) {
    for _ in 0..<1_000 { recordingLeaf.send(.tap) }
  }

  // Each store's own basics step: an id from another store's state names no element (the
  // send would measure the issue a missing element reports instead).
  func tick(_ basics: StackElementID) -> SignUpFeature.Action {
    .path(.element(id: basics, action: .basics(.spinnerTicked)))
  }
  let (flow, flowBasics) = signUpStore()
  let flowTick = tick(flowBasics)
  let flowSend = await measure(operations: 1_000) {
    for _ in 0..<1_000 { flow.send(flowTick) }
  }
  let (recordingFlow, recordingBasics) = signUpStore()
  let recordingTick = tick(recordingBasics)
  recordingFlow.recordHistory()
  let recordingFlowSend = await measure(operations: 1_000) {
    for _ in 0..<1_000 { recordingFlow.send(recordingTick) }
  }

  // Memory: 10,000 entries of a history that keeps them all.
  let (measuredFlow, measuredBasics) = signUpStore()
  let measuredTick = tick(measuredBasics)
  let entries = 10_000
  let before = allocatedBytes()
  let history = measuredFlow.recordHistory(capacity: entries + 1)
  for _ in 0..<entries { measuredFlow.send(measuredTick) }
  let bytesPerEntry = Double(allocatedBytes() - before) / Double(entries)
  blackHole(history?.lastSequence ?? 0)

  // The inspector's default: a ring of the last 1,000 entries, recorded from launch, full and
  // going round (5,000 actions sent).
  let (ringFlow, ringBasics) = signUpStore()
  let ringTick = tick(ringBasics)
  let beforeRing = allocatedBytes()
  let ring = ringFlow.recordHistory(capacity: 1_000)
  for _ in 0..<5_000 { ringFlow.send(ringTick) }
  let ringBytes = Double(allocatedBytes() - beforeRing)
  blackHole(ring?.lastSequence ?? 0)

  return (
    [
      Measurement(
        group: group, name: "Store.Send (leaf)", nanosecondsPerOperation: send, baseline: nil),
      Measurement(
        group: group, name: "Store.Send, history recording (leaf)",
        nanosecondsPerOperation: recordingSend, baseline: "Store.Send (leaf)"),
      Measurement(
        group: group, name: "Store.Send (sign-up flow)", nanosecondsPerOperation: flowSend,
        baseline: "Store.Send (leaf)"),
      Measurement(
        group: group, name: "Store.Send, history recording (sign-up flow)",
        nanosecondsPerOperation: recordingFlowSend, baseline: "Store.Send (sign-up flow)"),
    ],
    bytesPerEntry,
    ringBytes
  )
}
