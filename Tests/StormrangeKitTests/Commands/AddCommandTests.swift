import FoundationEssentials
import Testing

@testable import StormrangeKit

@Suite struct AddCommandTests {
  @Test func addPrintsOneConfirmationLine() throws {
    let test = TestSession()
    test.runAll(["add 6"])
    #expect(test.output.text == "#1  2.06 km  (delay 6.00 s)\n")
    #expect(test.errors.text.isEmpty)
    #expect(try test.reloadedHistory().map(\.delay) == [6])
  }

  @Test func addWithTimeAndNote() throws {
    let test = TestSession()
    test.runAll(["add 12 at 2026-07-01T18:03:00+02:00 note over  the lake "])
    let stored = try #require(try test.reloadedHistory().first)
    #expect(stored.date == Date(timeIntervalSince1970: 1_782_921_780))
    #expect(stored.note == "over  the lake ")
  }

  @Test func aLongDelayIsRecordedWithAWarning() throws {
    let test = TestSession()
    test.runAll(["add 80"])
    #expect(test.errors.text.contains("warning:"))
    #expect(test.errors.text.contains("rarely heard"))
    #expect(test.output.text.hasPrefix("#1  27.46 km"))
  }

  @Test(arguments: [
    "add", "add x", "add nan", "add inf", "add 1e309", "add 0", "add -0", "add -3", "add 301", "add 0x10",
    "add 6 7", "add 6 at", "add 6 at noon", "add 6 at 2026-07-01T18:03:00", "add 6 note",
    "add 6 note \u{1B}[31mred",
    "add 6 at 2999-01-01T00:00Z",
  ])
  func badInputIsRejectedAndChangesNothing(line: String) throws {
    let test = TestSession()
    test.runAll(["add 5"])
    let before = test.directory.bytes("history.plist")
    test.output.take()
    #expect(test.run(line))
    #expect(test.output.text.isEmpty)
    #expect(test.errors.text.hasPrefix("stormrange: line 1: "))
    #expect(test.errors.text.filter { $0 == "\n" }.count == 1)
    #expect(test.directory.bytes("history.plist") == before)
  }
}
