import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct ComposableArchitectureMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    ReducerMacro.self,
    ReducerActionMacro.self,
    ReducerCaseMarkerMacro.self,
    ObservableStateMacro.self,
    ObservationStateTrackedMacro.self,
    ObservationStateIgnoredMacro.self,
    PresentsMacro.self,
    ViewActionMacro.self,
  ]
}
