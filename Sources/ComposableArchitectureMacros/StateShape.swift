import SwiftSyntax
import SwiftSyntaxBuilder

/// The `_$shape` member `@ObservableState` writes into a struct: each stored field's name, key
/// path, kind and default value, and the initializers that take fields by name, so that a value
/// of the state can be written back as Swift source (the test an inspector exports).
///
/// A struct the shape cannot describe (a declaration of several fields at once, or a field
/// without a name) gets none, and its values are written field by field where they can be.
enum StateShape {
  static func member(of declaration: StructDeclSyntax, access: String) -> DeclSyntax? {
    var fields: [String] = []
    var memberwise: [String]? = []
    var declared: [String] = []
    var declaresInitializer = false
    for member in declaration.memberBlock.members {
      if let initializer = member.decl.as(InitializerDeclSyntax.self) {
        declaresInitializer = true
        if initializer.optionalMark == nil,
          let parameters = parameters(of: initializer.signature.parameterClause)
        {
          declared.append("[\(parameters.joined(separator: ", "))]")
        }
        continue
      }
      guard let property = member.decl.as(VariableDeclSyntax.self),
        !property.modifiers.isStatic, !property.modifiers.isLazy, property.isStored
      else { continue }
      guard let binding = property.singleBinding, let name = property.identifier?.trimmed.text
      else { return nil }
      if name.hasPrefix("_") { continue }
      let attributes = property.attributes.names
      let type = binding.typeAnnotation?.type
      let initial = binding.initializer?.value.trimmedDescription
      var defaultValue: String?
      if let initial {
        defaultValue =
          type.map {
            "{ () -> Any in let value: \($0.trimmedDescription) = \(initial); return value as Any }"
          }
          ?? "{ () -> Any in \(initial) }"
      } else if let type, type.optionalWrapped != nil, !property.isLet {
        defaultValue =
          "{ () -> Any in let value: \(type.trimmedDescription) = nil; return value as Any }"
      }
      let defaultArgument = defaultValue.map { ", default: \($0)" } ?? ""
      if property.isLet {
        guard initial == nil else { continue }
        fields.append(".constant(\"\(name)\", \\Self.\(name))")
        memberwise?.append(".init(label: \"\(name)\", name: \"\(name)\")")
      } else if attributes.contains("Shared") {
        if binding.initializer != nil || property.hasAttributeArguments(named: "Shared") {
          fields.append(".persisted(\"\(name)\", \\Self.\(name))")
          memberwise = nil
        } else {
          fields.append(".shared(\"\(name)\", \\Self.\(name), \\Self.$\(name))")
          memberwise?.append(".init(label: \"\(name)\", name: \"\(name)\")")
        }
      } else if attributes.contains("Presents") {
        fields.append(
          ".presents(\"\(name)\", \\Self.\(name), \\Self.$\(name), tracked: \\Self._\(name), identity: ComposableArchitecture._$presentedIdentity(Self.self) { $0._\(name) }\(defaultArgument))"
        )
        memberwise?.append(".init(label: \"\(name)\", name: \"\(name)\"\(defaultArgument))")
      } else if attributes.allSatisfy(isObservationAttribute) {
        // A tracked field keeps its value in `_name`, which the accessors read and write.
        let tracked =
          attributes.contains("ObservationStateIgnored") ? "" : ", tracked: \\Self._\(name)"
        fields.append(".value(\"\(name)\", \\Self.\(name)\(tracked)\(defaultArgument))")
        memberwise?.append(".init(label: \"\(name)\", name: \"\(name)\"\(defaultArgument))")
      } else {
        fields.append(".wrapped(\"\(name)\", \\Self.\(name))")
        memberwise = nil
      }
    }
    let initializers =
      declaresInitializer ? declared : memberwise.map { ["[\($0.joined(separator: ", "))]"] } ?? []
    return """
      \(raw: access)static var _$shape: ComposableArchitecture._StateShape? {
        ComposableArchitecture._StateShape(
          fields: [\(raw: fields.joined(separator: ", "))],
          initializers: [\(raw: initializers.joined(separator: ", "))],
          registrar: \\Self.\(raw: ObservableStateMacro.registrarName)
        )
      }
      """
  }

  static func isObservationAttribute(_ name: String) -> Bool {
    ["ObservationStateIgnored", "ObservationStateTracked"].contains(name)
  }

  /// The parameters of an initializer, each with its label, the name it is known by inside
  /// (the field it sets, by convention) and its default value; `nil` when one has no name.
  static func parameters(of clause: FunctionParameterClauseSyntax) -> [String]? {
    var parameters: [String] = []
    for parameter in clause.parameters {
      let label = parameter.firstName.text
      let name = (parameter.secondName ?? parameter.firstName).text
      guard name != "_" else { return nil }
      let labelArgument = label == "_" ? "nil" : "\"\(label)\""
      let defaultArgument = parameter.defaultValue.map {
        ", default: { () -> Any in let value: \(parameter.type.trimmedDescription) = \($0.value.trimmedDescription); return value as Any }"
      }
      parameters.append(
        ".init(label: \(labelArgument), name: \"\(name)\"\(defaultArgument ?? ""))")
    }
    return parameters
  }
}
