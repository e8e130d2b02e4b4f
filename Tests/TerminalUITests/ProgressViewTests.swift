import TerminalUI
import Testing

@MainActor
struct ProgressViewTests {
  @Test func theBarShowsFromThreeCellsWideAndOnlyThePercentageBelow() {
    // Nine cells: a bar of three between brackets, then " 50%".
    #expect(
      render(ProgressView("", value: 0.5), size: Size(width: 9, height: 1)).lines == ["[█░░] 50%"])
    // Eight cells leave a bar of two: the percentage alone.
    #expect(
      render(ProgressView("", value: 0.5), size: Size(width: 8, height: 1)).lines == ["50%     "])
  }

  @Test func aLabelComesFirstAndTheBarFillsWhatIsLeft() {
    #expect(
      render(ProgressView("Copying", value: 0.25), size: Size(width: 24, height: 1)).lines == [
        "Copying [██░░░░░░░░] 25%"
      ])
  }
}
