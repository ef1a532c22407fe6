import Glibc
import TestSupport
import Testing

@testable import StormrangeStore

@Suite struct CommandHistoryFileTests {
  let directory = TemporaryDirectory()
  var path: String { directory.file("state/stormrange/history") }

  private func file(limit: Int = 1000) -> CommandHistoryFile {
    CommandHistoryFile(path: SystemPath(path), limit: limit)
  }

  private func text() -> String? {
    directory.bytes("state/stormrange/history").map { String(decoding: $0, as: UTF8.self) }
  }

  private func info(_ path: String) -> stat {
    var info = stat()
    _ = lstat(path, &info)
    return info
  }

  @Test func aNewFileIsPrivateInPrivateFoldersAndKeepsTheLastEntries() throws {
    let history = file(limit: 3)
    #expect(try history.load() == [])
    for line in ["add 1", "add 2", "add 3", "add 4"] { try history.append(CommandHistoryFormat.entry(line)) }
    #expect(text() == "add 2\nadd 3\nadd 4\n")
    #expect(info(path).st_mode & 0o7777 == 0o600)
    #expect(info(directory.file("state/stormrange")).st_mode & 0o7777 == 0o700)
    #expect(
      try file(limit: 3).load().map { String(decoding: $0, as: UTF8.self) } == ["add 2", "add 3", "add 4"])
  }

  @Test func aSaveReplacesTheFileKeepingItsModeAndWhatAnotherSessionAdded() throws {
    let mine = file()
    _ = try mine.load()
    try mine.append(Array("mine 1".utf8))
    chmod(path, 0o640)
    // Held open, so that its inode cannot be reused by the files that replace it.
    let old = open(path, O_RDONLY)
    defer { close(old) }
    var before = stat()
    fstat(old, &before)
    let other = file()
    _ = try other.load()
    try other.append(Array("other".utf8))
    try mine.append(Array("mine 2".utf8))
    #expect(text() == "mine 1\nother\nmine 2\n")
    #expect(info(path).st_ino != before.st_ino)
    #expect(info(path).st_mode & 0o7777 == 0o640)
  }

  @Test func aLinkIsRefusedAndNeitherReadNorWritten() throws {
    try directory.write("victim", "secret\n")
    mkdir(directory.file("state"), 0o700)
    mkdir(directory.file("state/stormrange"), 0o700)
    symlink(directory.file("victim"), path)
    let history = file()
    #expect(throws: StoreError.self) { try history.load() }
    #expect(throws: StoreError.self) { try history.append(Array("add 5".utf8)) }
    #expect(directory.bytes("victim") == Array("secret\n".utf8))
    do {
      _ = try history.load()
    } catch {
      guard case .commandHistory(let shown, let problem) = error else { throw error }
      #expect(shown == path)
      #expect(problem.hasPrefix("it is a symbolic link, which is not followed; remove it"))
    }
  }

  @Test func aFIFOOrASecondNameIsRefused() throws {
    mkdir(directory.file("state"), 0o700)
    mkdir(directory.file("state/stormrange"), 0o700)
    mkfifo(path, 0o600)
    // Refused without being opened: opening a FIFO for reading would wait for a writer.
    #expect(throws: StoreError.self) { try file().load() }
    unlink(path)
    try directory.write("state/stormrange/history", "add 1\n")
    link(path, directory.file("other-name"))
    #expect(throws: StoreError.self) { try file().load() }
    #expect(throws: StoreError.self) { try file().append(Array("add 2".utf8)) }
    #expect(directory.bytes("other-name") == Array("add 1\n".utf8))
  }
}

/// What readline 8.2's `read_history` makes of a file, and what is written so that it reads back.
@Suite struct CommandHistoryFormatTests {
  private func decoded(_ text: String) -> [String] {
    CommandHistoryFormat.decode(Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func linesAreEntriesAsReadlineReadsThem() {
    #expect(decoded("add 1\r\n\nshow\n#1 comment\nhalf") == ["add 1", "show", "#1 comment"])
    #expect(CommandHistoryFormat.decode(Array("add 1\0 x\n".utf8)) == [Array("add 1".utf8)])
  }

  @Test func aFileStartingWithATimestampHasTimestamps() {
    #expect(decoded("#1700000000\nadd 1\n#1700000001\nadd 2\n#x\n") == ["add 1", "add 2", "#x"])
  }

  @Test func whatIsWrittenReadsBackEntryForEntry() {
    let entries = ["#2 first, a comment", "add 1", "a\npasted\r\nline", "#3 later comment", "  spaced  "].map(
      CommandHistoryFormat.entry)
    let bytes = CommandHistoryFormat.encode(entries)
    #expect(String(decoding: bytes, as: UTF8.self) == "add 1\na pasted  line\n#3 later comment\n  spaced  \n")
    #expect(CommandHistoryFormat.decode(bytes) == Array(entries.dropFirst()))
  }
}
