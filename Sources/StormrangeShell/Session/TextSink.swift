/// Where a session's text goes: standard output or error in the program, a buffer in tests.
package protocol TextSink: AnyObject {
  /// Text for people: a sink may adapt it to the terminal (ASCII stand-ins outside UTF-8).
  func write(_ text: String)
  /// Data that must arrive byte for byte, such as an export on standard output.
  func writeExactly(_ text: String)
}

extension TextSink {
  package func writeExactly(_ text: String) { write(text) }
}

/// Collects text in memory; the tests' console, and the batch runner's holding area for output that
/// may be shown only once the changes it reports are on disk.
final class TextBuffer: TextSink {
  package private(set) var text = ""
  package init() {}
  package func write(_ text: String) { self.text += text }
  /// Returns what was collected and empties the buffer.
  package func take() -> String {
    defer { text = "" }
    return text
  }
}
