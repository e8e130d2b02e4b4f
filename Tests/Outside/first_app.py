#!/usr/bin/env python3
"""What a newcomer gets: the README's "Your first app", built from the README's own text in a
package of its own that depends on this repository by path, as the README says, and imports only
public products. On Linux every test target of a package links into one test process, so this
repository's own tests cannot see what a user's package links; this one can.

It checks, printing `ok - …` or `not ok - …` for each:
1. the first `swift test` fails on the missing snapshot and says how to record it;
2. `SNAPSHOT_RECORD=1 swift test` records the snapshot the repository's copy of the example has,
   and `swift test` then passes;
3. a wrong `TestStore` assertion fails `swift test` and says why, in Swift Testing and in XCTest;
4. a changed screen fails its snapshot;
5. a test target of the architecture alone that links nothing for tests stops with a message
   that says what to link; naming `IssueReportingTestSupport` as that message says makes its
   wrong assertion fail;
6. networking only when asked: the app links neither FoundationNetworking nor libcurl, and with
   the package's `FoundationNetworking` trait a feature using `@Dependency(\.urlSession)` builds,
   its test overrides the session, and the app links FoundationNetworking; with the
   `CombineSchedulers` trait too, a feature debounces on `@Dependency(\.mainQueue)` and its test
   drives it with `DispatchQueue.test`;
7. an app written on 2026-11-23 (Tests/Outside/Apps/TodoApp1123.swift: its own loop over
   `TerminalSession.events()`, a stack, an alert) still builds, with deprecation warnings, and
   runs on a pseudo-terminal;
8. an app of TerminalUI alone (the runner's product, no store) links nothing of the
   architecture, and runs on a pseudo-terminal;
9. widgets of a third party's own, written with the public products alone (the repository's
   ThirdPartyWidgetTests, ThirdPartyScrollerTests and ThirdPartyOverlayTests: a split pane with
   its own focus ring, commands and a zoom, an input with a text cursor, a scrolling view, an
   overlay and a link), build in the user's test target and their tests pass.

The package lives in .build/outside (kept between runs: only the first run builds the
dependencies, 5 to 10 minutes on 2 cores). Usage: Tests/Outside/first_app.py
"""

import os
import re
import shutil
import subprocess
import sys

from processes import networking, run_on_a_terminal

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORK = os.path.join(ROOT, ".build", "outside")
PACKAGE = os.path.join(WORK, "counter-app")
SWIFT = os.environ.get("SWIFT", "swift")

checks = 0
failures = 0


def report(ok, description, detail=""):
    global checks, failures
    checks += 1
    print(("ok - " if ok else "not ok - ") + description, flush=True)
    if not ok:
        failures += 1
        for line in detail.strip().splitlines()[-40:]:
            print("#   " + line)


def readme_blocks():
    """The swift blocks of the README's "Your first app" section, by the file each names."""
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    start = readme.index("\n## Your first app\n")
    end = readme.find("\n## ", start + 1)
    section = readme[start:end if end >= 0 else len(readme)]
    blocks = {}
    for block in re.findall(r"\n```swift\n(.*?)\n```", section, re.S):
        first, _, rest = block.partition("\n")
        name = first.removeprefix("// ").strip()
        blocks[name] = rest + "\n"
    return blocks


