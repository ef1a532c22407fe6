import FoundationEssentials
import Glibc
import TestSupport
import Testing

@testable import StormrangeDomain
@testable import StormrangeStore

/// Saves that must not happen: a history with a second name that a rewrite would split from.
/// Nothing changes, on disk or in memory.
@Suite struct SavedHistoryRefusalTests {
  let directory = TemporaryDirectory()
  var path: String { directory.file("h.plist") }

  func measurement(_ delay: Double, note: String? = nil) -> Measurement {
    Measurement(date: Date(timeIntervalSince1970: 1_782_921_780), delay: delay, temperature: 20, note: note)
  }

  @Test func aHistoryWithASecondNameIsNotSavedButStillRead() throws {
    try SavedHistory(path: path).append(measurement(1))
    let other = directory.file("other.plist")
    try #require(link(path, other) == 0)
    let before = directory.bytes("h.plist")
    let history = SavedHistory(path: path)
    try history.refresh()
    #expect(history.map(\.delay) == [1])
    #expect(throws: StoreError.hardLinked(path: path, links: 2)) { try history.append(measurement(2)) }
    #expect(history.map(\.delay) == [1])
    #expect(directory.bytes("h.plist") == before)
    #expect(directory.bytes("other.plist") == before)
    // One name again: saving works.
    try #require(unlink(other) == 0)
    try history.append(measurement(2))
    #expect(try SavedHistory(path: path).readAll().map(\.delay) == [1, 2])
  }
}
