// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

/// The demo's case studies: a study is a module (its target here, with its sources and tests)
/// that conforms its feature to `CaseStudy` (DemoSupport), and one line in DemoApp's
/// `Studies.swift`. DemoApp links every target listed here.
let studies: [Target] = [
  .target(
    name: "SharedStateStudy",
    dependencies: [
      "ComposableArchitecture", "ComposableTerminalUI", "DemoSupport", "PrimeModal",
    ]
  ),
  .target(
    name: "SignUpStudy",
    dependencies: ["ComposableArchitecture", "ComposableTerminalUI", "DemoSupport"]
  ),
  .target(
    name: "FavoritePrimesStudy",
    dependencies: [
      "ComposableArchitecture", "ComposableTerminalUI", "Counter", "DemoSupport",
      "FavoritePrimes", "PrimeModal",
    ]
  ),
  .target(
    name: "CounterStackStudy",
    dependencies: ["ComposableArchitecture", "ComposableTerminalUI", "DemoSupport"]
  ),
  .target(
    name: "InventoryStudy",
    dependencies: ["ComposableArchitecture", "ComposableTerminalUI", "DemoSupport"]
  ),
  .target(
    name: "SettingsStudy",
    dependencies: ["ComposableArchitecture", "ComposableTerminalUI", "DemoSupport"]
  ),
  .target(
    name: "GalleryStudy",
    dependencies: ["ComposableArchitecture", "ComposableTerminalUI", "DemoSupport"]
  ),
]

