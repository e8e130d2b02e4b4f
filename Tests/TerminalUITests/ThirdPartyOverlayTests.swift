import Observation
import TerminalUI
import TerminalUITesting
import Testing

// What sheets, alerts and links are made of, used by a third party with the public API alone
// (this file imports TerminalUI without `@testable`): an overlay of our own, modal, that Esc
// dismisses, and a shortcut that pushes onto the navigation stack around it.

@MainActor
@Observable
private final class Inbox {
  var path: [Int] = []
  var notice: String?
  var answered: [String] = []
}

/// A shortcut that pushes 42 onto the stack around it, listed only where a stack takes numbers.
private struct ShowAnswer: Widget {
  func measure(_ proposal: Size, context: RenderContext) -> Size {
    Size(width: min(1, proposal.width), height: min(1, proposal.height))
  }

  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    if let push = context.navigationPush(42) {
      context.addShortcut(.character("a"), help: "answer") { push() }
    }
  }
}

private struct InboxView: View {
  @Bindable var inbox: Inbox

  var body: some View {
    NavigationStack(path: $inbox.path) {
      VStack {
        Text("Inbox")
        Button("Write") { inbox.answered.append("written") }
        ShowAnswer()
      }
    } destination: { number in
      Text("Answer \(number)")
    }
    .modal("notice") {
      guard let notice = inbox.notice else { return nil }
      return ModalPresentation(
        Box(title: "Notice") {
          Text(notice)
          Button("Thanks") { inbox.answered.append(notice) }
          Button("Later") {}
        },
        identity: notice
      ) {
        inbox.notice = nil
      }
    }
  }
}

@MainActor
struct ThirdPartyOverlayTests {
  private func app(_ inbox: Inbox) -> (Application, HeadlessBackend) {
    let backend = HeadlessBackend(width: 40, height: 10)
    let app = Application(backend: backend, showsHelpBar: true) { InboxView(inbox: inbox) }
    app.renderIfNeeded()
    return (app, backend)
  }

  @Test func aShortcutOfOurOwnPushesOntoTheStackAroundIt() {
    let inbox = Inbox()
    let (app, backend) = app(inbox)
    #expect(app.helpText.contains("a answer"))
    app.handle([.character("a")])
    #expect(inbox.path == [42])
    #expect(backend.buffer.lines.contains { $0.contains("Answer 42") })
    let alone = Application(backend: HeadlessBackend(width: 20, height: 3), showsHelpBar: true) {
      ShowAnswer()
    }
    alone.renderIfNeeded()
    #expect(!alone.helpText.contains("answer"), "no stack takes numbers: nothing to push onto")
  }

  @Test func anOverlayOfOurOwnTakesTheKeysUntilEscDismissesIt() {
    let inbox = Inbox()
    let (app, backend) = app(inbox)
    inbox.notice = "Backup done"
    app.renderIfNeeded()
    #expect(backend.buffer.lines.contains { $0.contains("Backup done") })
    app.handle([.character("a")])
    #expect(inbox.path.isEmpty, "the screen under the overlay takes no key")
    app.handle([.enter])
    #expect(inbox.answered == ["Backup done"], "focus is on the overlay's first button")
    app.handle([.escape])
    #expect(inbox.notice == nil)
    app.handle([.enter])
    #expect(inbox.answered == ["Backup done", "written"], "the screen has the keys again")
  }

  @Test func anotherPresentationInTheOverlaysPlaceStartsOnItsFirstControl() {
    let inbox = Inbox()
    let (app, _) = app(inbox)
    inbox.notice = "Backup done"
    app.renderIfNeeded()
    app.handle([.tab])
    inbox.notice = "Disk full"
    app.renderIfNeeded()
    app.handle([.enter])
    #expect(inbox.answered == ["Disk full"], "focus started afresh on the new notice")
  }
}
