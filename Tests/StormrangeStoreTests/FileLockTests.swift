import Glibc
import TestSupport
import Testing

@testable import StormrangeStore

/// The writers' lock: waiting, giving up when asked to stop, and not being split by a lock file that
/// was removed or replaced. Two `FileLock`s in one process conflict as two processes would: flock
/// locks belong to open files, not to processes.
@Suite struct FileLockTests {
  let directory = TemporaryDirectory()
  var path: SystemPath { SystemPath(directory.file("h.plist.lock")) }

  /// Whether another open file could take the lock on `path` now (without waiting); it lets go again.
  private func isFree(_ path: SystemPath) -> Bool {
    let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { return true }
    defer { close(descriptor) }
    return flock(descriptor, LOCK_EX | LOCK_NB) == 0
  }

  /// Renames a new empty file over `path`.
  private func replace(_ path: SystemPath) throws {
    try directory.write("spare", "")
    #expect(rename(directory.file("spare"), path.description) == 0)
  }

  @Test func aHeldLockMakesAnotherWaitUntilItsTimeout() throws {
    let first = FileLock(path: path)
    try first.lock()
    let second = FileLock(path: path)
    let problem = #expect(throws: FileProblem.self) { try second.lock(timeout: 0.05) }
    #expect(problem?.message.contains("has held the lock") == true)
    #expect(problem?.isCancelled == false)
    first.unlock()
    try second.lock(timeout: 0)
  }

  @Test func askingToStopEndsTheWaitAtOnceAndHoldsNothing() throws {
    let first = FileLock(path: path)
    try first.lock()
    var asked = 0
    let second = FileLock(path: path) {
      asked += 1
      return asked == 3
    }
    let problem = #expect(throws: FileProblem.self) { try second.lock(timeout: 3600) }
    #expect(problem?.isCancelled == true)
    #expect(asked == 3)
    first.unlock()
    #expect(isFree(path))
    #expect(isFree(path.parentDirectory))
  }

  @Test func aFreeLockIsTakenEvenWhenAskedToStop() throws {
    // A signal cancels a wait; a change that need not wait goes ahead (it is over in milliseconds).
    let lock = FileLock(path: path) { true }
    try lock.lock(timeout: 0)
    #expect(!isFree(path))
    lock.unlock()
    #expect(isFree(path))
  }

  @Test func onlyTheOutermostUnlockReleases() throws {
    let lock = FileLock(path: path)
    try lock.lock()
    try lock.lock()
    lock.unlock()
    #expect(!isFree(path))
    lock.unlock()
    #expect(isFree(path))
  }

  @Test func aLockFileReplacedSinceItWasOpenedIsLockedAfresh() throws {
    let lock = FileLock(path: path)
    try lock.lock()
    lock.unlock()  // the file stays open, ready for the next change
    try replace(path)
    try lock.lock()
    // Another process opening the path now finds it locked: the lock is on the file there now, not
    // on the one it had open.
    #expect(!isFree(path))
    lock.unlock()
  }

  @Test func aLockFileRemovedSinceItWasOpenedIsMadeAgainAndLocked() throws {
    let lock = FileLock(path: path)
    try lock.lock()
    lock.unlock()
    #expect(unlink(path.description) == 0)
    try lock.lock()
    #expect(access(path.description, F_OK) == 0)
    #expect(!isFree(path))
    lock.unlock()
  }

  @Test func aLockFileReplacedWhileHeldStillKeepsOthersOut() throws {
    // The holder locked the old file; a writer arriving now opens and locks the new one, but not
    // the folder, which the holder still has.
    let holder = FileLock(path: path)
    try holder.lock()
    try replace(path)
    let arriving = FileLock(path: path)
    #expect(throws: FileProblem.self) { try arriving.lock(timeout: 0.05) }
    holder.unlock()
    try arriving.lock(timeout: 0)
    arriving.unlock()
  }

  @Test func aLockFileThatIsNotAFileIsRefused() throws {
    #expect(mkfifo(path.description, 0o600) == 0)
    let problem = #expect(throws: FileProblem.self) { try FileLock(path: path).lock(timeout: 0) }
    #expect(problem?.message.contains("is not a regular file") == true)
  }

  /// Holds a shared flock on the folder `path`, as another program might (`flock DIR command`).
  private func holdFolder(_ path: String) throws -> Int32 {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    try #require(descriptor >= 0 && flock(descriptor, LOCK_SH | LOCK_NB) == 0)
    return descriptor
  }

  @Test func aFolderHeldByAnotherProgramIsNamedWhenTheWaitEnds() throws {
    let held = try holdFolder(directory.path)
    defer { close(held) }
    let problem = #expect(throws: FileProblem.self) { try FileLock(path: path).lock(timeout: 0.05) }
    #expect(
      problem?.message
        == "the folder \(directory.path) has been locked (flock) for 0 s by another program or another "
        + "stormrange process, and stormrange locks it too to save (with the lock file \(path)); try again "
        + "once that program is done, or keep the file in a folder no other program locks")
  }

  @Test func aFolderOthersMayWriteInIsNotLocked() throws {
    for mode: mode_t in [0o1777, 0o0777, 0o1700] {
      let folder = directory.file("shared-\(String(mode, radix: 8))")
      mkdir(folder, 0o700)
      chmod(folder, mode)
      let held = try holdFolder(folder)
      defer { close(held) }
      let lock = FileLock(path: SystemPath(folder + "/h.plist.lock"))
      try lock.lock(timeout: 0)
      #expect(!isFree(SystemPath(folder + "/h.plist.lock")))
      lock.unlock()
    }
  }
}
