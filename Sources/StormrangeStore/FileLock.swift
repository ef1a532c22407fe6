#if canImport(Glibc)
  import Glibc
#endif

/// An advisory lock (flock) on a lock file beside the history, serialising writers across processes.
///
/// A separate lock file rather than the history itself, because every save replaces the history's
/// inode and a lock on the old inode would protect nothing.
final class FileLock {
  let path: SystemPath
  private var descriptor: Int32 = -1
  private var depth = 0

  init(path: SystemPath) { self.path = path }

  deinit { if descriptor >= 0 { close(descriptor) } }

  /// Takes the lock, waiting up to `timeout` seconds for another process to release it. Nested calls
  /// are counted; only the outermost `unlock` releases. The lock file is given to `owner`, as far as
  /// the system allows, when it is opened: a lock root made for another user's history, 0600 and
  /// root's, would lock that user out.
  func lock(owner: @autoclosure () -> FileOwner? = nil, timeout: Double = 10) throws(FileProblem) {
    if depth > 0 {
      depth += 1
      return
    }
    if descriptor < 0 {
      descriptor = try Self.open(path)
      // Only a regular file with one name is given away: a hard link planted at the lock's path
      // must not make root hand someone else's file to the history's owner.
      var info = stat()
      if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink == 1 {
        owner()?.adopt(descriptor: descriptor)
      }
    }
    var waited = 0.0
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR else { throw .system("cannot lock \(path)") }
      guard waited < timeout else {
        throw FileProblem(
          "another stormrange process has held the lock \(path) for \(Int(timeout)) s; try again")
      }
      usleep(2_000)
      waited += 0.002
    }
    depth = 1
  }

  func unlock() {
    guard depth > 0 else { return }
    depth -= 1
    if depth == 0 { flock(descriptor, LOCK_UN) }
  }

  /// Opens the lock file, creating it with mode 0600 whatever the umask. Read-only is all flock
  /// needs, so a lock file created under a umask like 0277 still serves its owner later.
  private static func open(_ path: SystemPath) throws(FileProblem) -> Int32 {
    for _ in 0..<3 {
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
