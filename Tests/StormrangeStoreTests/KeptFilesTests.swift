import FoundationEssentials
import Glibc
import TestSupport
import Testing

@testable import StormrangeDomain
@testable import StormrangeStore

/// The files stormrange keeps, which no export may replace: found by device and inode through links,
/// and by the names stormrange makes beside them, whether or not anything is there yet.
@Suite struct KeptFilesTests {
  let directory = TemporaryDirectory()
  let history: SavedHistory
  let settings: SettingsStore
  let kept: KeptFiles

  init() throws {
    mkdir(directory.file("config"), 0o700)
    mkdir(directory.file("state"), 0o700)
    history = SavedHistory(
      path: directory.file("h.plist"), now: { Date(timeIntervalSince1970: 1_782_921_780) })
    try history.append(
      Measurement(date: Date(timeIntervalSince1970: 1_782_921_780), delay: 5, temperature: 20))
    settings = SettingsStore(path: directory.file("config/settings.plist"))
    try settings.set(unit: .miles)
    try directory.write("state/history", "add 5\n")
    kept = KeptFiles(
      history: history, settings: settings, commandHistory: SystemPath(directory.file("state/history")))
  }

  private func kind(_ name: String) -> KeptFiles.Kind? { kept.kind(of: SystemPath(directory.file(name))) }

  @Test func eachKeptFileIsFound() {
    #expect(kind("h.plist") == .history)
    #expect(kind("h.plist.lock") == .historyLock)
    #expect(kind("config/settings.plist") == .settings)
    #expect(kind("config/settings.plist.lock") == .settingsLock)
    #expect(kind("state/history") == .commandHistory)
  }

  @Test func theNamesMadeBesideThemAreFoundEvenBeforeAnythingIsThere() {
    #expect(kind("h.plist.cleared-20260701T160300Z") == .clearedCopy)
    #expect(kind("h.plist.cleared-20260701T160300Z-2") == .clearedCopy)
    #expect(kind("h.plist.unreadable-20260701T160300Z") == .unreadableCopy)
    #expect(kind(".h.plist.tmp-1f2e3d") == .temporary)
    #expect(kind(".h.plist.cleared-20260701T160300Z.tmp-1f2e3d") == .temporary)
    #expect(kind("config/.settings.plist.tmp-1f2e3d") == .temporary)
    #expect(kind("state/.history.tmp-1f2e3d") == .temporary)
  }

  @Test func otherFilesAreNotKept() throws {
    try directory.write("h.plist.csv", "")
    for name in [
      "h.plist.csv", "h.plist.locked", "h.plistx", ".h.plist.csv", "settings.plist", "history",
      "config/history", "state/h.plist.lock", "new.csv",
    ] {
      #expect(kind(name) == nil, "\(name)")
    }
  }

  @Test func linksAreFollowedAsAnExportFollowsThem() throws {
    symlink(directory.file("h.plist.lock"), directory.file("to-lock"))
    symlink("h.plist.cleared-20260701T160300Z", directory.file("to-copy"))  // dangling, relative
    symlink(directory.file("config"), directory.file("config-link"))
    #expect(kind("to-lock") == .historyLock)
    #expect(kind("to-copy") == .clearedCopy)
    #expect(kind("config-link/settings.plist.lock") == .settingsLock)
    #expect(kind("config-link/.settings.plist.tmp-x") == .temporary)
  }

  @Test func aHardLinkIsTheSameFile() {
    link(directory.file("h.plist.lock"), directory.file("lock-too"))
    link(directory.file("state/history"), directory.file("typed"))
    #expect(kind("lock-too") == .historyLock)
    #expect(kind("typed") == .commandHistory)
  }

  @Test func theHistoryIsWhereItsLinkLeads() throws {
    mkdir(directory.file("real"), 0o700)
    symlink(directory.file("real/h.plist"), directory.file("link.plist"))
    let linked = SavedHistory(
      path: directory.file("link.plist"), now: { Date(timeIntervalSince1970: 1_782_921_780) })
    let kept = KeptFiles(history: linked, settings: nil, commandHistory: nil)
    #expect(kept.kind(of: SystemPath(directory.file("real/h.plist.lock"))) == .historyLock)
    #expect(kept.kind(of: SystemPath(directory.file("link.plist"))) == .history)
    #expect(kept.kind(of: SystemPath(directory.file("link.plist.lock"))) == nil)
  }

  @Test func theDefaultHistoryAndItsFilesAreKeptFromASessionOnAnother() throws {
    mkdir(directory.file("default"), 0o700)
    let kept = KeptFiles(
      history: history, settings: nil, commandHistory: nil,
      defaultHistory: SystemPath(directory.file("default/SavedHistory.plist")))
    let kind = { (name: String) in kept.kind(of: SystemPath(self.directory.file(name))) }
    #expect(kind("default/SavedHistory.plist") == .defaultHistory)
    #expect(kind("default/SavedHistory.plist.lock") == .defaultHistoryLock)
    #expect(kind("default/SavedHistory.plist.cleared-20260701T160300Z") == .clearedCopy)
    #expect(kind("default/.SavedHistory.plist.tmp-1f2e3d") == .temporary)
    #expect(kind("default/other.csv") == nil)
    // The session's own history is named as such when it is the default one too.
    let same = KeptFiles(
      history: history, settings: nil, commandHistory: nil,
      defaultHistory: SystemPath(directory.file("h.plist")))
    #expect(same.kind(of: SystemPath(directory.file("h.plist"))) == .history)
  }

  @Test func aDescriptorTheCallerDidNotPassIsStormrangesOwn() throws {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    defer { ends.forEach { close($0) } }
    let writer = ends[1]
    let own = KeptFiles(history: history, settings: nil, commandHistory: nil, inheritedDescriptors: [])
    let passed = KeptFiles(
      history: history, settings: nil, commandHistory: nil, inheritedDescriptors: [writer])
    let unknown = KeptFiles(history: history, settings: nil, commandHistory: nil)
    symlink("/proc/self/fd", directory.file("descriptors"))
    for name in [
      "/dev/fd/\(writer)", "/proc/self/fd/\(writer)", "/proc/\(getpid())/fd/\(writer)",
      directory.file("descriptors/\(writer)"),
    ] {
      #expect(own.kind(of: SystemPath(name)) == .ownDescriptor, "\(name)")
      #expect(passed.kind(of: SystemPath(name)) == nil, "\(name)")
      #expect(unknown.kind(of: SystemPath(name)) == nil, "\(name)")
    }
    // Standard output is always the caller's; a file is found by its name, not its descriptor.
    #expect(own.kind(of: SystemPath("/dev/stdout")) == nil)
    #expect(own.kind(of: SystemPath("/dev/null")) == nil)
  }
}
