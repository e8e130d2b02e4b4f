import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ViewAction(for: Feature.self)` on a type with a `store` property: conforms it to
/// `ViewActionSending`, whose `send(.tapped)` sends `.view(.tapped)` to the store.
///
/// A type without a `store`, or whose `store` is less visible than the type, is an error (with a
/// fix-it); `store.send(…)` inside the type is a warning, since views send through `send`.
public enum ViewActionMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    let typeAccess = accessRank(declaration.modifiers)
    guard let store = storeProperty(of: declaration) else {
      let feature = featureType(node) ?? "<#Feature#>"
      context.error(
        "'@ViewAction' requires '\(declaration.typeName ?? "the type")' to have a 'store' "
          + "property, as in 'let store: StoreOf<\(feature)>'",
        id: "view-action-store", at: node,
        fixIts: [addStoreFixIt(to: declaration, feature: feature)])
      return []
    }
    if accessRank(store.modifiers) < typeAccess {
      context.error(
        """
        'store' must be as visible as '\(declaration.typeName ?? "the type")' for \
        '@ViewAction' to send through it
        """,
        id: "view-action-store-access", at: store,
        fixIts: [matchAccessFixIt(store: store, access: declaration.modifiers.accessPrefix)])
    }
    DirectSendFinder(context: context).walk(declaration.memberBlock)

    guard !protocols.isEmpty,
      !declaration.inheritedTypeNames.contains("ViewActionSending")
    else { return [] }
    return [
      try ExtensionDeclSyntax(
        "extension \(type.trimmed): ComposableArchitecture.ViewActionSending {}")
    ]
  }

  /// The `store` property declared in the type's body.
  static func storeProperty(of declaration: some DeclGroupSyntax) -> VariableDeclSyntax? {
    for member in declaration.memberBlock.members {
      guard let property = member.decl.as(VariableDeclSyntax.self),
        !property.modifiers.isStatic
      else { continue }
      if property.bindings.contains(where: {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "store"
      }) {
        return property
      }
    }
    return nil
  }

  /// `Feature` in `@ViewAction(for: Feature.self)`.
  static func featureType(_ node: AttributeSyntax) -> String? {
    guard case let .argumentList(arguments) = node.arguments,
      let expression = arguments.first?.expression.as(MemberAccessExprSyntax.self),
      expression.declName.baseName.text == "self",
      let base = expression.base
    else { return nil }
    return base.trimmedDescription
  }

  /// How visible declarations with these modifiers are: private 0, internal 1, package 2,
  /// public 3. A setter's access (`private(set)`) does not count.
  static func accessRank(_ modifiers: DeclModifierListSyntax) -> Int {
    for modifier in modifiers where modifier.detail == nil {
      switch modifier.name.tokenKind {
      case .keyword(.private), .keyword(.fileprivate): return 0
      case .keyword(.internal): return 1
      case .keyword(.package): return 2
      case .keyword(.public), .keyword(.open): return 3
      default: continue
      }
    }
    return 1
  }

  /// Adds `let store: StoreOf<Feature>` at the top of the type's body.
  static func addStoreFixIt(to declaration: some DeclGroupSyntax, feature: String) -> FixIt {
    let indentation =
      declaration.memberBlock.members.first?.leadingTrivia.indentation ?? Trivia.spaces(2)
    let property = MemberBlockItemSyntax(
      leadingTrivia: .newline + indentation,
      decl: DeclSyntax(
        "\(raw: declaration.modifiers.accessPrefix)let store: StoreOf<\(raw: feature)>"),
      trailingTrivia: .newline
    )
    var memberBlock = declaration.memberBlock
    memberBlock.members = MemberBlockItemListSyntax([property] + Array(memberBlock.members))
    return .replace(
      message: MacroFixIt(message: "Add 'store'", id: "add-store"),
      oldNode: declaration.memberBlock, newNode: memberBlock)
  }

  /// Gives `store` the access of its type.
  static func matchAccessFixIt(store: VariableDeclSyntax, access: String) -> FixIt {
    // The indentation before the declaration belongs to its first token, which may be the
    // modifier being replaced: it is set aside and put back on whatever comes first.
    var fixed = store.with(\.leadingTrivia, [])
    var modifiers = fixed.modifiers.filter {
      $0.detail != nil
        || ![.keyword(.private), .keyword(.fileprivate), .keyword(.internal)]
          .contains($0.name.tokenKind)
    }
    let keyword: Keyword? =
      switch access {
      case "public ": .public
      case "package ": .package
      default: nil
      }
    if let keyword {
      modifiers.insert(
        DeclModifierSyntax(name: .keyword(keyword), trailingTrivia: .space),
        at: modifiers.startIndex)
    }
    fixed.modifiers = modifiers
    fixed = fixed.with(\.leadingTrivia, store.leadingTrivia)
    let label = "Make 'store' \(keyword.map { TokenSyntax.keyword($0).text } ?? "internal")"
    return .replace(
      message: MacroFixIt(message: label, id: "store-access"), oldNode: store, newNode: fixed)
  }
}

/// Flags `store.send(…)` and `self.store.send(…)`: with `@ViewAction`, views send view actions
/// through `send`. A call that sends `.view(action)` gets a fix-it to `send(action)`.
private final class DirectSendFinder<Context: MacroExpansionContext>: SyntaxVisitor {
  let context: Context

  init(context: Context) {
    self.context = context
    super.init(viewMode: .fixedUp)
  }

  override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
      callee.declName.baseName.text == "send", let base = callee.base
    else { return .visitChildren }
    let viaSelf: Bool
    if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.text == "store" {
      viaSelf = false
    } else if let member = base.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "store",
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    {
      viaSelf = true
    } else {
      return .visitChildren
    }
    var fixIts: [FixIt] = []
    if call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil,
      let inner = argument.expression.as(FunctionCallExprSyntax.self),
      let member = inner.calledExpression.as(MemberAccessExprSyntax.self),
      member.base == nil, member.declName.baseName.text == "view",
      inner.arguments.count == 1, let viewAction = inner.arguments.first
    {
      let replacement: ExprSyntax =
        "\(raw: viaSelf ? "self." : "")send(\(viewAction.expression.trimmed))"
      fixIts.append(
        .replace(
          message: MacroFixIt(message: "Send the view action with 'send'", id: "use-send"),
          oldNode: call,
          newNode: replacement.with(\.leadingTrivia, call.leadingTrivia)
            .with(\.trailingTrivia, call.trailingTrivia)))
    }
    context.warning(
      "Do not use 'store.send' directly when using '@ViewAction': send view actions with 'send'",
      id: "view-action-direct-send", at: call, fixIts: fixIts)
    return .visitChildren
  }
}

extension Trivia {
  /// The spaces and tabs after the last newline.
  fileprivate var indentation: Trivia {
    var pieces: [TriviaPiece] = []
    for piece in self {
      switch piece {
      case .newlines, .carriageReturnLineFeeds, .carriageReturns: pieces = []
      case .spaces, .tabs: pieces.append(piece)
      default: break
      }
    }
    return Trivia(pieces: pieces)
  }
}
