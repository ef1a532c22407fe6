import StormrangeBase

/// A typed answer to a yes/no question (``Session/confirm``), as `rm -i` reads one: yes is `y` or
/// `yes` in any case, blanks around it ignored; anything else is no.
package enum ConfirmationAnswer {
  /// Whether `answer` means yes.
  package static func isYes(_ answer: String) -> Bool {
    let word = answer.trimmingBlanks.lowercased()
    return word == "y" || word == "yes"
  }
}
