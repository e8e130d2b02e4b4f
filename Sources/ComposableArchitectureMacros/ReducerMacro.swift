import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Reducer` on a struct adds the `Reducer` conformance and makes `Action` (and the enums
/// nested in it) case-pathable, leaving a hand-written `body` or `reduce` alone.
///
/// `@Reducer` on an enum whose cases hold reducers (`case basics(BasicsFeature)`) generates
/// the `State` and `Action` enums, the `body` that runs each case's reducer, and the
/// `CaseScope` that `store.case` destructures into child stores. A case may instead hold
/// `AlertState<…>` or `ConfirmationDialogState<…>`: it has state and an action but no reducer.
public enum ReducerMacro {
  /// One case of an enum reducer.
  struct ReducerCase {
    enum Kind {
      case reducer(TypeSyntax)
      /// Alert or dialog state, with the type of its action.
      case ephemeral(state: TypeSyntax, action: TypeSyntax)
    }
    let name: String
    let kind: Kind
  }

  static func cases(
    of enumDecl: EnumDeclSyntax, in context: some MacroExpansionContext, diagnose: Bool
  ) -> [ReducerCase] {
    var result: [ReducerCase] = []
    for caseDecl in enumDecl.memberBlock.members.compactMap({ $0.decl.as(EnumCaseDeclSyntax.self) })
    {
      for element in caseDecl.elements {
        let name = element.name.text
        guard let parameters = element.parameterClause?.parameters, parameters.count == 1,
          let parameter = parameters.first
        else {
          if diagnose {
            context.error(
              """
              '@Reducer' enum case '\(name)' must hold one reducer type, as in \
              'case \(name)(\(name.prefix(1).uppercased() + name.dropFirst())Feature)'
              """,
              id: "reducer-enum-case", at: element)
          }
          continue
        }
        let type = parameter.type.trimmed
        if let identifier = type.as(IdentifierTypeSyntax.self)
          ?? type.as(MemberTypeSyntax.self).map({
            IdentifierTypeSyntax(name: $0.name, genericArgumentClause: $0.genericArgumentClause)
          }),
          ["AlertState", "ConfirmationDialogState"].contains(identifier.name.text),
          let argument = identifier.genericArgumentClause?.arguments.first
        {
          let action = TypeSyntax("\(raw: argument.argument.trimmedDescription)")
          result.append(ReducerCase(name: name, kind: .ephemeral(state: type, action: action)))
        } else {
          result.append(ReducerCase(name: name, kind: .reducer(type)))
        }
      }
    }
    return result
  }
}

extension ReducerMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if declaration.is(StructDeclSyntax.self) { return [] }
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
      context.error(
        "'@Reducer' can only be applied to a struct or an enum", id: "reducer-kind",
        at: node)
      return []
    }
    let access = enumDecl.modifiers.accessPrefix
    let enumName = enumDecl.name.trimmed
    let cases = cases(of: enumDecl, in: context, diagnose: true)

    var stateCases: [String] = []
    var actionCases: [String] = []
    var scopes: [String] = []
    var caseScopeCases: [String] = []
    var scopeSwitch: [String] = []
    for reducerCase in cases {
      let name = reducerCase.name
      switch reducerCase.kind {
      case let .reducer(type):
        stateCases.append("case \(name)(\(type).State)")
        actionCases.append("case \(name)(\(type).Action)")
        scopes.append(
          "ComposableArchitecture.Scope(state: \\Self.State.Cases.\(name), "
            + "action: \\Self.Action.Cases.\(name)) { \(type)() }")
        caseScopeCases.append("case \(name)(ComposableArchitecture.StoreOf<\(type)>)")
        scopeSwitch.append(
          """
          case .\(name):
            return .\(name)(store.scope(state: \\.\(name), action: \\.\(name))!)
          """)
      case let .ephemeral(state, action):
        stateCases.append("case \(name)(\(state))")
        actionCases.append("case \(name)(\(action))")
        caseScopeCases.append("case \(name)(\(state))")
        scopeSwitch.append(
          """
          case let .\(name)(state):
            return .\(name)(state)
          """)
      }
    }
    let body =
      scopes.isEmpty
      ? "ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()"
      : scopes.joined(separator: "\n")
    let scopeBody =
      scopeSwitch.isEmpty
      ? "fatalError(\"'\(enumName)' has no cases\")"
      : "switch store.state {\n\(scopeSwitch.joined(separator: "\n"))\n}"

    return [
      """
      @CasePathable
      @dynamicMemberLookup
      @ObservableState
      \(raw: access)enum State: ComposableArchitecture.CaseReducerState {
        \(raw: access)typealias StateReducer = \(enumName)
        \(raw: stateCases.joined(separator: "\n"))
      }
      """,
      """
      @CasePathable
      \(raw: access)enum Action {
        \(raw: actionCases.joined(separator: "\n"))
      }
      """,
      """
      @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
      \(raw: access)static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
        \(raw: body)
      }
      """,
      """
      \(raw: access)enum CaseScope {
        \(raw: caseScopeCases.joined(separator: "\n"))
      }
      """,
      """
      @MainActor
      \(raw: access)static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
        \(raw: scopeBody)
      }
      """,
    ]
  }
}

extension ReducerMacro: MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    // A conformance written by a macro does not carry the protocol's result builder to `body`
    // (Swift infers it only from conformances in the same declaration), so it is spelled out.
    if declaration.is(StructDeclSyntax.self), let property = member.as(VariableDeclSyntax.self),
      property.identifier?.text == "body", !property.modifiers.isStatic,
      !property.attributes.contains(named: "ReducerBuilder")
    {
      return ["@ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>"]
    }
    guard let nested = member.as(EnumDeclSyntax.self) else { return [] }
    let existing = nested.attributes.names
    var attributes: [AttributeSyntax] = []
    if declaration.is(StructDeclSyntax.self) {
      switch nested.name.text {
      case "Action":
        if !existing.contains("CasePathable") { attributes.append("@CasePathable") }
        if !existing.contains("_ReducerAction") {
          attributes.append("@ComposableArchitecture._ReducerAction")
        }
      case "State":
        if !existing.contains("CasePathable") { attributes.append("@CasePathable") }
        if !existing.contains("dynamicMemberLookup") {
          attributes.append("@dynamicMemberLookup")
        }
      default:
        break
      }
    } else if declaration.is(EnumDeclSyntax.self) {
      // Enums of actions nested in an enum reducer (`enum Alert { case confirm }`).
      if !existing.contains("CasePathable") { attributes.append("@CasePathable") }
    }
    return attributes
  }
}

extension ReducerMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    let inherited = declaration.inheritedTypeNames
    let missing = protocols.map(\.trimmedDescription).filter {
      !inherited.contains(String($0.split(separator: ".").last ?? ""))
    }
    if declaration.is(StructDeclSyntax.self) {
      guard missing.contains(where: { $0.split(separator: ".").last == "Reducer" }) else {
        return []
      }
      return [
        try ExtensionDeclSyntax("extension \(type.trimmed): ComposableArchitecture.Reducer {}")
      ]
    }
    if declaration.is(EnumDeclSyntax.self) {
      guard !missing.isEmpty else { return [] }
      return [
        try ExtensionDeclSyntax(
          "extension \(type.trimmed): ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {}"
        )
      ]
    }
    return []
  }
}

/// Attached by `@Reducer` to a reducer's `Action`: makes the enums nested in it (`Delegate`,
/// `Alert`, …) case-pathable, so case key paths reach through them
/// (`\.path[id: 0].counter.delegate.goToCounter`).
public enum ReducerActionMacro: MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard let nested = member.as(EnumDeclSyntax.self),
      !nested.attributes.contains(named: "CasePathable")
    else { return [] }
    return ["@CasePathable"]
  }
}
