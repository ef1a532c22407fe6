import Testing

@testable import StormrangeShell

/// A yes/no question is answered yes only by `y` or `yes`.
@Suite struct ConfirmationAnswerTests {
  @Test func yAndYesInAnyCaseAndWithBlanksAroundAreYes() {
    for answer in ["y", "Y", "yes", "YES", "Yes", "  y", "yes\t", " \tYeS  "] {
      #expect(ConfirmationAnswer.isYes(answer), "\(answer)")
    }
  }

  @Test func anythingElseIsNo() {
    for answer in ["", " ", "n", "no", "ye", "yess", "yes please", "y y", "oui", "yes\r", "1"] {
      #expect(!ConfirmationAnswer.isYes(answer), "\(answer)")
    }
  }
}
