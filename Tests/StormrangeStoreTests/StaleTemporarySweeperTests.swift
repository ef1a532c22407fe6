import FoundationEssentials
import Glibc
import TestSupport
import Testing

@testable import StormrangeStore

/// A crashed writer's temporary file beside the history is removed, and the folder is read again
/// only when someone else changed it.
@Suite struct StaleTemporarySweeperTests {
  let directory = TemporaryDirectory()
  var path: SystemPath { SystemPath(directory.file("h.plist")) }

  func names() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
  }

  @Test func aCrashedWritersTemporaryFileIsRemovedAndOtherFilesStay() throws {
    try directory.write("h.plist", "history")
    try directory.write(".h.plist.tmp-abc123", "half written")
    try directory.write(".other.plist.tmp-abc123", "another file's")
    try directory.write("notes.txt", "mine")
    var sweeper = StaleTemporarySweeper(beside: path)
    sweeper.sweepIfDirectoryChanged()
    #expect(names() == [".other.plist.tmp-abc123", "h.plist", "notes.txt"])
  }

  /// The folder's modification time.
  func folderTime() -> timespec {
    var info = stat()
    stat(directory.path, &info)
    return info.st_mtim
  }

  /// Sets the folder's modification time, as if the last change to it had been at `time`.
  func setFolderTime(_ time: timespec) {
    var info = stat()
    stat(directory.path, &info)
    let times = [info.st_atim, time]
    utimensat(AT_FDCWD, directory.path, times, 0)
  }

  @Test func aFolderUnchangedSinceTheLastSweepIsNotReadAgain() throws {
    var sweeper = StaleTemporarySweeper(beside: path)
    sweeper.sweepIfDirectoryChanged()
    let swept = folderTime()
    // A temporary file that appears while the folder's time stays what the sweep saw: not looked for.
    try directory.write(".h.plist.tmp-abc", "left")
    setFolderTime(swept)
    sweeper.sweepIfDirectoryChanged()
    #expect(names() == [".h.plist.tmp-abc"])
    // Once the folder changes, the next sweep finds it.
    setFolderTime(timespec(tv_sec: swept.tv_sec + 10, tv_nsec: 0))
    sweeper.sweepIfDirectoryChanged()
    #expect(names() == [])
  }
}
