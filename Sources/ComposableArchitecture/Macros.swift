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
/// <!-- context: arch-signup -->
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
///
/// A case of an enum reducer that holds plain data rather than a feature is marked
/// ``ReducerCaseIgnored()``; a case that holds no value, or several, is ignored without the mark.
@attached(
  member,
  names: named(State), named(Action), named(body), named(CaseScope), named(scope)
)
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerMacro")

/// ``Reducer()`` on an enum, with conformances for the `State` and `Action` enums it generates.
///
/// <!-- context: arch-item-form -->
/// ```swift
/// @Reducer(state: .equatable, .sendable, action: .equatable, .sendable)
/// enum Destination {
///   case edit(ItemFormFeature)
///   case alert(AlertState<Alert>)
/// }
/// ```
///
/// The same as declaring `extension Destination.State: Equatable, Sendable {}` (and so on)
/// yourself. A struct reducer declares its own `State` and `Action` and takes no arguments.
@attached(
  member,
  names: named(State), named(Action), named(body), named(CaseScope), named(scope)
)
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer(state: _SynthesizedConformance..., action: _SynthesizedConformance...) =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerMacro")

/// A conformance for the `State` or `Action` enum that ``Reducer(state:action:)`` generates.
///
/// <!-- context: arch-detail -->
/// ```swift
/// @Reducer(state: .equatable, action: .equatable)
/// enum Path { case detail(DetailFeature) }
/// ```
public struct _SynthesizedConformance: Sendable {
  private init() {}

  /// `Codable`.
  public static let codable = Self()
  /// `Decodable`.
  public static let decodable = Self()
  /// `Encodable`.
  public static let encodable = Self()
  /// `Equatable`.
  public static let equatable = Self()
  /// `Hashable`.
  public static let hashable = Self()
  /// `Sendable`.
  public static let sendable = Self()
}

/// Marks a case of a `@Reducer` enum that holds plain data, not a feature.
///
/// <!-- context: arch-syncups -->
/// ```swift
/// @Reducer
/// enum Path {
///   case detail(SyncUpDetail)
///   @ReducerCaseIgnored
///   case meeting(Meeting, syncUp: SyncUp)
/// }
/// ```
///
/// The case is in `State` and in `CaseScope` as written (`store.case` gives `.meeting(meeting,
/// syncUp: syncUp)`); it runs no reducer, and its case in `Action` holds `Never`, so no action
/// is ever sent to it. A case that holds no value, or several, is ignored without the mark.
@attached(peer)
public macro ReducerCaseIgnored() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerCaseMarkerMacro")

/// Marks a case of a `@Reducer` enum that holds state with actions but no reducer, as alerts do.
///
/// <!-- context: arch-item-form -->
/// ```swift
/// @Reducer
/// enum Destination {
///   @ReducerCaseEphemeral
///   case alert(AlertState<Alert>)
/// }
/// ```
///
/// `AlertState` and `ConfirmationDialogState` cases need no mark. For another type, the case's
/// action is the type's `Action`.
@attached(peer)
public macro ReducerCaseEphemeral() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerCaseMarkerMacro")

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
@attached(member, names: named(_$id), named(_$observationRegistrar), named(_$shape))
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
/// <!-- context: arch-item-form, arch-destination, arch-presenter-action -->
/// ```swift
/// @ObservableState
/// struct State {
///   @Presents var destination: Destination.State?
/// }
/// // …
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in .none }
///     .ifLet(\.$destination, action: \.destination)
/// }
/// ```
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(`$`), prefixed(_))
public macro Presents() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "PresentsMacro")

/// Gives a view of a feature whose `Action` is a ``ViewAction`` a `send` for its view actions.
///
/// <!-- context: arch-view-feature -->
/// ```swift
/// @ViewAction(for: Feature.self)
/// struct FeatureView: View {
///   let store: StoreOf<Feature>
///   var body: some View {
///     Button("+") { send(.incrementButtonTapped) }  // store.send(.view(.incrementButtonTapped))
///   }
/// }
/// ```
///
/// The view conforms to ``ViewActionSending``. It must have a `store` property (`let store`,
/// `var store`, `@Bindable var store`), and sending through `store.send` directly is flagged.
@attached(extension, conformances: ViewActionSending)
public macro ViewAction<R: Reducer>(for: R.Type) =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ViewActionMacro")
where R.Action: ViewAction
