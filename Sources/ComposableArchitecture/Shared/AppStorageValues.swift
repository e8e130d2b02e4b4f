import Foundation

/// A type `.appStorage` can keep: `Bool`, `Int`, `Double`, `String`, `[String]`, `Data`, `URL`,
/// `Date`, and optionals of them. Not meant for conformances of your own: `RawRepresentable`
/// values are kept through their raw values, and anything else belongs in `.fileStorage`.
public protocol _AppStorageValue: Sendable {
  static var _appStorageCoding: _AppStorageCoding<Self> { get }
}

/// How a value is kept in the defaults' JSON.
public struct _AppStorageCoding<Value>: Sendable {
  /// The JSON for a value; `nil` for no value (the name is removed).
  let encode: @Sendable (Value) -> DefaultsValue?
  /// The value for some JSON, or `nil` when it holds no value of this type.
  let decode: @Sendable (DefaultsValue) -> Value?

  static func optional<Wrapped>(_ base: _AppStorageCoding<Wrapped>) -> Self
  where Value == Wrapped? {
    _AppStorageCoding(
      encode: { $0.flatMap(base.encode) },
      decode: { base.decode($0).map(Optional.some) }
    )
  }

  static func rawRepresentable() -> Self
  where Value: RawRepresentable & Sendable, Value.RawValue: _AppStorageValue {
    let base = Value.RawValue._appStorageCoding
    return _AppStorageCoding(
      encode: { base.encode($0.rawValue) },
      decode: { base.decode($0).flatMap(Value.init(rawValue:)) }
    )
  }
}

extension Bool: _AppStorageValue {
  public static var _appStorageCoding: _AppStorageCoding<Bool> {
    _AppStorageCoding(encode: { .bool($0) }, decode: { $0.bool })
  }
}

extension Int: _AppStorageValue {
  public static var _appStorageCoding: _AppStorageCoding<Int> {
    _AppStorageCoding(encode: { .int($0) }, decode: { $0.int })
  }
}

extension Double: _AppStorageValue {
  public static var _appStorageCoding: _AppStorageCoding<Double> {
    _AppStorageCoding(encode: DefaultsValue.init(double:), decode: { $0.double })
  }
}

extension String: _AppStorageValue {
  public static var _appStorageCoding: _AppStorageCoding<String> {
    _AppStorageCoding(encode: { .string($0) }, decode: { $0.string })
  }
}

extension Array: _AppStorageValue where Element == String {
  public static var _appStorageCoding: _AppStorageCoding<[String]> {
    _AppStorageCoding(
      encode: { .array($0.map(DefaultsValue.string)) },
      decode: { value in
        guard case let .array(elements) = value else { return nil }
        let strings = elements.compactMap(\.string)
        return strings.count == elements.count ? strings : nil
      }
    )
  }
}

extension Data: _AppStorageValue {
  public static var _appStorageCoding: _AppStorageCoding<Data> {
    _AppStorageCoding(
      encode: { .string($0.base64EncodedString()) },
      decode: { $0.string.flatMap { Data(base64Encoded: $0) } }
    )
  }
}

extension URL: _AppStorageValue {
  public static var _appStorageCoding: _AppStorageCoding<URL> {
    _AppStorageCoding(
      encode: { .string($0.absoluteString) },
      decode: { $0.string.flatMap { URL(string: $0) } }
    )
  }
}

extension Date: _AppStorageValue {
  public static var _appStorageCoding: _AppStorageCoding<Date> {
    _AppStorageCoding(
      encode: { .string(iso8601WithMilliseconds.format($0)) },
      decode: { value in
        if let seconds = value.double, value.string == nil {
          return Date(timeIntervalSince1970: seconds)
        }
        guard let text = value.string else { return nil }
        return (try? iso8601WithMilliseconds.parse(text))
          ?? (try? Date.ISO8601FormatStyle().parse(text))
      }
    )
  }
}

private let iso8601WithMilliseconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

extension Optional: _AppStorageValue where Wrapped: _AppStorageValue {
  public static var _appStorageCoding: _AppStorageCoding<Wrapped?> {
    .optional(Wrapped._appStorageCoding)
  }
}

/// A JSON value of the defaults file. Values this library never writes (objects, nested arrays)
/// are kept as they are, so that a write never loses another program's names.
enum DefaultsValue: Sendable, Codable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([DefaultsValue])
  case object([String: DefaultsValue])

  /// A double, with the values JSON has no number for (infinities, NaN) as strings.
  init(double: Double) {
    if double.isFinite {
      self = .double(double)
    } else {
      self = .string(double.isNaN ? "NaN" : double < 0 ? "-Infinity" : "Infinity")
    }
  }

  var bool: Bool? {
    if case let .bool(value) = self { value } else { nil }
  }

  var int: Int? {
    switch self {
    case let .int(value): value
    case let .double(value): Int(exactly: value)
    default: nil
    }
  }

  var double: Double? {
    switch self {
    case let .double(value): value
    case let .int(value): Double(value)
    case .string("Infinity"): .infinity
    case .string("-Infinity"): -.infinity
    case .string("NaN"): .nan
    default: nil
    }
  }

  var string: String? {
    if case let .string(value) = self { value } else { nil }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([DefaultsValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: DefaultsValue].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case let .bool(value): try container.encode(value)
    case let .int(value): try container.encode(value)
    case let .double(value): try container.encode(value)
    case let .string(value): try container.encode(value)
    case let .array(value): try container.encode(value)
    case let .object(value): try container.encode(value)
    }
  }

  /// Numbers are equal by value: JSON writes `2.0` as `2`, which reads back as an integer.
  static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case let (.bool(lhs), .bool(rhs)): lhs == rhs
    case let (.int(lhs), .int(rhs)): lhs == rhs
    case (.int, .double), (.double, .int), (.double, .double): lhs.double == rhs.double
    case let (.string(lhs), .string(rhs)): lhs == rhs
    case let (.array(lhs), .array(rhs)): lhs == rhs
    case let (.object(lhs), .object(rhs)): lhs == rhs
    default: false
    }
  }
}
