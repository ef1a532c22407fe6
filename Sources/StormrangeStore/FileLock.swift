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
final class FileLock {
  let path: SystemPath
  /// Asked while waiting: true ends the wait (a signal asked the process to stop).
  private let shouldStop: () -> Bool
  private var descriptor: Int32 = -1
  /// The lock file's folder, opened for its lock; -1 when not open (or it cannot be locked).
  private var folder: Int32 = -1
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
      while try !tryLock(owner: owner()) {
        if shouldStop() {
          var problem = FileProblem("stopped waiting for the lock \(path)")
          problem.isCancelled = true
          throw problem
        }
        guard waited < timeout else {
          throw FileProblem(
            "another stormrange process has held the lock \(path) for \(Int(timeout)) s; try again")
        }
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

  /// One attempt, without waiting: true once this process holds the lock file its path names now,
  /// and its folder.
  private func tryLock(owner: @autoclosure () -> FileOwner?) throws(FileProblem) -> Bool {
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
      guard try Self.take(descriptor, naming: path) else { return false }
      if namesLockedFile() { break }
      // Removed or replaced since it was opened: that lock keeps nobody out. Closing releases it.
      close(descriptor)
      descriptor = -1
    }
    if folder < 0 {
      folder = path.parentDirectory.withCString { Glibc.open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    }
    guard folder >= 0 else { return true }  // a folder we may not read: the lock file alone
    do {
      return try Self.take(folder, naming: path.parentDirectory)
    } catch {
      // A folder that cannot be locked (a file system without flock on directories): the lock
      // file alone, as before.
      close(folder)
      folder = -1
      return true
    }
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
