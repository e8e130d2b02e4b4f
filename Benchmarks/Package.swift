// swift-tools-version: 6.1
// The benchmarks live in a package of their own so that `make test` (a debug build of the main
// package) never builds them; `make bench` builds this one in release mode.
import Foundation
import PackageDescription

// A path dependency is known by its folder's name, which is whatever the clone was called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
  name: "composable-benchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/google/swift-benchmark", from: "0.1.2"),
  ],
  targets: [
    .target(name: "CBenchSupport"),
    .executableTarget(
      name: "composable-bench",
      dependencies: [
        "CBenchSupport",
        .product(name: "ComposableArchitecture", package: root.lastPathComponent),
        .product(name: "TerminalUI", package: root.lastPathComponent),
        .product(name: "TerminalUINCurses", package: root.lastPathComponent),
        .product(name: "CounterStackStudy", package: root.lastPathComponent),
        .product(name: "SharedStateStudy", package: root.lastPathComponent),
        .product(name: "SignUpStudy", package: root.lastPathComponent),
        .product(name: "Benchmark", package: "swift-benchmark"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
