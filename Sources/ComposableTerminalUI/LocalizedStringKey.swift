/// The key of a localized string, as SwiftUI's views take their titles: here the key itself is
/// the text, as SwiftUI shows a key that has no translation (a terminal app has no string
/// catalog).
///
/// View code ported from upstream that passes titles around as `LocalizedStringKey` compiles
/// and draws them:
///
/// ```swift
/// @MainActor
/// func row(_ title: LocalizedStringKey, count: Int) -> some View {
///   HStack {
///     Text(title)
///     Text("\(count)")
///   }
/// }
/// ```
public struct LocalizedStringKey: Hashable, Sendable, ExpressibleByStringInterpolation {
  /// The text the key stands for.
  let text: String

  /// A key for `text`.
  public init(_ text: String) {
    self.text = text
  }

  public init(stringLiteral text: String) {
    self.text = text
  }

  public init(stringInterpolation: DefaultStringInterpolation) {
    self.text = String(stringInterpolation: stringInterpolation)
  }
}

extension Text {
  /// Text showing a localized string's key.
  public init(_ key: LocalizedStringKey) {
    self.init(key.text)
  }
}

extension Button {
  /// A button titled by a localized string's key.
  public init(
    _ titleKey: LocalizedStringKey, shortcut: KeyEvent? = nil, help: String? = nil,
    action: @escaping @MainActor () -> Void
  ) {
    self.init(titleKey.text, shortcut: shortcut, help: help, action: action)
  }
}

extension Toggle {
  /// A toggle labelled by a localized string's key.
  public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
    self.init(titleKey.text, isOn: isOn)
  }
}

extension TextField {
  /// A field whose placeholder is a localized string's key.
  public init(_ titleKey: LocalizedStringKey, text: Binding<String>, maxLength: Int? = nil) {
    self.init(titleKey.text, text: text, maxLength: maxLength)
  }
}

extension SecureField {
  /// A secure field whose placeholder is a localized string's key.
  public init(_ titleKey: LocalizedStringKey, text: Binding<String>, maxLength: Int? = nil) {
    self.init(titleKey.text, text: text, maxLength: maxLength)
  }
}
