import FoundationEssentials
import Glibc
import TestSupport
import Testing

@testable import StormrangeDomain
@testable import StormrangePropertyList
@testable import StormrangeStore

@Suite struct SavedHistoryTests {
  let directory = TemporaryDirectory()
  var path: String { directory.file("h.plist") }
  /// The clock the history checks dates against: later than any date these tests store.
  let now = { Date(timeIntervalSince1970: 4_000_000_000) }

  func measurement(_ delay: Double, note: String? = nil, at seconds: Double = 1_782_921_780) -> Measurement {
    Measurement(date: Date(timeIntervalSince1970: seconds), delay: delay, temperature: 20, note: note)
  }

  /// The problem `body` reports about the unreadable file at `path`; an issue for any other outcome.
  func unreadableProblem(
    _ body: () throws(StoreError) -> Void, sourceLocation: SourceLocation = #_sourceLocation
  ) -> String? {
    do {
      try body()
      Issue.record("expected \(path) to be reported unreadable", sourceLocation: sourceLocation)
    } catch .unreadable(path, let problem) {
      return problem
    } catch {
      Issue.record("expected \(path) to be reported unreadable, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
  }

  func mode(of path: String) -> Int {
    var info = stat()
    stat(path, &info)
    return Int(info.st_mode & 0o7777)
  }

  @Test func aMissingFileIsAnEmptyHistoryAndIsNotCreatedByReading() throws {
    let history = SavedHistory(path: path, now: now)
    try history.refresh()
    #expect(history.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func nothingIsReadBeforeFirstUse() throws {
    try SavedHistory(path: path, now: now).append(measurement(6))
    let history = SavedHistory(path: path, now: now)
    // The file holds a measurement: a history that had read it, when it was made or when its
    // collection was first looked at, would not be empty. (A file that cannot be read would not
    // tell: reading it eagerly leaves the history empty and unloaded as well.)
    #expect(history.isEmpty)
    #expect(history.endIndex == 0)
    #expect(!history.isLoaded)
    try history.refresh()
    #expect(history.isLoaded)
    #expect(history.map(\.delay) == [6])
  }

  @Test func anUnreadableFileIsReportedAtEachUse() throws {
    try directory.write("h.plist", "not a property list")
    let history = SavedHistory(path: path, now: now)
    let problem = unreadableProblem { () throws(StoreError) in try history.refresh() }
    #expect(problem?.isEmpty == false)
    // Not taken for an empty history the second time.
    #expect(unreadableProblem { () throws(StoreError) in try history.refresh() } == problem)
    #expect(history.isEmpty)
  }

  @Test func everyChangeIsOnDiskBeforeItReturns() throws {
    let history = SavedHistory(path: path, now: now)
    try history.append(measurement(6, note: "over the lake"))
    try history.append(measurement(3))
    let reread = SavedHistory(path: path, now: now)
    try reread.refresh()
    #expect(Array(reread) == Array(history))
    try #require(reread.count == 2)
    #expect(reread[0].note == "over the lake")
    try history.modify { $0.removeFirst() }
    try reread.refresh()
    #expect(reread.map(\.delay) == [3])
    let removed = try history.removeAll()
    #expect(removed.map(\.measurement.delay) == [3])
    try reread.refresh()
    #expect(reread.isEmpty)
  }

  @Test func createsDirectoriesPrivateAndTheFile0600AndKeepsTheMode() throws {
    let nested = directory.file("a/b/h.plist")
    let history = SavedHistory(path: nested, now: now)
    try history.append(measurement(6))
    #expect(mode(of: directory.file("a")) == 0o700)
    #expect(mode(of: directory.file("a/b")) == 0o700)
    #expect(mode(of: nested) == 0o600)
    chmod(nested, 0o640)
    try history.append(measurement(7))
    #expect(mode(of: nested) == 0o640)
  }

  @Test func leavesNoTemporaryFilesAndCleansUpOnesACrashLeft() throws {
    let history = SavedHistory(path: path, now: now)
    try history.append(measurement(6))
    try directory.write(".h.plist.tmp-leftover", "half a file")
    try history.append(measurement(7))
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names == ["h.plist", "h.plist.lock"])
  }

  @Test func picksUpChangesOtherProcessesSaved() throws {
    let mine = SavedHistory(path: path, now: now)
    let theirs = SavedHistory(path: path, now: now)
    try mine.append(measurement(1))
    try theirs.append(measurement(2))  // re-reads first: keeps mine
    try mine.append(measurement(3))  // re-reads first: keeps theirs
    try theirs.refresh()
    #expect(theirs.map(\.delay) == [1, 2, 3])
    try mine.refresh()
    #expect(mine.map(\.delay) == [1, 2, 3])
  }

  @Test func anUnreadableFileIsNeverOverwritten() throws {
    for text in [
      "garbage", "<?xml version=\"1.0\"?><plist version=\"1.0\"><array><dict>",
      "<plist version=\"1.0\"><dict/></plist>",
      "<plist version=\"1.0\"><array><dict><key>delay</key><real>1</real></dict></array></plist>",
    ] {
      try directory.write("h.plist", text)
      let before = directory.bytes("h.plist")
      let history = SavedHistory(path: path, now: now)
      #expect(unreadableProblem { () throws(StoreError) in try history.refresh() } != nil)
      #expect(unreadableProblem { () throws(StoreError) in try history.append(measurement(6)) } != nil)
      #expect(history.isEmpty)
      #expect(directory.bytes("h.plist") == before)
    }
  }

  @Test func theErrorNamesTheFileAndTheProblem() throws {
    try directory.write("h.plist", "<plist version=\"1.0\"><dict/></plist>")
    let problem = unreadableProblem { () throws(StoreError) in
      try SavedHistory(path: path, now: now).refresh()
    }
    #expect(problem?.contains("dictionary") == true)
  }

  @Test func aRefusedChangeWritesNothing() throws {
    let history = SavedHistory(path: path, now: now)
    try history.append(measurement(6))
    let before = try #require(FileIdentity.of(path: SystemPath(path)))
    let outcome = try history.modify { entries -> Result<Int, CancellationError> in
      .failure(CancellationError())
    }
    #expect(throws: CancellationError.self) { try outcome.get() }
    #expect(history.count == 1)
    #expect(FileIdentity.of(path: SystemPath(path)) == before)  // not even rewritten with the same bytes
  }

  @Test func aRefusedChangeDoesNotCreateTheFile() throws {
    let history = SavedHistory(path: path, now: now)
    _ = try history.modify { _ -> Result<Int, CancellationError> in .failure(CancellationError()) }
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func aFailedSaveKeepsNothingInMemory() throws {
    let history = SavedHistory(path: path, now: now)
    try history.append(measurement(6))
    let before = try #require(FileIdentity.of(path: SystemPath(path)))
    // The change is made (to a copy), then saving it fails: XML cannot hold the bell in the note.
    #expect {
      try history.append(measurement(7, note: "bell\u{7}"))
    } throws: { error in
      guard case .saveFailed(path, let problem) = error as? StoreError else { return false }
      return problem.hasPrefix("measurement 2 cannot be stored: ")
    }
    #expect(history.map(\.delay) == [6])
    #expect(FileIdentity.of(path: SystemPath(path)) == before)
    // Memory and disk still agree: the next change saves what memory holds.
    try history.append(measurement(8))
    #expect(try SavedHistory(path: path, now: now).readAll().map(\.delay) == [6, 8])
  }

  @Test func aPathThroughAFileIsInaccessibleAndNothingIsWritten() throws {
    try directory.write("file", "a file, not a directory")
    let nested = directory.file("file/h.plist")
    let history = SavedHistory(path: nested, now: now)
    let inaccessible = StoreError.inaccessible(path: nested, problem: "Not a directory")
    #expect(throws: inaccessible) { try history.refresh() }
    #expect(throws: inaccessible) { try history.append(measurement(6)) }
    #expect(history.isEmpty)
    #expect(directory.bytes("file") == Array("a file, not a directory".utf8))
  }

  @Test func anUnreadableFileIsMovedAsideAndAnEmptyHistoryStarts() throws {
    try directory.write("h.plist", "garbage")
    let history = SavedHistory(path: path, now: now)
    let aside = try #require(try history.moveAsideUnreadable(now: Date(timeIntervalSince1970: 0)))
    #expect(aside == path + ".unreadable-19700101T000000Z")
    #expect(FileManager.default.contents(atPath: aside) == Data("garbage".utf8))
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(history.isLoaded)
    try history.append(measurement(6))
    #expect(try SavedHistory(path: path, now: now).readAll().map(\.delay) == [6])
  }

  @Test func aReadableFileIsNotMovedAside() throws {
    try SavedHistory(path: path, now: now).append(measurement(6))
    let before = directory.bytes("h.plist")
    let history = SavedHistory(path: path, now: now)
    #expect(try history.moveAsideUnreadable(now: Date(timeIntervalSince1970: 0)) == nil)
    #expect(history.map(\.delay) == [6])
    #expect(directory.bytes("h.plist") == before)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names == ["h.plist", "h.plist.lock"])
  }

  @Test func keysOtherToolsWroteSurviveARewrite() throws {
    try directory.write(
      "h.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <array>
      \t<dict>
      \t\t<key>date</key><date>2026-07-01T16:03:00Z</date>
      \t\t<key>delay</key><real>6</real>
      \t\t<key>distance</key><real>2059.2</real>
      \t\t<key>temperature</key><real>20</real>
      \t\t<key>speedOfSound</key><real>343.2</real>
      \t\t<key>location</key><string>47.1,8.2</string>
      \t</dict>
      </array>
      </plist>
      """)
    let history = SavedHistory(path: path, now: now)
    try history.append(measurement(3))
    let reread = SavedHistory(path: path, now: now)
    try reread.refresh()
    try #require(reread.count == 2)
    #expect(reread.entries[0].otherKeys == [PropertyListEntry(key: "location", value: .string("47.1,8.2"))])
    #expect(reread.entries[0].measurement.delay == 6)
    #expect(reread.entries[1].otherKeys.isEmpty)
  }

  @Test func aGroupIsWrittenOnlyWhenCommitted() throws {
    let history = SavedHistory(path: path, now: now)
    try history.append(measurement(1))
    let before = try #require(FileIdentity.of(path: SystemPath(path)))
    history.beginGroup()
    try history.append(measurement(2))
    try history.append(measurement(3))
    #expect(history.map(\.delay) == [1, 2, 3])
    #expect(FileIdentity.of(path: SystemPath(path)) == before)  // not rewritten, not even with the same bytes
    try history.commitGroup()
    #expect(!history.isGrouping)
    #expect(try SavedHistory(path: path, now: now).readAll().map(\.delay) == [1, 2, 3])
  }

  @Test func aGroupWhoseSaveFailsIsRolledBackWhole() throws {
    let nested = directory.file("d/h.plist")
    let history = SavedHistory(path: nested, now: now)
    try history.append(measurement(1))
    history.beginGroup()
    try history.append(measurement(2))
    try history.append(measurement(3))
    // The folder disappears before the commit: the new file cannot be created beside the old one.
    try FileManager.default.removeItem(atPath: directory.file("d"))
    #expect {
      try history.commitGroup()
    } throws: { error in
      guard case .saveFailed(nested, let problem) = error as? StoreError else { return false }
      return problem.hasPrefix("cannot create a temporary file in \(directory.file("d")): ")
    }
    #expect(history.map(\.delay) == [1])
    #expect(!history.isGrouping)
  }

  @Test func aHistoryBehindASymlinkIsWrittenWhereTheLinkPoints() throws {
    let real = directory.file("real.plist")
    symlink(real, path)
    let history = SavedHistory(path: path, now: now)
    try history.append(measurement(6))
    var info = stat()
    lstat(path, &info)
    #expect((info.st_mode & S_IFMT) == S_IFLNK)
    #expect(try SavedHistory(path: real, now: now).readAll().count == 1)
  }

  /// That such a file is refused before it is read is checked end to end, under a memory limit
  /// (test_guarantee_unreadable_files.py, test_reading_a_file_over_the_limit_does_not_read_it).
  @Test func refusesFilesOverTheReadLimit() throws {
    try directory.write("h.plist", String(repeating: " ", count: 2000))
    let history = SavedHistory(path: path, readLimit: 1000, now: now)
    let problem = unreadableProblem { () throws(StoreError) in try history.refresh() }
    #expect(problem == "it is too large: 2,000 bytes; the limit is 1,000 bytes")
  }

  @Test func aDirectoryAtThePathIsNotARegularFile() throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    #expect(throws: StoreError.notARegularFile(path: path, problem: "it is a directory, not a file")) {
      try SavedHistory(path: path, now: now).refresh()
    }
  }

  @Test func aDeviceAtThePathIsNotARegularFile() throws {
    #expect(
      throws: StoreError.notARegularFile(path: "/dev/null", problem: "it is a character device, not a file")
    ) {
      try SavedHistory(path: "/dev/null", now: now).refresh()
    }
  }
}

extension SavedHistory {
  /// Loads and returns every measurement.
  func readAll() throws -> [Measurement] {
    try refresh()
    return Array(self)
  }
}
