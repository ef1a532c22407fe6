#if canImport(Glibc)
  import Glibc
#endif

/// An advisory lock (flock) on a lock file beside the history, serialising writers across processes.
///
/// A separate lock file rather than the history itself, because every save replaces the history's
/// inode and a lock on the old inode would protect nothing.
///
/// The lock file's name can itself be removed or replaced while writers run (`rm`, a tool that
/// rewrites it). A writer that locked the old file and one that opened the new file would then each
/// hold "the" lock, and lose each other's measurements. So a lock counts as taken only when its path
/// still names the file locked (same device and inode; otherwise it starts again on the file there
/// now), and the folder holding the lock file is locked as well, which no rename or removal of the
/// lock file can change: a writer that took the lock before the name was replaced still keeps out
/// one that locked the new file.
///
/// Any program that can open a folder can flock it. So the folder is locked only when it is one
/// whose files are its owner's alone: not in a folder others may write in (world-writable, or with
/// the sticky bit, as `/tmp`), where another user's program could hold the folder and stop every
/// save, and where, with the sticky bit, nobody but the owner can replace the lock file anyway.
final class FileLock {
  let path: SystemPath
  /// Asked while waiting: true ends the wait (a signal asked the process to stop).
  private let shouldStop: () -> Bool
  private var descriptor: Int32 = -1
  /// The lock file's folder, opened for its lock; ``folderUnopened`` until the first attempt, -1
  /// when it is not locked (it cannot be, or others may write in it: see the type's comment).
  private var folder = FileLock.folderUnopened
  private static let folderUnopened: Int32 = -2
  private var depth = 0

  init(path: SystemPath, shouldStop: @escaping () -> Bool = { false }) {
    self.path = path
    self.shouldStop = shouldStop
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
    if folder >= 0 { close(folder) }
  }

  /// Takes the lock, waiting up to `timeout` seconds for another process to release it, or until
  /// `shouldStop` says to give up (the problem is then ``FileProblem/isCancelled``). Nested calls
  /// are counted; only the outermost `unlock` releases. The lock file is given to `owner`, as far as
  /// the system allows, when it is opened: a lock root made for another user's history, 0600 and
  /// root's, would lock that user out.
  func lock(owner: @autoclosure () -> FileOwner? = nil, timeout: Double = 10) throws(FileProblem) {
    if depth > 0 {
      depth += 1
      return
    }
    var waited = 0.0
    do throws(FileProblem) {
      while case let held? = try tryLock(owner: owner()) {
        if shouldStop() {
          var problem = FileProblem("stopped waiting for the lock \(path)")
          problem.isCancelled = true
          throw problem
        }
        guard waited < timeout else { throw timedOut(held, after: timeout) }
        usleep(2_000)  // a signal cuts it short
        waited += 0.002
      }
    } catch {
      release()
      throw error
    }
    depth = 1
  }

  func unlock() {
    guard depth > 0 else { return }
    depth -= 1
    if depth == 0 { release() }
  }

  /// What another process holds, which this one waits for.
  private enum Held { case lockFile, folder }

  /// Why the wait for `held` was given up after `timeout` seconds, and what to do.
  private func timedOut(_ held: Held, after timeout: Double) -> FileProblem {
    switch held {
    case .lockFile:
      FileProblem("another stormrange process has held the lock \(path) for \(Int(timeout)) s; try again")
    case .folder:
      FileProblem(
        "the folder \(path.parentDirectory) has been locked (flock) for \(Int(timeout)) s by another program "
          + "or another stormrange process, and stormrange locks it too to save (with the lock file \(path)); "
          + "try again once that program is done, or keep the file in a folder no other program locks")
    }
  }

  /// One attempt, without waiting: nil once this process holds the lock file its path names now,
  /// and its folder; else what another process holds.
  private func tryLock(owner: @autoclosure () -> FileOwner?) throws(FileProblem) -> Held? {
    while true {
      if descriptor < 0 {
        descriptor = try Self.open(path)
        // Only a regular file with one name is given away: a hard link planted at the lock's path
        // must not make root hand someone else's file to the history's owner.
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink == 1 {
          owner()?.adopt(descriptor: descriptor)
        }
      }
      guard try Self.take(descriptor, naming: path) else { return .lockFile }
      if namesLockedFile() { break }
      // Removed or replaced since it was opened: that lock keeps nobody out. Closing releases it.
      close(descriptor)
      descriptor = -1
    }
    if folder == Self.folderUnopened { folder = Self.openFolder(path.parentDirectory) }
    guard folder >= 0 else { return nil }  // the lock file alone
    do {
      return try Self.take(folder, naming: path.parentDirectory) ? nil : .folder
    } catch {
      // A folder that cannot be locked (a file system without flock on directories): the lock
      // file alone.
      close(folder)
      folder = -1
      return nil
    }
  }

  /// The folder opened for its lock, or -1 when it is not to be locked: it cannot be read, or
  /// others may write in it (see the type's comment).
  private static func openFolder(_ path: SystemPath) -> Int32 {
    let descriptor = path.withCString { Glibc.open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard descriptor >= 0 else { return -1 }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & (S_IWOTH | S_ISVTX) == 0 else {
      close(descriptor)
      return -1
    }
    return descriptor
  }

  /// Whether the path names the file `descriptor` has open: same device and inode.
  private func namesLockedFile() -> Bool {
    var locked = stat()
    var named = stat()
    guard fstat(descriptor, &locked) == 0, path.withCString({ lstat($0, &named) }) == 0 else { return false }
    return locked.st_dev == named.st_dev && locked.st_ino == named.st_ino
  }

  private func release() {
    if folder >= 0 { flock(folder, LOCK_UN) }
    if descriptor >= 0 { flock(descriptor, LOCK_UN) }
  }

  /// flock without waiting: true when taken, false when another process holds it.
  private static func take(_ descriptor: Int32, naming path: SystemPath) throws(FileProblem) -> Bool {
    if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
    guard errno == EWOULDBLOCK || errno == EINTR else { throw .system("cannot lock \(path)") }
    return false
  }

  /// Opens the lock file, creating it with mode 0600 whatever the umask. Read-only is all flock
  /// needs, so a lock file created under a umask like 0277 still serves its owner later.
  private static func open(_ path: SystemPath) throws(FileProblem) -> Int32 {
    // Retried while another process removes the file between the two opens (it may do so often).
    for _ in 0..<100 {
      // O_NONBLOCK: a FIFO at the lock's path must not hang every write; flock then refuses it.
      let created = path.withCString {
        Glibc.open($0, O_RDONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
      }
      if created >= 0 {
        fchmod(created, 0o600)
        return created
      }
      guard errno == EEXIST else { break }
      let existing = path.withCString { Glibc.open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
      if existing >= 0 {
        var info = stat()
        guard fstat(existing, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
          close(existing)
          throw FileProblem("the lock file \(path) is not a regular file; remove it")
        }
        return existing
      }
      guard errno == ENOENT else { break }  // removed in between: try again
    }
    throw .system("cannot open the lock file \(path)")
  }
}
