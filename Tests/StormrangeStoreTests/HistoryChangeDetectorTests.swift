import FoundationEssentials
import Glibc
import TestSupport
import Testing

@testable import StormrangeDomain
@testable import StormrangeStore

@Suite struct HistoryChangeDetectorTests {
  let directory = TemporaryDirectory()
  var path: String { directory.file("h.plist") }
  let now = { Date(timeIntervalSince1970: 4_000_000_000) }

  /// Saves a measurement as another process would: a new file renamed over the history.
  func addAsAnotherProcess(_ delay: Double) throws {
    try SavedHistory(path: path, now: now).append(
      Measurement(date: Date(timeIntervalSince1970: 1_782_921_780), delay: delay, temperature: 20))
  }

  /// The detector's answer, after waiting for its descriptor (inotify) for at most a second.
  func changed(_ detector: HistoryChangeDetector) -> Bool {
    if detector.descriptor >= 0 {
      var waiting = [pollfd(fd: detector.descriptor, events: Int16(POLLIN), revents: 0)]
      _ = poll(&waiting, 1, 1000)
    }
    return detector.check()
  }

  @Test(arguments: [false, true])
  func aSaveByAnotherProcessIsNoticedOnceAndOnlyThen(polling: Bool) throws {
    try addAsAnotherProcess(6)
    let detector = HistoryChangeDetector(path: SystemPath(path), polling: polling)
    #expect(detector.method == (polling ? .polling : .inotify))
    #expect(!changed(detector))
    try addAsAnotherProcess(7)
    #expect(changed(detector))
    #expect(!changed(detector))
  }

  @Test(arguments: [false, true])
  func otherFilesInTheFolderAreNotAChange(polling: Bool) throws {
    try addAsAnotherProcess(6)
    let detector = HistoryChangeDetector(path: SystemPath(path), polling: polling)
    try directory.write("other.plist", "x")
    try SavedHistory(path: directory.file("other-history.plist"), now: now).append(
      Measurement(date: Date(timeIntervalSince1970: 1_782_921_780), delay: 5, temperature: 20))
    #expect(!changed(detector))
  }

  @Test(arguments: [false, true])
  func theFileAppearingOrGoingIsAChange(polling: Bool) throws {
    let detector = HistoryChangeDetector(path: SystemPath(path), polling: polling)
    #expect(!changed(detector))
    try addAsAnotherProcess(6)
    #expect(changed(detector))
    unlink(path)
    #expect(changed(detector))
  }

  @Test func theTargetOfALinkIsWatched() throws {
    let elsewhere = TemporaryDirectory()
    let target = elsewhere.file("real.plist")
    symlink(target, path)
    let history = SavedHistory(path: path, now: now)
    let detector = HistoryChangeDetector(history: history)
    #expect(detector.method == .inotify)
    try SavedHistory(path: target, now: now).append(
      Measurement(date: Date(timeIntervalSince1970: 1_782_921_780), delay: 5, temperature: 20))
    #expect(changed(detector))
  }

  /// A folder removed while something still holds it (a shell's working directory) sends no event
  /// until it is let go; the detector notices the new folder at the path and polls it.
  @Test func aFolderReplacedWhileHeldIsNoticed() throws {
    let folder = directory.file("held")
    let inner = folder + "/h.plist"
    mkdir(folder, 0o700)
    try SavedHistory(path: inner, now: now).append(
      Measurement(date: Date(timeIntervalSince1970: 1_782_921_780), delay: 5, temperature: 20))
    let detector = HistoryChangeDetector(path: SystemPath(inner))
    #expect(detector.method == .inotify)
    let holder = open(folder, O_RDONLY | O_DIRECTORY)
    defer { close(holder) }
    #expect(rename(folder, directory.file("gone")) == 0)
    mkdir(folder, 0o700)
    #expect(detector.check())
    #expect(detector.method == .polling)
    _ = detector.check()  // watches the new folder
    #expect(detector.method == .inotify)
    #expect(!changed(detector))
    try SavedHistory(path: inner, now: now).append(
      Measurement(date: Date(timeIntervalSince1970: 1_782_921_780), delay: 6, temperature: 20))
    #expect(changed(detector))
  }

  @Test func aMissingFolderIsPolledUntilItExists() throws {
    let inner = directory.file("later/h.plist")
    let detector = HistoryChangeDetector(path: SystemPath(inner))
    #expect(detector.method == .polling)
    #expect(!detector.check())
    mkdir(directory.file("later"), 0o700)
    #expect(detector.check())
    #expect(detector.method == .inotify)
    try SavedHistory(path: inner, now: now).append(
      Measurement(date: Date(timeIntervalSince1970: 1_782_921_780), delay: 5, temperature: 20))
    #expect(changed(detector))
  }
}
