import DemoSupport
import Foundation
import Testing

struct StateDirectoryTests {
  @Test func theStateFolderFollowsXDGStateHome() {
    let url = defaultStateDirectory(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/a"])
    #expect(url.path == "/x/state/composable-demo")
  }

  @Test func withoutXDGStateHomeTheStateFolderIsUnderHome() {
    #expect(
      defaultStateDirectory(environment: ["HOME": "/home/a"]).path
        == "/home/a/.local/state/composable-demo")
    #expect(
      defaultStateDirectory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/a"]).path
        == "/home/a/.local/state/composable-demo")
  }
}
