import ComposableArchitecture
import DemoSupport

extension StoreHistory where State == AppFeature.State, Action == AppFeature.Action {
  /// The session of the study on top of the stack, written as a test of that study's feature:
  /// what the inspector's export writes next to the tape.
  ///
  /// The test starts from the study's first state kept and runs with the dependencies the
  /// headless demo (`--replay`) runs with: live clients, files in memory, a fixed date, ids
  /// counted from 0, and the test clock the test advances. The menu itself is written as a
  /// test of ``AppFeature``.
  public func exportStudyTest(_ options: TestExportOptions) -> ExportedTest {
    var options = options
    options.dependencies += [
      "$0.context = .live",
      "$0.defaultFileStorage = .inMemory()",
      "$0.defaultInMemoryStorage = InMemoryStorage()",
      "$0.date = .constant(Date(timeIntervalSince1970: 1_800_000_000))",
      "$0.uuid = .incrementing",
      "$0.stackElementID = .incrementing()",
    ]
    guard let last = state(at: lastSequence), let id = last.path.ids.last,
      let study = last.path[id: id]?.study
    else {
      return exportTest(options)
    }
    options.header += [
      "The \(study.name) study, as a session of composable-demo played it; exported by the",
      "inspector (F12, then e).",
    ]
    return exportTest(
      options,
      state: { $0.path[id: id]?.value },
      action: { action in
        guard case .path(.element(let elementID, let action)) = action, elementID == id else {
          return nil
        }
        return action.value
      })
  }
}
