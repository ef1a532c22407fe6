import Testing

@testable import StormrangeDomain
@testable import StormrangeShell
@testable import StormrangeStore

@Suite struct StormrangeErrorTests {
  @Test func errorMessagesNeverCarryRawControlCharacters() {
    let hostile = "\u{1B}[2J" + String(repeating: "A", count: 5000)
    let message = StormrangeError.unknownCommand(hostile, suggestions: []).message
    #expect(!message.unicodeScalars.contains { $0.value == 0x1B })
    #expect(message.hasPrefix("unknown command '\\u{1B}[2JAAA"))
    #expect(message.count < 200)
  }

  @Test func theDomainsErrorsAreWordedAsBefore() {
    #expect(
      StormrangeError.measurement(.delayNotPositive(typed: "-1")).message
        == "delay must be a positive number of seconds, not '-1'")
    #expect(
      StormrangeError.measurement(.delayTooLong(typed: "301")).message
        == "delay 301 s is too long: thunder is rarely heard beyond about 25 km (75 s), and stormrange takes at most 300 s; type the seconds you counted"
    )
    #expect(
      StormrangeError.measurement(.noteControlCharacter("\t")).message
        == "the note contains the control character U+0009; remove it")
    #expect(
      StormrangeError.measurement(.noteNonCharacter("\u{FFFF}")).message
        == "the note contains U+FFFF, which is not a character")
    #expect(
      StormrangeError.measurement(.noteTooLong(length: 1001)).message
        == "the note is 1001 characters long; the limit is 1000")
  }

  @Test func theStoresErrorsNameTheFileAndWhatToDo() {
    #expect(
      StormrangeError.store(.saveFailed(path: "/h.plist", problem: "No space left on device")).message
        == "could not save the history to /h.plist: No space left on device; nothing was changed")
    #expect(
      StormrangeError.store(.unreadable(path: "/h.plist", problem: "line 1: not XML")).message
        == "cannot read the history file /h.plist: line 1: not XML; it was left as it is "
        + "(fix it, or 'clear' to move it aside and start afresh)")
    #expect(
      StormrangeError.store(.inaccessible(path: "/h.plist", problem: "Permission denied")).message
        == "cannot open the history file /h.plist: Permission denied; check the path and its permissions, "
        + "or choose another with --file")
    #expect(
      StormrangeError.store(.settings(path: "/s.plist", problem: "unknown unit 'x'")).message
        == "settings file /s.plist: unknown unit 'x'")
  }
}
