import ComposableArchitectureMacros
import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing

@Suite(
  .macros(
    ["ViewAction": MacroSpec(type: ViewActionMacro.self, conformances: ["ViewActionSending"])],
    record: .missing
  )
)
struct ViewActionMacroTests {
  @Test func aViewWithALetStoreSendsViewActions() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        let store: StoreOf<Feature>
        var body: some View {
          Button("+") { send(.incrementButtonTapped) }
        }
      }
      """
    } expansion: {
      """
      struct FeatureView: View {
        let store: StoreOf<Feature>
        var body: some View {
          Button("+") { send(.incrementButtonTapped) }
        }
      }

      extension FeatureView: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }

  @Test func aBindableStoreWorksToo() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        @Bindable var store: StoreOf<Feature>
        var body: some View {
          EmptyView()
        }
      }
      """
    } expansion: {
      """
      struct FeatureView: View {
        @Bindable var store: StoreOf<Feature>
        var body: some View {
          EmptyView()
        }
      }

      extension FeatureView: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }

  @Test func aClassWithAStoreWorksToo() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      final class FeatureController {
        var store: StoreOf<Feature>
        init(store: StoreOf<Feature>) {
          self.store = store
        }
      }
      """
    } expansion: {
      """
      final class FeatureController {
        var store: StoreOf<Feature>
        init(store: StoreOf<Feature>) {
          self.store = store
        }
      }

      extension FeatureController: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }

  @Test func aTypeThatAlreadyConformsGetsNoSecondConformance() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: ViewActionSending {
        let store: StoreOf<Feature>
      }
      """
    } expansion: {
      """
      struct FeatureView: ViewActionSending {
        let store: StoreOf<Feature>
      }
      """
    }
  }

  @Test func aTypeWithoutAStoreIsRejected() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        var body: some View {
          EmptyView()
        }
      }
      """
    } diagnostics: {
      """
      @ViewAction(for: Feature.self)
      ┬─────────────────────────────
      ╰─ 🛑 '@ViewAction' requires 'FeatureView' to have a 'store' property, as in 'let store: StoreOf<Feature>'
         ✏️ Add 'store'
      struct FeatureView: View {
        var body: some View {
          EmptyView()
        }
      }
      """
    } fixes: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        let store: StoreOf<Feature>

        var body: some View {
          EmptyView()
        }
      }
      """
    } expansion: {
      """
      struct FeatureView: View {
        let store: StoreOf<Feature>

        var body: some View {
          EmptyView()
        }
      }

      extension FeatureView: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }

  @Test func aPublicTypeWithoutAStoreGetsAPublicStore() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      public struct FeatureView {}
      """
    } diagnostics: {
      """
      @ViewAction(for: Feature.self)
      ┬─────────────────────────────
      ╰─ 🛑 '@ViewAction' requires 'FeatureView' to have a 'store' property, as in 'let store: StoreOf<Feature>'
         ✏️ Add 'store'
      public struct FeatureView {}
      """
    } fixes: {
      """
      @ViewAction(for: Feature.self)
      public struct FeatureView {
        public let store: StoreOf<Feature>
      }
      """
    } expansion: {
      """
      public struct FeatureView {
        public let store: StoreOf<Feature>
      }

      extension FeatureView: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }

  @Test func aPrivateStoreIsRejected() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        private let store: StoreOf<Feature>
        var body: some View {
          EmptyView()
        }
      }
      """
    } diagnostics: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        private let store: StoreOf<Feature>
        ┬──────────────────────────────────
        ╰─ 🛑 'store' must be as visible as 'FeatureView' for '@ViewAction' to send through it
           ✏️ Make 'store' internal
        var body: some View {
          EmptyView()
        }
      }
      """
    } fixes: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        let store: StoreOf<Feature>
        var body: some View {
          EmptyView()
        }
      }
      """
    } expansion: {
      """
      struct FeatureView: View {
        let store: StoreOf<Feature>
        var body: some View {
          EmptyView()
        }
      }

      extension FeatureView: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }

  @Test func anInternalStoreOfAPublicViewIsRejected() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      public struct FeatureView: View {
        let store: StoreOf<Feature>
        public var body: some View {
          EmptyView()
        }
      }
      """
    } diagnostics: {
      """
      @ViewAction(for: Feature.self)
      public struct FeatureView: View {
        let store: StoreOf<Feature>
        ┬──────────────────────────
        ╰─ 🛑 'store' must be as visible as 'FeatureView' for '@ViewAction' to send through it
           ✏️ Make 'store' public
        public var body: some View {
          EmptyView()
        }
      }
      """
    } fixes: {
      """
      @ViewAction(for: Feature.self)
      public struct FeatureView: View {
        public let store: StoreOf<Feature>
        public var body: some View {
          EmptyView()
        }
      }
      """
    } expansion: {
      """
      public struct FeatureView: View {
        public let store: StoreOf<Feature>
        public var body: some View {
          EmptyView()
        }
      }

      extension FeatureView: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }

  @Test func aPrivateSetterIsFine() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView {
        private(set) var store: StoreOf<Feature>
      }
      """
    } expansion: {
      """
      struct FeatureView {
        private(set) var store: StoreOf<Feature>
      }

      extension FeatureView: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }

  @Test func sendingThroughTheStoreIsFlagged() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        let store: StoreOf<Feature>
        var body: some View {
          Button("Refresh") { store.send(.refresh) }
          Button("+") { store.send(.view(.incrementButtonTapped)) }
          Button("-") { self.store.send(.view(.decrementButtonTapped)) }
        }
      }
      """
    } diagnostics: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        let store: StoreOf<Feature>
        var body: some View {
          Button("Refresh") { store.send(.refresh) }
                              ┬───────────────────
                              ╰─ ⚠️ Do not use 'store.send' directly when using '@ViewAction': send view actions with 'send'
          Button("+") { store.send(.view(.incrementButtonTapped)) }
                        ┬────────────────────────────────────────
                        ╰─ ⚠️ Do not use 'store.send' directly when using '@ViewAction': send view actions with 'send'
                           ✏️ Send the view action with 'send'
          Button("-") { self.store.send(.view(.decrementButtonTapped)) }
                        ┬─────────────────────────────────────────────
                        ╰─ ⚠️ Do not use 'store.send' directly when using '@ViewAction': send view actions with 'send'
                           ✏️ Send the view action with 'send'
        }
      }
      """
    } expansion: {
      """
      struct FeatureView: View {
        let store: StoreOf<Feature>
        var body: some View {
          Button("Refresh") { store.send(.refresh) }
          Button("+") { store.send(.view(.incrementButtonTapped)) }
          Button("-") { self.store.send(.view(.decrementButtonTapped)) }
        }
      }

      extension FeatureView: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }

  @Test func aViewActionSentThroughTheStoreHasAFix() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        let store: StoreOf<Feature>
        var body: some View {
          Button("+") { store.send(.view(.incrementButtonTapped)) }
          Button("-") { self.store.send(.view(.decrementButtonTapped)) }
        }
      }
      """
    } diagnostics: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        let store: StoreOf<Feature>
        var body: some View {
          Button("+") { store.send(.view(.incrementButtonTapped)) }
                        ┬────────────────────────────────────────
                        ╰─ ⚠️ Do not use 'store.send' directly when using '@ViewAction': send view actions with 'send'
                           ✏️ Send the view action with 'send'
          Button("-") { self.store.send(.view(.decrementButtonTapped)) }
                        ┬─────────────────────────────────────────────
                        ╰─ ⚠️ Do not use 'store.send' directly when using '@ViewAction': send view actions with 'send'
                           ✏️ Send the view action with 'send'
        }
      }
      """
    } fixes: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        let store: StoreOf<Feature>
        var body: some View {
          Button("+") { send(.incrementButtonTapped) }
          Button("-") { self.send(.decrementButtonTapped) }
        }
      }
      """
    } expansion: {
      """
      struct FeatureView: View {
        let store: StoreOf<Feature>
        var body: some View {
          Button("+") { send(.incrementButtonTapped) }
          Button("-") { self.send(.decrementButtonTapped) }
        }
      }

      extension FeatureView: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }
}
