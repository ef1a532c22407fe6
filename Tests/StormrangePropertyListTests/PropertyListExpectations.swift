import Testing

@testable import StormrangePropertyList

/// Expects reading `bytes` to fail with exactly `message`, and checks the message's form: one line,
/// lowercase start, no trailing period.
func expectError(_ bytes: [UInt8], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
  do {
    let value = try PropertyListReader.read(bytes)
    Issue.record("expected \"\(message)\", read \(value.typeDescription)", sourceLocation: sourceLocation)
  } catch {
    #expect(error.message == message, sourceLocation: sourceLocation)
    #expect(!error.message.contains("\n") && !error.message.hasSuffix("."), sourceLocation: sourceLocation)
    #expect(error.message.first.map { !$0.isUppercase } == true, sourceLocation: sourceLocation)
  }
}

/// The same for a document given as text.
func expectError(_ text: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
  expectError(Array(text.utf8), message, sourceLocation: sourceLocation)
}