let package = Package(
  name: "swift-composable-terminal",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .library(name: "ComposableTerminalUI", targets: ["ComposableTerminalUI"]),
    .library(name: "TerminalUINCurses", targets: ["TerminalUINCurses"]),
    .library(name: "TerminalUITesting", targets: ["TerminalUITesting"]),
    // Three studies are products too, so that the benchmarks time the real screens.
    .library(name: "CounterStackStudy", targets: ["CounterStackStudy"]),
    .library(name: "SharedStateStudy", targets: ["SharedStateStudy"]),
    .library(name: "SignUpStudy", targets: ["SignUpStudy"]),
    .executable(name: "composable-demo", targets: ["composable-demo"]),
    .executable(name: "terminalui-demo", targets: ["terminalui-demo"]),
  ],
  // Networking only when asked: with the trait off (the default) no app links
  // FoundationNetworking and the libcurl, gnutls and OpenSSL it brings. An app that uses
  // `URLSession` or `@Dependency(\.urlSession)` enables it:
  // `.package(path: "../swift-composable-terminal", traits: ["FoundationNetworking"])`.
  // Combine schedulers too: `@Dependency(\.mainQueue)` and `debounce(id:for:scheduler:)` come
  // with the CombineSchedulers trait, which links combine-schedulers and OpenCombine.
  traits: [
    .trait(
      name: "FoundationNetworking",
      description:
        "URLSession and @Dependency(\\.urlSession): links FoundationNetworking (and libcurl) into the app."
    ),
    .trait(
      name: "CombineSchedulers",
      description:
        "@Dependency(\\.mainQueue) and effects debounced on a scheduler: links combine-schedulers and OpenCombine into the app."
    ),
    .default(enabledTraits: []),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(
      url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3",
      traits: [
        .trait(name: "FoundationNetworking", condition: .when(traits: ["FoundationNetworking"]))
      ]
    ),
    .package(
      url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1",
      traits: [
        "Clocks", "Foundation",
        .trait(name: "FoundationNetworking", condition: .when(traits: ["FoundationNetworking"])),
        .trait(name: "CombineSchedulers", condition: .when(traits: ["CombineSchedulers"])),
      ]),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    .target(
      name: "ComposableArchitecture",
      dependencies: [
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(
          name: "CombineSchedulers", package: "combine-schedulers",
          condition: .when(traits: ["CombineSchedulers"])),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(
          name: "OpenCombineShim", package: "OpenCombine",
          condition: .when(traits: ["CombineSchedulers"])),
        .product(name: "OrderedCollections", package: "swift-collections"),
        "ComposableArchitectureMacros",
      ]
    ),
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
    .systemLibrary(
      name: "CNCurses",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncursesw5-dev"])]
    ),
    // `import TerminalUI` is the core and the built-in widgets, as `ratatui` re-exports
    // `ratatui-core` and `ratatui-widgets`: the widgets see only the core's public API.
    .target(
      name: "TerminalUI",
      dependencies: ["TerminalUICore", "TerminalUIWidgets"]
    ),
    .target(
      name: "TerminalUICore"
    ),
    .target(
      name: "TerminalUIWidgets",
      dependencies: ["TerminalUICore"]
    ),
    // What the coverage-guided fuzzer drives (`make fuzz-coverage`); the tests replay its corpus.
    .target(
      name: "TerminalUIFuzzTargets",
      dependencies: ["TerminalUI"]
    ),
    .target(
      name: "ComposableTerminalUI",
      dependencies: ["ComposableArchitecture", "TerminalUI", "TerminalUINCurses"]
    ),
    // The ncurses backend and the public runner, which flushes pending `@Shared` writes on
    // every way out (hence the architecture) and posts reported issues to the status line.
    .target(
      name: "TerminalUINCurses",
      dependencies: [
        "CNCurses",
        "TerminalUI",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    // Links IssueReportingTestSupport: on Linux, reported issues (a test store's failures, a
    // screen that differs from its snapshot) fail tests only in a process that links it, so a
    // test target that depends on TerminalUITesting gets tests that can fail. It keeps its
    // snapshots itself: swift-snapshot-testing asks swift-custom-dump for its networking trait,
    // which, asked for anywhere in an app's package graph, links FoundationNetworking (and
    // libcurl) into the app.
    .target(
      name: "TerminalUITesting",
      dependencies: [
        "TerminalUI",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "DemoSupport",
      dependencies: ["ComposableArchitecture", "TerminalUI"]
    ),
    .target(
      name: "DemoApp",
      dependencies: [
        "ComposableArchitecture",
        "Counter",
        "DemoSupport",
        "ComposableTerminalUI",
        "TerminalUINCurses",
        .product(name: "Logging", package: "swift-log"),
      ] + studies.map { .target(name: $0.name) }
    ),
    .target(
      name: "PrimeModal",
      dependencies: ["ComposableArchitecture", "ComposableTerminalUI", "DemoSupport"]
    ),
    .target(
      name: "Counter",
      dependencies: [
        "ComposableArchitecture", "ComposableTerminalUI", "DemoSupport", "PrimeModal",
      ]
    ),
    .target(
      name: "FavoritePrimes",
      dependencies: ["ComposableArchitecture", "ComposableTerminalUI"]
    ),
    .executableTarget(
      name: "composable-demo",
      dependencies: [
        "DemoApp",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Development tools, never linked into composable-demo: the whole-app fuzzer and the soak.
    .target(
      name: "DemoDevTools",
      dependencies: [
        "ComposableArchitecture", "CounterStackStudy", "DemoApp", "SharedStateStudy", "TerminalUI",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .executableTarget(
      name: "composable-fuzz",
      dependencies: ["DemoApp", "DemoDevTools"]
    ),
    // The coverage-guided fuzz target of `@Shared(.fileStorage)` decoding, and its driver
    // (make fuzz-coverage; built plainly, the driver replays the files it is given).
    .target(
      name: "SharedFuzzTargets",
      dependencies: [
        "ComposableArchitecture",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .executableTarget(
      name: "shared-fuzz",
      dependencies: ["SharedFuzzTargets"]
    ),
    // The README's "Your first app", built and tested as written (DemoAppTests'
    // FirstAppReadmeTests checks that the README shows these files verbatim).
    .target(
      name: "CounterFeature",
      dependencies: ["ComposableTerminalUI"],
      path: "Examples/FirstApp/Sources/CounterFeature"
    ),
    .executableTarget(
      name: "counter-app",
      dependencies: ["ComposableTerminalUI", "CounterFeature", "TerminalUINCurses"],
      path: "Examples/FirstApp/Sources/counter-app"
    ),
    // As the README's manifest has it (the test support comes with TerminalUITesting); on Linux
    // every test target links into one process, so Tests/Outside builds the README's text in a
    // package of its own to see what a user gets.
    .testTarget(
      name: "CounterFeatureTests",
      dependencies: [
        "CounterFeature",
        "TerminalUITesting",
      ],
      path: "Examples/FirstApp/Tests/CounterFeatureTests",
      exclude: ["__Snapshots__"]
    ),
    // The tutorial's app (Sources/ComposableTerminalUI/ComposableTerminalUI.docc/BuildingAnApp):
    // built and tested as the tutorial shows it (DocExamples checks it shows these files verbatim).
    .target(
      name: "Notes",
      dependencies: ["ComposableTerminalUI"],
      path: "Examples/Tutorial/Sources/Notes"
    ),
    .executableTarget(
      name: "notes-app",
      dependencies: ["ComposableTerminalUI", "Notes", "TerminalUINCurses"],
      path: "Examples/Tutorial/Sources/notes-app"
    ),
    .testTarget(
      name: "NotesTests",
      dependencies: [
        "Notes",
        "TerminalUITesting",
      ],
      path: "Examples/Tutorial/Tests/NotesTests",
      exclude: ["__Snapshots__"]
    ),
    .executableTarget(
      name: "terminalui-demo",
      dependencies: ["TerminalUI", "TerminalUINCurses"]
    ),
    // Temporary folders for tests on real files, removed when the test process exits.
    .target(
      name: "TestFolders",
      path: "Tests/Support"
    ),
    .testTarget(
      name: "CounterStackStudyTests",
      dependencies: [
        "CounterStackStudy",
        "TerminalUI",
        "TerminalUITesting",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      exclude: ["Tapes", "__Snapshots__"]
    ),
    .testTarget(
      name: "InventoryStudyTests",
      dependencies: [
        "InventoryStudy",
        "TerminalUI",
        "TerminalUITesting",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      exclude: ["Tapes", "__Snapshots__"]
    ),
    .testTarget(
      name: "SettingsStudyTests",
      dependencies: [
        "DemoSupport",
        "SettingsStudy",
        "TerminalUI",
        "TerminalUITesting",
        "TestFolders",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      exclude: ["Tapes", "__Snapshots__"]
    ),
    .testTarget(
      name: "GalleryStudyTests",
      dependencies: [
        "GalleryStudy",
        "TerminalUI",
        "TerminalUITesting",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      exclude: ["Tapes", "__Snapshots__"]
    ),
    .testTarget(
      name: "SignUpStudyTests",
      dependencies: [
        "DemoSupport",
        "SignUpStudy",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "DemoAppTests",
      dependencies: [
        "CounterStackStudy",
        "DemoApp",
        "DemoDevTools",
        "DemoSupport",
        "FavoritePrimesStudy",
        "InventoryStudy",
        "SettingsStudy",
        "SharedStateStudy",
        "TerminalUI",
        "TerminalUINCurses",
        "TerminalUITesting",
        "TestFolders",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(name: "Logging", package: "swift-log"),
      ],
      exclude: ["Tapes", "__Snapshots__"]
    ),
    .testTarget(
      name: "TerminalUINCursesTests",
      dependencies: ["TerminalUI", "TerminalUINCurses"]
    ),
    .testTarget(
      name: "TerminalUITests",
      dependencies: [
        "TerminalUI",
        "TerminalUIFuzzTargets",
        "TerminalUITesting",
        .product(name: "PropertyBased", package: "swift-property-based"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "ComposableTerminalUITests",
      dependencies: [
        "ComposableTerminalUI",
        "TerminalUITesting",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "PrimeStudiesTests",
      dependencies: [
        "Counter",
        "FavoritePrimes",
        "FavoritePrimesStudy",
        "PrimeModal",
        "SharedStateStudy",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "ComposableArchitectureTests",
      dependencies: [
        "ComposableArchitecture",
        "SharedFuzzTargets",
        "TestFolders",
        .product(name: "PropertyBased", package: "swift-property-based"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    // Tests written in upstream TCA's public style (XCTest and Swift Testing, on the main actor
    // and off it): what a TCA user's tests look like, run against our library.
    .testTarget(
      name: "UpstreamStyleTests",
      dependencies: [
        "ComposableArchitecture",
        "ComposableTerminalUI",
        "TerminalUI",
        // Resets dependencies between XCTest cases on Linux, as Xcode's test observation does on
        // Apple platforms: each XCTest case gets its own `.appStorage` and `.inMemory` values.
        .product(name: "DependenciesTestObserver", package: "swift-dependencies"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    // The macros' expansion tests are a package of their own, Tests/MacroTests: see its manifest.
  ] + studies,
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny")
    ]
}
