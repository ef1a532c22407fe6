import Glibc
import Testing

@testable import StormrangeKit

@Suite struct FileDescriptorLineReaderTests {
  @Test func readsLinesAndALastLineWithoutNewline() throws {
    var descriptors: [Int32] = [0, 0]
    try #require(pipe(&descriptors) == 0)
    let text = "add 1\nshow\n\nlast"
    _ = text.withCString { write(descriptors[1], $0, strlen($0)) }
    close(descriptors[1])
    let reader = FileDescriptorLineReader(descriptor: descriptors[0], clock: FakeClock())
    var lines: [String] = []
    while let line = reader.nextLine() { lines.append(line.text) }
    close(descriptors[0])
    #expect(lines == ["add 1", "show", "", "last"])
  }

  @Test func peeksOnlyAtLinesThatHaveArrived() throws {
    var descriptors: [Int32] = [0, 0]
    try #require(pipe(&descriptors) == 0)
    _ = "a\nb\nc".withCString { write(descriptors[1], $0, strlen($0)) }
    let reader = FileDescriptorLineReader(descriptor: descriptors[0], clock: FakeClock())
    #expect(reader.nextLine()?.text == "a")
    #expect(reader.peekArrivedLine() == "b")
    #expect(reader.nextLine()?.text == "b")
    #expect(reader.peekArrivedLine() == nil)  // "c" has no newline yet
    close(descriptors[1])
    #expect(reader.nextLine()?.text == "c")
    #expect(reader.nextLine() == nil)
    close(descriptors[0])
  }

  @Test func invalidUTF8AndNULsDoNotStopTheReader() throws {
    var descriptors: [Int32] = [0, 0]
    try #require(pipe(&descriptors) == 0)
    let bytes: [UInt8] = [0xFF, 0xFE, 0x0A, 0x61, 0x00, 0x62, 0x0A]
    _ = bytes.withUnsafeBytes { write(descriptors[1], $0.baseAddress, $0.count) }
    close(descriptors[1])
    let reader = FileDescriptorLineReader(descriptor: descriptors[0], clock: FakeClock())
    let invalid = reader.nextLine()
    #expect(invalid?.text == "\u{FFFD}\u{FFFD}")
    #expect(invalid?.isValidUTF8 == false)
    #expect(reader.nextLine()?.text == "a\u{0}b")
    #expect(reader.nextLine() == nil)
    close(descriptors[0])
  }
}
