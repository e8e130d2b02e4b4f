@_exported import Observation

/// Makes a struct a ``Reducer`` and its `Action` (with the enums nested in it) case-pathable.
///
/// ```swift
/// @Reducer
/// struct CounterFeature {
///   @ObservableState
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
///
/// On an enum whose cases hold reducers, generates the `State` and `Action` enums, the body
/// that runs the reducer of the current case, and the `CaseScope` behind `store.case`:
///
/// ```swift
/// @Reducer
/// enum Path {
///   case basics(BasicsFeature)
///   case personalInfo(PersonalInfoFeature)
/// }
/// extension Path.State: Equatable {}
/// ```
///
/// What a struct leaves out is written for it: an empty `State` (`@ObservableState`, `Codable`,
/// `Equatable`, `Hashable`, `Sendable`), an empty `Action`, and a `body` that does nothing, so
/// `@Reducer struct Placeholder {}` is a feature.
@attached(
  member,
  names: named(State), named(Action), named(body), named(CaseScope), named(scope)
)
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerMacro")

/// Makes the enums nested in a reducer's `Action` case-pathable; `@Reducer` attaches it.
@attached(memberAttribute)
public macro _ReducerAction() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerActionMacro")

/// Makes feature state observable field by field with Swift's `Observation`: a view that
/// read `store.email` redraws when `email` changes, and not when `password` does.
///
/// `@Presents` and `@Shared` fields observe themselves and need nothing; mark a field
/// `@ObservationStateIgnored` to leave it untracked.
@attached(extension, conformances: ObservableState)
@attached(member, names: named(_$id), named(_$observationRegistrar))
@attached(memberAttribute)
public macro ObservableState() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ObservableStateMacro")

/// Tracks one field of `@ObservableState` state; `@ObservableState` attaches it.
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(_))
public macro ObservationStateTracked() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ObservationStateTrackedMacro")

/// Leaves a field of `@ObservableState` state untracked: changing it redraws nothing.
@attached(accessor, names: named(willSet))
public macro ObservationStateIgnored() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ObservationStateIgnoredMacro")

/// Presented child state in `@ObservableState` state: the macro spelling of
/// ``PresentationState``.
///
/// ```swift
/// @ObservableState
/// struct State {
///   @Presents var destination: Destination.State?
/// }
/// // …
/// .ifLet(\.$destination, action: \.destination)
/// ```
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(`$`), prefixed(_))
public macro Presents() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "PresentsMacro")
