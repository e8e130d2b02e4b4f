@_spi(Reflection) import CasePaths
import CustomDump
import Foundation

/// A value read for writing back as Swift source: what ``SourceWriter`` compares between two
/// states and prints as literals, initializers and assignments.
indirect enum SourceNode: Equatable {
  /// A literal that is written as it is: `true`, `3`, `.seconds(1)`.
  case literal(String)
  /// A string, written quoted (or as bullets when it is a secret).
  case string(String)
  /// A stack element id, written as the number a test store gives it.
  case stackID(Int)
  /// A key path, written as `\.field.field`.
  case keyPath(String)
  /// A struct, field by field.
  case structure(StructureNode)
  /// An enum case and its payload.
  case enumCase(String, [SourceArgument])
  /// An optional.
  case optional(SourceNode?)
  /// A `StackState`.
  case stack([StackElementNode])
  /// A `@Shared` reference (its identity) and its value.
  case shared(ObjectIdentifier, SourceNode)
  /// An array (or another collection written as an array literal).
  case array([SourceNode])
  /// A set, written sorted.
  case set([SourceNode])
  /// A dictionary.
  case dictionary([DictionaryEntryNode])
  /// A value that cannot be written as source, dumped for comparison.
  case opaque(String)
}

/// An argument of an enum case's payload.
struct SourceArgument: Equatable {
  var label: String?
  var node: SourceNode
}

/// A struct read field by field.
struct StructureNode: Equatable {
  /// The struct's type, to find its shape.
  var type: ObjectIdentifier
  /// Its name as source writes it.
  var typeName: String
  var fields: [FieldNode]
  /// Whether it has a shape: without one, it is written with its memberwise initializer.
  var hasShape: Bool
  /// Whether its fields are named as its source names them (no `_storage` from a mirror).
  var isNamed: Bool
}

/// A field of a struct.
struct FieldNode: Equatable {
  typealias Kind = _StateShape.Field.Kind
  var name: String
  var kind: Kind
  var node: SourceNode
}

/// An element of a stack.
struct StackElementNode: Equatable {
  var id: Int
  var node: SourceNode
}

/// An entry of a dictionary.
struct DictionaryEntryNode: Equatable {
  var key: SourceNode
  var value: SourceNode
}

/// A `@Shared` value, as source nodes read it.
protocol _SharedSourceValue {
  /// The identity of the reference, when it is a root (not a part of another shared value).
  var _sourceIdentity: ObjectIdentifier { get }
  /// The value, as the snapshot in progress has it.
  var _sourceValue: Any { get }
}

extension Shared: _SharedSourceValue {
  var _sourceIdentity: ObjectIdentifier { ObjectIdentifier(reference) }
  var _sourceValue: Any { reference.dumpValue }
}

/// A `StackState`, as source nodes read it.
protocol _StackSourceValue {
  var _sourceElements: [(id: Int, element: Any)] { get }
}

extension StackState: _StackSourceValue {
  var _sourceElements: [(id: Int, element: Any)] {
    storage.map { (id: $0.key.generation, element: $0.value) }
  }
}

/// A `PresentationState`, as source nodes read it.
protocol _PresentationSourceValue {
  var _sourceValue: Any? { get }
}

extension PresentationState: _PresentationSourceValue {
  var _sourceValue: Any? { wrappedValue }
}

/// A binding action, as source nodes read it.
protocol _BindingSourceValue {
  var _sourceKeyPath: AnyKeyPath { get }
  var _sourceValue: Any { get }
}

extension BindingAction: _BindingSourceValue {
  var _sourceKeyPath: AnyKeyPath { keyPath }
  var _sourceValue: Any { value }
}

/// The name of the case `value` is in, when it is an enum.
func enumCaseName<T>(_ value: T) -> String? {
  guard let metadata = EnumMetadata(T.self) else { return nil }
  return metadata.caseName(forTag: metadata.tag(of: value))
}
