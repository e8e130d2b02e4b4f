import ComposableArchitectureMacros
import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing

@Suite(
  .macros(
    [
      "ObservableState": MacroSpec(
        type: ObservableStateMacro.self, conformances: ["ObservableState"]),
      "ObservationStateTracked": MacroSpec(type: ObservationStateTrackedMacro.self),
      "ObservationStateIgnored": MacroSpec(type: ObservationStateIgnoredMacro.self),
      "Presents": MacroSpec(type: PresentsMacro.self),
    ],
    record: .missing
  )
)
struct ObservableStateMacroTests {
  @Test func aStructTracksEachStoredField() {
    assertMacro {
      """
      @ObservableState
      struct State: Equatable {
        var email = ""
        var password: String = ""
        var fact: String?
        let id: Int
        var isValid: Bool { !email.isEmpty }
        static var shared = 0
      }
      """
    } expansion: {
      #"""
      struct State: Equatable {
        var email {
          @storageRestrictions(initializes: _email)
          init(initialValue) {
            _email = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.email)
            return _email
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.email, &_email, newValue, _$observationIdentity(_email), _$observationIdentity(newValue))
          }
          _modify {
            let identity = _$observationIdentity(_email)
            defer {
              if _$observationIdentity(_email) != identity {
                _$observationRegistrar.didModify(self, keyPath: \.email)
              }
            }
            yield &_email
          }
        }

        var _email = ""
        var password: String {
          @storageRestrictions(initializes: _password)
          init(initialValue) {
            _password = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.password)
            return _password
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.password, &_password, newValue, _$observationIdentity(_password), _$observationIdentity(newValue))
          }
          _modify {
            let identity = _$observationIdentity(_password)
            defer {
              if _$observationIdentity(_password) != identity {
                _$observationRegistrar.didModify(self, keyPath: \.password)
              }
            }
            yield &_password
          }
        }

        var _password: String = ""
        var fact: String? {
          @storageRestrictions(initializes: _fact)
          init(initialValue) {
            _fact = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.fact)
            return _fact
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.fact, &_fact, newValue, _$observationIdentity(_fact), _$observationIdentity(newValue))
          }
          _modify {
            let identity = _$observationIdentity(_fact)
            defer {
              if _$observationIdentity(_fact) != identity {
                _$observationRegistrar.didModify(self, keyPath: \.fact)
              }
            }
            yield &_fact
          }
        }

        var _fact: String?
        let id: Int
        var isValid: Bool { !email.isEmpty }
        static var shared = 0

        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        static var _$shape: ComposableArchitecture._StateShape? {
          ComposableArchitecture._StateShape(
            fields: [.value("email", \Self.email, tracked: \Self._email, default: { () -> Any in
                  ""
                }), .value("password", \Self.password, tracked: \Self._password, default: { () -> Any in
                  let value: String = "";
                  return value as Any
                }), .value("fact", \Self.fact, tracked: \Self._fact, default: { () -> Any in
                  let value: String? = nil;
                  return value as Any
                }), .constant("id", \Self.id)],
            initializers: [[.init(label: "email", name: "email", default: { () -> Any in
                    ""
                  }), .init(label: "password", name: "password", default: { () -> Any in
                    let value: String = "";
                    return value as Any
                  }), .init(label: "fact", name: "fact", default: { () -> Any in
                    let value: String? = nil;
                    return value as Any
                  }), .init(label: "id", name: "id")]],
            registrar: \Self._$observationRegistrar
          )
        }
      }

      extension State: ComposableArchitecture.ObservableState {
      }
      """#
    }
  }

  @Test func presentsSharedAndIgnoredFieldsAreNotTracked() {
    assertMacro {
      """
      @ObservableState
      public struct State {
        @Presents var destination: Destination.State?
        @Shared var stats: Stats
        @ObservationStateIgnored var scratch = 0
      }
      """
    } expansion: {
      #"""
      public struct State {
        var destination: Destination.State? {
          @storageRestrictions(initializes: _destination)
          init(initialValue) {
            _destination = ComposableArchitecture.PresentationState<Destination.State>(wrappedValue: initialValue)
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.destination)
            return _destination.wrappedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.destination, &_destination.wrappedValue, newValue, _$observationIdentity(_destination), _$observationIdentity(newValue))
          }
          _modify {
            let identity = _$observationIdentity(_destination)
            defer {
              if _$observationIdentity(_destination) != identity {
                _$observationRegistrar.didModify(self, keyPath: \.destination)
              }
            }
            yield &_destination.wrappedValue
          }
        }

        var $destination: ComposableArchitecture.PresentationState<Destination.State> {
          get {
            _$observationRegistrar.access(self, keyPath: \.destination)
            return _destination.projectedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.destination, &_destination.projectedValue, newValue, _$observationIdentity(_destination), _$observationIdentity(newValue))
          }
          _modify {
            let identity = _$observationIdentity(_destination)
            defer {
              if _$observationIdentity(_destination) != identity {
                _$observationRegistrar.didModify(self, keyPath: \.destination)
              }
            }
            yield &_destination
          }
        }

        var _destination = ComposableArchitecture.PresentationState<Destination.State>(wrappedValue: nil)
        @Shared var stats: Stats
        var scratch = 0

        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        public var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        public static var _$shape: ComposableArchitecture._StateShape? {
          ComposableArchitecture._StateShape(
            fields: [.presents("destination", \Self.destination, \Self.$destination, tracked: \Self._destination, identity: ComposableArchitecture._$presentedIdentity(Self.self) {
                  $0._destination
                }, default: { () -> Any in
                  let value: Destination.State? = nil;
                  return value as Any
                }), .shared("stats", \Self.stats, \Self.$stats), .value("scratch", \Self.scratch, default: { () -> Any in
                  0
                })],
            initializers: [[.init(label: "destination", name: "destination", default: { () -> Any in
                    let value: Destination.State? = nil;
                    return value as Any
                  }), .init(label: "stats", name: "stats"), .init(label: "scratch", name: "scratch", default: { () -> Any in
                    0
                  })]],
            registrar: \Self._$observationRegistrar
          )
        }
      }

      extension State: ComposableArchitecture.ObservableState {
      }
      """#
    }
  }

  /// The shape lists the initializers the struct declares (no memberwise one then), with their
  /// labels and default arguments; a persisted `@Shared` comes from its storage, not an
  /// initializer.
  @Test func theShapeListsDeclaredInitializersAndPersistedFields() {
    assertMacro {
      """
      @ObservableState
      struct State {
        @Shared(.inMemory("stats")) var stats = Stats()
        @Shared var profile: Profile
        var draft: String
        init(profile: Shared<Profile>, draft: String = "") {
          _profile = profile
          self.draft = draft
        }
        init(_ other: State) {
          self = other
        }
      }
      """
    } expansion: {
      #"""
      struct State {
        @Shared(.inMemory("stats")) var stats = Stats()
        @Shared var profile: Profile
        var draft: String {
          @storageRestrictions(initializes: _draft)
          init(initialValue) {
            _draft = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.draft)
            return _draft
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.draft, &_draft, newValue, _$observationIdentity(_draft), _$observationIdentity(newValue))
          }
          _modify {
            let identity = _$observationIdentity(_draft)
            defer {
              if _$observationIdentity(_draft) != identity {
                _$observationRegistrar.didModify(self, keyPath: \.draft)
              }
            }
            yield &_draft
          }
        }

        var _draft: String
        init(profile: Shared<Profile>, draft: String = "") {
          _profile = profile
          self.draft = draft
        }
        init(_ other: State) {
          self = other
        }

        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        static var _$shape: ComposableArchitecture._StateShape? {
          ComposableArchitecture._StateShape(
            fields: [.persisted("stats", \Self.stats), .shared("profile", \Self.profile, \Self.$profile), .value("draft", \Self.draft, tracked: \Self._draft)],
            initializers: [[.init(label: "profile", name: "profile"), .init(label: "draft", name: "draft", default: { () -> Any in
                    let value: String = "";
                    return value as Any
                  })], [.init(label: nil, name: "other")]],
            registrar: \Self._$observationRegistrar
          )
        }
      }

      extension State: ComposableArchitecture.ObservableState {
      }
      """#
    }
  }

  @Test func anEnumsIdentityIsItsCaseAndItsValuesIdentity() {
    assertMacro {
      """
      @ObservableState
      enum State {
        case basics(BasicsFeature.State)
        case summary(SummaryFeature.State)
        case empty
      }
      """
    } expansion: {
      """
      enum State {
        case basics(BasicsFeature.State)
        case summary(SummaryFeature.State)
        case empty

        var _$id: ComposableArchitecture.ObservableStateID {
          switch self {
          case let .basics(state):
            return ._$id(for: state)._$tag(0)
          case let .summary(state):
            return ._$id(for: state)._$tag(1)
          case .empty:
            return ComposableArchitecture.ObservableStateID()._$tag(2)
          }
        }
      }

      extension State: ComposableArchitecture.ObservableState {
      }
      """
    }
  }

  @Test func presentsStoresThePresentationState() {
    assertMacro {
      """
      struct State {
        @Presents var destination: Destination.State?
      }
      """
    } expansion: {
      #"""
      struct State {
        var destination: Destination.State? {
          @storageRestrictions(initializes: _destination)
          init(initialValue) {
            _destination = ComposableArchitecture.PresentationState<Destination.State>(wrappedValue: initialValue)
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.destination)
            return _destination.wrappedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.destination, &_destination.wrappedValue, newValue, _$observationIdentity(_destination), _$observationIdentity(newValue))
          }
          _modify {
            let identity = _$observationIdentity(_destination)
            defer {
              if _$observationIdentity(_destination) != identity {
                _$observationRegistrar.didModify(self, keyPath: \.destination)
              }
            }
            yield &_destination.wrappedValue
          }
        }

        var $destination: ComposableArchitecture.PresentationState<Destination.State> {
          get {
            _$observationRegistrar.access(self, keyPath: \.destination)
            return _destination.projectedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.destination, &_destination.projectedValue, newValue, _$observationIdentity(_destination), _$observationIdentity(newValue))
          }
          _modify {
            let identity = _$observationIdentity(_destination)
            defer {
              if _$observationIdentity(_destination) != identity {
                _$observationRegistrar.didModify(self, keyPath: \.destination)
              }
            }
            yield &_destination
          }
        }

        var _destination = ComposableArchitecture.PresentationState<Destination.State>(wrappedValue: nil)
      }
      """#
    }
  }

  @Test func presentsOnALetIsRejected() {
    assertMacro {
      """
      struct State {
        @Presents let destination: Destination.State?
      }
      """
    } diagnostics: {
      """
      struct State {
        @Presents let destination: Destination.State?
                  ┬──
                  ╰─ 🛑 '@Presents' must be attached to a 'var', not a 'let'
      }
      """
    }
  }

  @Test func presentsOnANonOptionalIsRejected() {
    assertMacro {
      """
      struct State {
        @Presents var destination: Destination.State
      }
      """
    } diagnostics: {
      """
      struct State {
        @Presents var destination: Destination.State
                      ┬─────────────────────────────
                      ╰─ 🛑 '@Presents' needs an optional type, as in 'var destination: Destination.State?'
      }
      """
    }
  }

  @Test func presentationStateInObservableStateIsRejected() {
    assertMacro {
      """
      @ObservableState
      struct State {
        @PresentationState var destination: Destination.State?
      }
      """
    } diagnostics: {
      """
      @ObservableState
      struct State {
        @PresentationState var destination: Destination.State?
        ┬─────────────────
        ╰─ 🛑 '@PresentationState' in '@ObservableState' state is not observed: use '@Presents' instead
      }
      """
    }
  }
}