def write(path, text):
    path = os.path.join(PACKAGE, path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


def manifest(fragment):
    """A whole manifest around the README's lines, which say what to add to one."""
    return (
        "// swift-tools-version: 6.1\n"
        "import PackageDescription\n\n"
        "let package = Package(\n"
        '  name: "counter-app",\n'
        + "".join("  " + line + "\n" if line else "\n" for line in fragment.rstrip().split("\n"))
        + ")\n"
    )


def swift(*arguments, env=None, scratch=None):
    """Runs swift in the package (in the build folder `scratch`, else its own); returns (status,
    everything it printed)."""
    environment = dict(os.environ)
    environment.pop("SNAPSHOT_RECORD", None)
    environment.update(env or {})
    where = ["--package-path", PACKAGE] + (["--scratch-path", scratch] if scratch else [])
    result = subprocess.run(
        [SWIFT, *arguments, *where],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=environment)
    return result.returncode, result.stdout


def build():
    status, output = swift("build", "--build-tests")
    if status != 0:
        report(False, "the package builds", output)
        sys.exit(1)


def main():
    blocks = readme_blocks()
    for name in ("Package.swift", "Counter.swift", "main.swift", "CounterTests.swift"):
        if name not in blocks:
            report(False, f"the README's first app shows {name}")
            sys.exit(1)
    os.makedirs(WORK, exist_ok=True)
    link = os.path.join(WORK, "swift-composable-terminal")
    if not os.path.islink(link):
        os.symlink(ROOT, link)
    # The package's sources are written anew each run; its build folders are kept, unless this
    # package's manifest changed since they were built (SwiftPM does not always rebuild a
    # dependency whose traits changed, which would leave networking linked where it is not).
    stamp = os.path.join(WORK, "manifest-built")
    manifest_text = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
    if not os.path.exists(stamp) or open(stamp, encoding="utf-8").read() != manifest_text:
        for folder in (".build", ".build-networking"):
            shutil.rmtree(os.path.join(PACKAGE, folder), ignore_errors=True)
        for name in ("Package.resolved",):
            if os.path.exists(os.path.join(PACKAGE, name)):
                os.remove(os.path.join(PACKAGE, name))
    os.makedirs(PACKAGE, exist_ok=True)
    with open(stamp, "w", encoding="utf-8") as file:
        file.write(manifest_text)
    for folder in ("Sources", "Tests"):
        shutil.rmtree(os.path.join(PACKAGE, folder), ignore_errors=True)
    fragment = blocks["Package.swift"]
    write("Package.swift", manifest(fragment))
    write("Sources/CounterFeature/Counter.swift", blocks["Counter.swift"])
    write("Sources/counter-app/main.swift", blocks["main.swift"])
    tests = blocks["CounterTests.swift"]
    write("Tests/CounterFeatureTests/CounterTests.swift", tests)
    print("# building the README's first app in .build/outside/counter-app", flush=True)
    build()

    # 1. A missing snapshot fails and says how to record it.
    status, output = swift("test")
    report(
        status != 0 and "SNAPSHOT_RECORD=1" in output,
        "the first swift test fails on the missing snapshot and says to record it", output)

    # 2. Recording, then a passing run; the snapshot is the repository's copy's.
    swift("test", env={"SNAPSHOT_RECORD": "1"})
    status, output = swift("test")
    report(status == 0, "after SNAPSHOT_RECORD=1, swift test passes", output)
    recorded = os.path.join(
        PACKAGE, "Tests/CounterFeatureTests/__Snapshots__/CounterTests",
        "plusKeysShowOnScreen.count-2.txt")
    kept = os.path.join(
        ROOT, "Examples/FirstApp/Tests/CounterFeatureTests/__Snapshots__/CounterTests",
        "plusKeysShowOnScreen.count-2.txt")
    report(
        os.path.exists(recorded) and open(recorded).read() == open(kept).read(),
        "the recorded snapshot is the one Examples/FirstApp keeps")

    # 9. Widgets of a third party's own, from the public products alone.
    third_party = ["ThirdPartyWidgetTests", "ThirdPartyScrollerTests", "ThirdPartyOverlayTests"]
    for name in third_party:
        source = os.path.join(ROOT, "Tests", "TerminalUITests", name + ".swift")
        write(f"Tests/CounterFeatureTests/{name}.swift", open(source, encoding="utf-8").read())
    status, output = swift("test", "--filter", "ThirdParty")
    report(
        status == 0 and re.search(r"Test run with [1-9][0-9]* tests? in 3 suites passed", output),
        "widgets of a third party's own build from the public products and their tests pass",
        output)
    for name in third_party:
        os.remove(os.path.join(PACKAGE, f"Tests/CounterFeatureTests/{name}.swift"))

    # 7. An app written on 2026-11-23 still builds and runs.
    todo = os.path.join(ROOT, "Tests", "Outside", "Apps", "TodoApp1123.swift")
    write("Sources/todo-app/main.swift", open(todo, encoding="utf-8").read())
    write("Package.swift", manifest(fragment.rstrip().removesuffix("]") + (
        '  .executableTarget(\n'
        '    name: "todo-app",\n'
        '    dependencies: [\n'
        '      .product(name: "ComposableTerminalUI", package: "swift-composable-terminal"),\n'
        '      .product(name: "TerminalUINCurses", package: "swift-composable-terminal"),\n'
        '    ]\n'
        '  ),\n'
        ']\n')))
    status, output = swift("build", "--product", "todo-app")
    report(
        status == 0 and "'events()' is deprecated" in output,
        "an app written on 2026-11-23 builds, warned of the spelling it should change", output)
    status, drawn = run_on_a_terminal(
        os.path.join(PACKAGE, ".build", "debug", "todo-app"),
        keys=[b"d", b"\x1b", b"\x03"], expect=["Todos: 2", "Delete it?", "Todos: 2"])
    report(
        status == 0 and "Delete it?" in drawn,
        "it runs: draws its list, opens its alert, and quits on Ctrl-C", f"status {status}")
    shutil.rmtree(os.path.join(PACKAGE, "Sources", "todo-app"))

    # 8. An app of TerminalUI alone links nothing of the architecture.
    write(
        "Sources/hello-app/main.swift",
        "import TerminalUINCurses\n\nawait TerminalApp.run { Text(\"Hello, terminal\") }\n")
    write("Package.swift", manifest(fragment.rstrip().removesuffix("]") + (
        '  .executableTarget(\n'
        '    name: "hello-app",\n'
        '    dependencies: [\n'
        '      .product(name: "TerminalUINCurses", package: "swift-composable-terminal"),\n'
        '    ]\n'
        '  ),\n'
        ']\n')))
    status, output = swift("build", "--product", "hello-app")
    hello = os.path.join(PACKAGE, ".build", "debug", "hello-app")
    symbols = subprocess.run(
        ["nm", hello], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
    report(
        status == 0 and "TerminalUINCurses" in symbols
        and "ComposableArchitecture" not in symbols and networking(hello) == [],
        "an app of TerminalUI alone links nothing of the architecture, nor networking", output)
    status, drawn = run_on_a_terminal(hello, keys=[b"q"], expect=["Hello, terminal"])
    report(
        status == 0 and "Hello, terminal" in drawn,
        "it runs: draws its text and quits on q", f"status {status}")
    shutil.rmtree(os.path.join(PACKAGE, "Sources", "hello-app"))
    write("Package.swift", manifest(fragment))

    # 6, first half. No networking unless asked for.
    app = os.path.join(PACKAGE, ".build", "debug", "counter-app")
    report(
        os.path.exists(app) and networking(app) == [],
        "the first app links neither FoundationNetworking nor libcurl",
        " ".join(networking(app)))

    # 3. A wrong TestStore assertion fails, in Swift Testing and in XCTest, and says why.
    wrong = tests.replace("{ $0.count = 1 }", "{ $0.count = 2 }", 1)
    assert wrong != tests, "the README's test no longer asserts { $0.count = 1 }"
    write("Tests/CounterFeatureTests/CounterTests.swift", wrong)
    status, output = swift("test")
    report(
        status != 0 and "A state change does not match expectation" in output
        and "+ Counter.State(count: 1)" in output,
        "a wrong TestStore assertion fails swift test (Swift Testing), with a diff", output)
    write("Tests/CounterFeatureTests/CounterTests.swift", tests)
    write(
        "Tests/CounterFeatureTests/CounterXCTests.swift",
        "import ComposableTerminalUI\nimport CounterFeature\nimport XCTest\n\n"
        "final class CounterXCTests: XCTestCase {\n"
        "  @MainActor func testCountsUp() async {\n"
        "    let store = TestStore(initialState: Counter.State()) { Counter() }\n"
        "    await store.send(.incrementButtonTapped) { $0.count = 2 }\n"
        "  }\n"
        "}\n")
    status, output = swift("test", "--filter", "CounterXCTests")
    report(
        status != 0 and "does not match expectation" in output,
        "a wrong TestStore assertion fails swift test (XCTest), with a diff", output)
    os.remove(os.path.join(PACKAGE, "Tests/CounterFeatureTests/CounterXCTests.swift"))

    # 4. A screen that changed fails its snapshot.
    write(
        "Sources/CounterFeature/Counter.swift",
        blocks["Counter.swift"].replace('Text("Count: ', 'Text("Total: ', 1))
    status, output = swift("test")
    report(
        status != 0 and "does not match reference" in output,
        "a changed screen fails its snapshot", output)
    write("Sources/CounterFeature/Counter.swift", blocks["Counter.swift"])

    # 5. The architecture alone: a test target linking nothing for tests stops, saying what to
    # link; named as the message says, the test support makes a wrong assertion fail.
    alone = "\n".join(
        line for line in tests.split("\n") if "TerminalUITesting" not in line)
    alone = alone[: alone.index("  @Test func plusKeysShowOnScreen")].rstrip() + "\n}\n"
    write("Tests/CounterFeatureTests/CounterTests.swift", alone.replace(
        "{ $0.count = 1 }", "{ $0.count = 2 }", 1))
    shutil.rmtree(os.path.join(PACKAGE, "Tests/CounterFeatureTests/__Snapshots__"))
    bare = fragment.replace(
        '      .product(name: "TerminalUITesting", package: "swift-composable-terminal"),\n', "")
    assert bare != fragment, "the README's manifest no longer names TerminalUITesting"
    write("Package.swift", manifest(bare))
    # A package that never linked the test support has no copy of it in its build folder, where
    # IssueReporting would find it by name: remove the one the README's manifest built.
    build_folder = os.path.join(PACKAGE, ".build")
    for folder, _, files in os.walk(build_folder):
        for name in files:
            if name.startswith("libIssueReportingTestSupport"):
                os.remove(os.path.join(folder, name))
    status, output = swift("test")
    report(
        status != 0 and "A TestStore cannot fail this test" in output
        and "IssueReportingTestSupport" in output,
        "without TerminalUITesting, a test store stops the run and says what to link", output)
    named = bare.replace(
        '  .package(path: "../swift-composable-terminal")\n',
        '  .package(path: "../swift-composable-terminal"),\n'
        '  .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),\n',
    ).replace(
        '      "CounterFeature",\n    ]\n  ),\n]',
        '      "CounterFeature",\n'
        '      .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),\n'
        "    ]\n  ),\n]")
    assert named.count("IssueReportingTestSupport") == 1, "the manifest's test target moved"
    write("Package.swift", manifest(named))
    status, output = swift("test")
    report(
        status != 0 and "does not match expectation" in output,
        "with IssueReportingTestSupport named, a wrong assertion fails", output)

    # 6, second half. With the traits, URLSession and @Dependency(\.urlSession), and
    # @Dependency(\.mainQueue) (in the same build folder: each trait's build takes minutes).
    write("Tests/CounterFeatureTests/CounterTests.swift", tests)
    write("Package.swift", manifest(fragment.replace(
        '.package(path: "../swift-composable-terminal")',
        '.package(path: "../swift-composable-terminal", '
        'traits: ["FoundationNetworking", "CombineSchedulers"])')))
    write(
        "Sources/CounterFeature/Search.swift",
        "import ComposableTerminalUI\n\n"
        "@Reducer\n"
        "public struct Search {\n"
        "  @ObservableState\n"
        "  public struct State: Equatable {\n"
        "    public var query = \"\"\n"
        "    public var searched: [String] = []\n"
        "    public init() {}\n"
        "  }\n"
        "  public enum Action { case queryChanged(String), search }\n"
        "  enum CancelID { case search }\n"
        "  @Dependency(\\.mainQueue) var mainQueue\n"
        "  public init() {}\n"
        "  public var body: some ReducerOf<Self> {\n"
        "    Reduce { state, action in\n"
        "      switch action {\n"
        "      case let .queryChanged(query):\n"
        "        state.query = query\n"
        "        return .send(.search)\n"
        "          .debounce(id: CancelID.search, for: .milliseconds(300), scheduler: mainQueue)\n"
        "      case .search:\n"
        "        state.searched.append(state.query)\n"
        "        return .none\n"
        "      }\n"
        "    }\n"
        "  }\n"
        "}\n")
    write(
        "Tests/CounterFeatureTests/SearchTests.swift",
        "import ComposableTerminalUI\nimport CounterFeature\nimport Testing\n\n"
        "@MainActor\n"
        "struct SearchTests {\n"
        "  @Test func onlyTheLastQueryOfABurstIsSearched() async {\n"
        "    let mainQueue = DispatchQueue.test\n"
        "    let store = TestStore(initialState: Search.State()) { Search() } withDependencies: {\n"
        "      $0.mainQueue = mainQueue.eraseToAnyScheduler()\n"
        "    }\n"
        "    await store.send(.queryChanged(\"m\")) { $0.query = \"m\" }\n"
        "    await mainQueue.advance(by: .milliseconds(200))\n"
        "    await store.send(.queryChanged(\"mi\")) { $0.query = \"mi\" }\n"
        "    await mainQueue.advance(by: .milliseconds(299))\n"
        "    await mainQueue.advance(by: .milliseconds(1))\n"
        "    await store.receive(\\.search) { $0.searched = [\"mi\"] }\n"
        "  }\n"
        "}\n")
    write(
        "Sources/CounterFeature/Download.swift",
        "import ComposableTerminalUI\n\n"
        "@Reducer\n"
        "public struct Download {\n"
        "  @ObservableState\n"
        "  public struct State: Equatable {\n"
        "    public var timeout = 0.0\n"
        "    public init() {}\n"
        "  }\n"
        "  public enum Action { case start }\n"
        "  @Dependency(\\.urlSession) var urlSession\n"
        "  public init() {}\n"
        "  public var body: some ReducerOf<Self> {\n"
        "    Reduce { state, _ in\n"
        "      state.timeout = urlSession.configuration.timeoutIntervalForRequest\n"
        "      return .none\n"
        "    }\n"
        "  }\n"
        "}\n")
    write(
        "Tests/CounterFeatureTests/DownloadTests.swift",
        "import ComposableTerminalUI\nimport CounterFeature\nimport Foundation\nimport Testing\n\n"
        "@MainActor\n"
        "struct DownloadTests {\n"
        "  @Test func theSessionIsTheOneTheTestGives() async {\n"
        "    let configuration = URLSessionConfiguration.ephemeral\n"
        "    configuration.timeoutIntervalForRequest = 7\n"
        "    let store = TestStore(initialState: Download.State()) { Download() } withDependencies: {\n"
        "      $0.urlSession = URLSession(configuration: configuration)\n"
        "    }\n"
        "    await store.send(.start) { $0.timeout = 7 }\n"
        "  }\n"
        "}\n")
    # In a build folder of its own: the trait changes how the dependencies are built.
    networking_build = os.path.join(PACKAGE, ".build-networking")
    status, output = swift(
        "test", "--filter", "DownloadTests|SearchTests", scratch=networking_build)
    report(
        status == 0 and "theSessionIsTheOneTheTestGives" in output,
        "with the FoundationNetworking trait, @Dependency(\\.urlSession) works in a test", output)
    report(
        status == 0 and "onlyTheLastQueryOfABurstIsSearched" in output,
        "with the CombineSchedulers trait, an effect debounced on @Dependency(\\.mainQueue) "
        "runs when DispatchQueue.test is advanced", output)
    status, output = swift("build", "--product", "counter-app", scratch=networking_build)
    networked_app = os.path.join(networking_build, "debug", "counter-app")
    report(
        status == 0
        and any(name.startswith("libFoundationNetworking") for name in networking(networked_app)),
        "with the trait, an app using URLSession links FoundationNetworking", output)

    print(f"{checks - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
