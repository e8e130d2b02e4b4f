// swift-tools-version: 6.1
// The macros' expansion tests, in a package of their own. swift-macro-testing brings
// swift-snapshot-testing, which asks swift-custom-dump for its FoundationNetworking trait; a
// trait one package asks for is on for the whole package graph, so in the main package it would
// link FoundationNetworking (and libcurl, gnutls, OpenSSL) into the demo and every example app.
// The macro target is the main package's sources, reached through a symbolic link.
import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "composable-macro-tests",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
  ],
  targets: [
    .macro(
      name: "ComposableArchitectureMacros",
      dependencies: [
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ]
    ),
    .testTarget(
      name: "ComposableArchitectureMacrosTests",
      dependencies: [
        "ComposableArchitectureMacros",
        .product(name: "MacroTesting", package: "swift-macro-testing"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}
