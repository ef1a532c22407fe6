import FoundationEssentials
import Glibc
import TestSupport
import Testing

@testable import StormrangeDomain
@testable import StormrangeStore

/// Saves that must not happen: a history that would be too large to read back, and a history with a
/// second name that a rewrite would split from. Either way nothing changes, on disk or in memory.
@Suite struct SavedHistoryRefusalTests {
  let directory = TemporaryDirectory()
  var path: String { directory.file("h.plist") }

  func measurement(_ delay: Double, note: String? = nil) -> Measurement {
    Measurement(date: Date(timeIntervalSince1970: 1_782_921_780), delay: delay, temperature: 20, note: note)
  }

  /// The size of the file holding `delays`, as stormrange writes it.
  func fileSize(of delays: [Double]) throws -> Int {
    let name = "scratch-\(delays.count).plist"
    let history = SavedHistory(path: directory.file(name), now: { Date(timeIntervalSince1970: 1_782_921_780) })
    for delay in delays { try history.append(measurement(delay)) }
    return try #require(directory.bytes(name)).count
  }

  @Test func aChangeThatWouldPassTheReadLimitIsRefusedAndChangesNothing() throws {
    let limit = try fileSize(of: [1, 2])
    let history = SavedHistory(path: path, readLimit: limit, now: { Date(timeIntervalSince1970: 1_782_921_780) })
    try history.append(measurement(1))
    try history.append(measurement(2))  // exactly at the limit: still readable, so allowed
    let before = directory.bytes("h.plist")
    #expect(throws: StoreError.tooLarge(path: path, size: try fileSize(of: [1, 2, 3]), limit: limit)) {
      try history.append(measurement(3))
    }
    #expect(history.map(\.delay) == [1, 2])
    #expect(directory.bytes("h.plist") == before)
    // What is there can still be read back, and shrunk.
    #expect(try SavedHistory(path: path, readLimit: limit, now: { Date(timeIntervalSince1970: 1_782_921_780) }).readAll().map(\.delay) == [1, 2])
    try history.modify { $0.removeFirst() }
    try history.append(measurement(3))
    #expect(try SavedHistory(path: path, readLimit: limit, now: { Date(timeIntervalSince1970: 1_782_921_780) }).readAll().map(\.delay) == [2, 3])
  }

  @Test func aGroupThatWouldPassTheReadLimitIsRolledBackWhole() throws {
    let limit = try fileSize(of: [1, 2])
    let history = SavedHistory(path: path, readLimit: limit, now: { Date(timeIntervalSince1970: 1_782_921_780) })
    try history.append(measurement(1))
    let before = directory.bytes("h.plist")
    history.beginGroup()
    try history.append(measurement(2))
    try history.append(measurement(3))
    #expect(throws: StoreError.self) { try history.commitGroup() }
    #expect(history.map(\.delay) == [1])
    #expect(directory.bytes("h.plist") == before)
  }

  @Test func aHistoryWithASecondNameIsNotSavedButStillRead() throws {
    try SavedHistory(path: path, now: { Date(timeIntervalSince1970: 1_782_921_780) }).append(measurement(1))
    let other = directory.file("other.plist")
    try #require(link(path, other) == 0)
    let before = directory.bytes("h.plist")
    let history = SavedHistory(path: path, now: { Date(timeIntervalSince1970: 1_782_921_780) })
    try history.refresh()
    #expect(history.map(\.delay) == [1])
    #expect(throws: StoreError.hardLinked(path: path, links: 2)) { try history.append(measurement(2)) }
    #expect(history.map(\.delay) == [1])
    #expect(directory.bytes("h.plist") == before)
    #expect(directory.bytes("other.plist") == before)
    // One name again: saving works.
    try #require(unlink(other) == 0)
    try history.append(measurement(2))
    #expect(try SavedHistory(path: path, now: { Date(timeIntervalSince1970: 1_782_921_780) }).readAll().map(\.delay) == [1, 2])
  }
}
