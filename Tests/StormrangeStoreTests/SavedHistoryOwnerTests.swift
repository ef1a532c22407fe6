import FoundationEssentials
import Glibc
import TestSupport
import Testing

@testable import StormrangeDomain
@testable import StormrangeStore

/// What stormrange makes for a history belongs to the history's owner. Only root can give files to
/// another user, so these run as root (as CI does); end to end, test_guarantee_owner_and_links.py
/// also checks that the owner can go on writing.
@Suite(.enabled(if: geteuid() == 0, "only root can give a file to another user"))
struct SavedHistoryOwnerTests {
  let directory = TemporaryDirectory()
  /// Someone other than root: `nobody` on Debian.
  let someone = FileOwner(user: 65534, group: 65534)

  func measurement(_ delay: Double) -> Measurement {
    Measurement(date: Date(timeIntervalSince1970: 1_782_921_780), delay: delay, temperature: 20, note: nil)
  }

  func owner(of path: String) -> FileOwner? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return FileOwner(info)
  }

  @Test func aRewriteKeepsTheOwnerAndTheLockIsTheOwners() throws {
    let path = directory.file("h.plist")
    try SavedHistory(path: path, now: { Date(timeIntervalSince1970: 1_782_921_780) }).append(measurement(1))
    try #require(chown(path, someone.user, someone.group) == 0)
    try SavedHistory(path: path, now: { Date(timeIntervalSince1970: 1_782_921_780) }).append(measurement(2))
    #expect(owner(of: path) == someone)
    #expect(owner(of: path + ".lock") == someone)
  }

  @Test func aNewHistoryAndItsFoldersTakeTheOwnerOfTheNearestExistingFolder() throws {
    let home = directory.file("home")
    try #require(mkdir(home, 0o755) == 0 && chown(home, someone.user, someone.group) == 0)
    let path = home + "/data/stormrange/h.plist"
    try SavedHistory(path: path, now: { Date(timeIntervalSince1970: 1_782_921_780) }).append(measurement(1))
    for made in [home + "/data", home + "/data/stormrange", path, path + ".lock"] {
      #expect(owner(of: made) == someone, "\(made)")
    }
    #expect(owner(of: directory.path) == FileOwner(user: 0, group: 0))  // existing folders are left alone
  }

  @Test func aLockRootMadeEarlierIsGivenBack() throws {
    let path = directory.file("h.plist")
    try SavedHistory(path: path, now: { Date(timeIntervalSince1970: 1_782_921_780) }).append(measurement(1))  // root's history, root's lock
    try #require(chown(path, someone.user, someone.group) == 0)
    _ = try SavedHistory(path: path, now: { Date(timeIntervalSince1970: 1_782_921_780) }).removeAll()
    #expect(owner(of: path + ".lock") == someone)
  }
}
