import FoundationEssentials
import Glibc
import TestSupport
import Testing

@testable import StormrangeDomain
@testable import StormrangeStore

/// What `ExportFile` refuses before writing anything: one of stormrange's own files, and a regular
/// file with other names, which a new file renamed over one name would leave with the old contents.
@Suite struct ExportFileTests {
  let directory = TemporaryDirectory()

  @Test func aKeptFileIsRefusedAndLeftAsItIs() throws {
    let history = SavedHistory(
      path: directory.file("h.plist"), now: { Date(timeIntervalSince1970: 1_782_921_780) })
    try history.append(
      Measurement(date: Date(timeIntervalSince1970: 1_782_921_780), delay: 5, temperature: 20))
    let kept = KeptFiles(history: history, settings: nil, commandHistory: nil)
    let lock = SystemPath(directory.file("h.plist.lock"))
    let before = try #require(FileIdentity.of(path: lock))
    #expect(throws: ExportFile.Problem.keptFile(.historyLock)) {
      try ExportFile.write(Array("x".utf8), to: lock, sparing: kept)
    }
    #expect(FileIdentity.of(path: lock) == before)
    #expect(directory.bytes("h.plist.lock") == [])
  }

  @Test func aFileWithOtherNamesIsRefusedAndLeftAsItIs() throws {
    try directory.write("a.csv", "old")
    link(directory.file("a.csv"), directory.file("b.csv"))
    #expect(throws: ExportFile.Problem.hardLinked(links: 2)) {
      try ExportFile.write(Array("new".utf8), to: SystemPath(directory.file("a.csv")), sparing: nil)
    }
    #expect(directory.bytes("a.csv") == Array("old".utf8))
    unlink(directory.file("b.csv"))
    #expect(
      try ExportFile.write(Array("new".utf8), to: SystemPath(directory.file("a.csv")), sparing: nil)
        == .replaced)
    #expect(directory.bytes("a.csv") == Array("new".utf8))
  }
}
