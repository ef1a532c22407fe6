import FoundationEssentials
import Glibc
import TestSupport
import Testing

@testable import StormrangeDomain
@testable import StormrangeStore

/// A history that goes missing under a session that keeps its file (`mqtt`) is not an empty one:
/// a change then is refused, and saved once the file is back (issue 29).
@Suite struct SavedHistoryMissingTests {
  let directory = TemporaryDirectory()
  var path: String { directory.file("h.plist") }
  let now = { Date(timeIntervalSince1970: 4_000_000_000) }

  func measurement(_ delay: Double) -> Measurement {
    Measurement(date: Date(timeIntervalSince1970: 1_782_921_780), delay: delay, temperature: 20)
  }

  @Test(arguments: [false, true])
  func aChangeWhileTheFileIsMissingIsRefusedAndSavedOnceItIsBack(grouped: Bool) throws {
    try SavedHistory(path: path, now: now).append(measurement(5))
    let history = SavedHistory(path: path, now: now)
    history.keepsItsFile = true
    try history.refresh()
    let aside = directory.file("aside.plist")
    #expect(rename(path, aside) == 0)
    try history.refresh()  // as `mqtt`'s status does: it finds the file missing
    func append(_ delay: Double) throws(StoreError) {
      guard grouped else { return try history.append(measurement(delay)) }
      history.beginGroup()
      do {
        try history.append(measurement(delay))
      } catch {
        try? history.commitGroup()
        throw error
      }
      try history.commitGroup()
    }
    #expect(throws: StoreError.missing(path: path)) { try append(6) }
    #expect(access(path, F_OK) != 0)
    #expect(rename(aside, path) == 0)
    try append(7)
    #expect(try SavedHistory(path: path, now: now).refreshed().map(\.delay) == [5, 7])
  }

  @Test func aSessionThatKeepsItsFileStillStartsAHistoryWhereThereWasNone() throws {
    let history = SavedHistory(path: path, now: now)
    history.keepsItsFile = true
    try history.append(measurement(5))
    #expect(try SavedHistory(path: path, now: now).refreshed().count == 1)
  }
}

extension SavedHistory {
  fileprivate func refreshed() throws -> [Measurement] {
    try refresh()
    return Array(self)
  }
}
