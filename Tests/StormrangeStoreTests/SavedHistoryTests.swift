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

  func measurement(_ delay: Double, note: String? = nil, at seconds: Double = 1_782_921_780) -> Measurement {
    Measurement(date: Date(timeIntervalSince1970: seconds), delay: delay, temperature: 20, note: note)
  }

  func mode(of path: String) -> Int {
    var info = stat()
    stat(path, &info)
    return Int(info.st_mode & 0o7777)
  }

  @Test func aMissingFileIsAnEmptyHistoryAndIsNotCreatedByReading() throws {
    let history = SavedHistory(path: path)
    try history.refresh()
    #expect(history.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func nothingIsReadBeforeFirstUse() throws {
    try directory.write("h.plist", "not a property list")
    let history = SavedHistory(path: path)
    #expect(history.isEmpty)  // reading the collection does no I/O
    // Replaced after the history was made: only a history that had not read the file yet sees this.
    try SavedHistory(path: directory.file("other.plist")).append(measurement(6))
    rename(directory.file("other.plist"), path)
    try history.refresh()
    #expect(history.map(\.delay) == [6])
  }

  @Test func anUnreadableFileIsReportedWhenFirstUsed() throws {
    try directory.write("h.plist", "not a property list")
    let history = SavedHistory(path: path)
    #expect(!history.isLoaded)
    #expect {
      try history.refresh()
    } throws: { error in
      guard case StoreError.unreadable(path, _) = error else { return false }
      return true
    }
  }

  @Test func everyChangeIsOnDiskBeforeItReturns() throws {
    let history = SavedHistory(path: path)
    try history.append(measurement(6, note: "over the lake"))
    try history.append(measurement(3))
    let reread = SavedHistory(path: path)
    try reread.refresh()
    #expect(Array(reread) == Array(history))
    #expect(reread.count == 2)
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
    let history = SavedHistory(path: nested)
    try history.append(measurement(6))
    #expect(mode(of: directory.file("a")) == 0o700)
    #expect(mode(of: directory.file("a/b")) == 0o700)
    #expect(mode(of: nested) == 0o600)
    chmod(nested, 0o640)
    try history.append(measurement(7))
    #expect(mode(of: nested) == 0o640)
  }

  @Test func leavesNoTemporaryFilesAndCleansUpOnesACrashLeft() throws {
    let history = SavedHistory(path: path)
    try history.append(measurement(6))
    try directory.write(".h.plist.tmp-leftover", "half a file")
    try history.append(measurement(7))
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names == ["h.plist", "h.plist.lock"])
  }

  @Test func picksUpChangesOtherProcessesSaved() throws {
    let mine = SavedHistory(path: path)
    let theirs = SavedHistory(path: path)
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
      let history = SavedHistory(path: path)
      #expect(throws: StoreError.self) { try history.refresh() }
      #expect(throws: StoreError.self) { try history.append(measurement(6)) }
      #expect(directory.bytes("h.plist") == before)
    }
  }

  @Test func theErrorNamesTheFileAndTheProblem() throws {
    try directory.write("h.plist", "<plist version=\"1.0\"><dict/></plist>")
    do {
      try SavedHistory(path: path).refresh()
      Issue.record("expected an error")
    } catch {
      guard case .unreadable(let named, let problem) = error else {
        Issue.record("expected an unreadable file, got \(error)")
        return
      }
      #expect(named == path)
      #expect(problem.contains("dictionary"))
    }
  }

  @Test func aRefusedChangeWritesNothing() throws {
    let history = SavedHistory(path: path)
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
    let history = SavedHistory(path: path)
    _ = try history.modify { _ -> Result<Int, CancellationError> in .failure(CancellationError()) }
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func aFailedSaveKeepsNothingInMemory() throws {
    try directory.write("file", "a file, not a directory")
    let history = SavedHistory(path: directory.file("file/h.plist"))
    #expect(throws: StoreError.self) { try history.append(measurement(6)) }
    #expect(history.isEmpty)
  }

  @Test func clearMovesAnUnreadableFileAside() throws {
    try directory.write("h.plist", "garbage")
    let history = SavedHistory(path: path)
    let aside = try #require(try history.moveAsideUnreadable(now: Date(timeIntervalSince1970: 0)))
    #expect(aside.hasPrefix(path + ".unreadable-19700101T000000Z"))
    #expect(FileManager.default.contents(atPath: aside) == Data("garbage".utf8))
    #expect(history.isEmpty)
    try history.append(measurement(6))
    #expect(try SavedHistory(path: path).readAll().count == 1)
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
    let history = SavedHistory(path: path)
    try history.append(measurement(3))
    let reread = SavedHistory(path: path)
    try reread.refresh()
    #expect(reread.entries[0].otherKeys == [PropertyListEntry(key: "location", value: .string("47.1,8.2"))])
    #expect(reread.entries[0].measurement.delay == 6)
    #expect(reread.entries[1].otherKeys.isEmpty)
    #expect(reread.count == 2)
  }

  @Test func aGroupIsSavedOnceWhenCommitted() throws {
    let history = SavedHistory(path: path)
    try history.append(measurement(1))
    history.beginGroup()
    try history.append(measurement(2))
    try history.append(measurement(3))
    #expect(history.map(\.delay) == [1, 2, 3])
    #expect(try SavedHistory(path: path).readAll().count == 1)  // not yet on disk
    try history.commitGroup()
    #expect(try SavedHistory(path: path).readAll().map(\.delay) == [1, 2, 3])
  }

  @Test func aGroupWhoseSaveFailsIsRolledBackWhole() throws {
    let nested = directory.file("d/h.plist")
    let history = SavedHistory(path: nested)
    try history.append(measurement(1))
    history.beginGroup()
    try history.append(measurement(2))
    try history.append(measurement(3))
    // The folder disappears before the commit: the new file cannot be created beside the old one.
    try FileManager.default.removeItem(atPath: directory.file("d"))
    #expect(throws: StoreError.self) { try history.commitGroup() }
    #expect(history.map(\.delay) == [1])
    #expect(!history.isGrouping)
  }

  @Test func aHistoryBehindASymlinkIsWrittenWhereTheLinkPoints() throws {
    let real = directory.file("real.plist")
    symlink(real, path)
    let history = SavedHistory(path: path)
    try history.append(measurement(6))
    var info = stat()
    lstat(path, &info)
    #expect((info.st_mode & S_IFMT) == S_IFLNK)
    #expect(try SavedHistory(path: real).readAll().count == 1)
  }

  @Test func refusesFilesTooLargeToBeAHistoryWithoutReadingThem() throws {
    try directory.write("h.plist", String(repeating: " ", count: 2000))
    let history = SavedHistory(path: path, readLimit: 1000)
    do {
      try history.refresh()
      Issue.record("expected an error")
    } catch {
      guard case .unreadable(_, let problem) = error else {
        Issue.record("expected an unreadable file, got \(error)")
        return
      }
      #expect(problem.contains("too large"))
    }
  }

  @Test func aDirectoryAtThePathIsReported() throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    do {
      try SavedHistory(path: path).refresh()
      Issue.record("expected an error")
    } catch {
      guard case .unreadable(_, let problem) = error else {
        Issue.record("expected an unreadable file, got \(error)")
        return
      }
      #expect(problem.contains("directory"))
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
