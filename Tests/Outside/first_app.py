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
   wrong assertion fail.

The package lives in .build/outside (kept between runs: only the first run builds the
dependencies, 5 to 10 minutes on 2 cores). Usage: Tests/Outside/first_app.py
"""

import os
import re
import shutil
import subprocess
import sys

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


def swift(*arguments, env=None):
    """Runs swift in the package; returns (status, everything it printed)."""
    environment = dict(os.environ)
    environment.pop("SNAPSHOT_RECORD", None)
    environment.update(env or {})
    result = subprocess.run(
        [SWIFT, *arguments, "--package-path", PACKAGE],
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
    # The package's sources are written anew each run; its build folder is kept.
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

    print(f"{checks - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
