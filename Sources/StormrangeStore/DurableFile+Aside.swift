#if canImport(Glibc)
  import Glibc
#endif

extension DurableFile {
  /// Renames the regular file at `path` to `<path><suffix>`, or `<path><suffix>-2`, `-3`, … when
  /// that name is taken, and returns the new name. Anything but a regular file (a directory, a FIFO)
  /// is not ours to rename and is refused.
  static func moveAside(_ path: SystemPath, suffix: String) throws(FileProblem) -> SystemPath {
    var info = stat()
    guard path.withCString({ lstat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      throw FileProblem("it is not a regular file, so it was not moved aside; move or remove it yourself")
    }
    var aside = path + suffix
    var attempt = 1
    while FileIdentity.of(path: aside) != nil {
      attempt += 1
      aside = path + suffix + "-\(attempt)"
    }
    guard path.withCString({ from in aside.withCString { rename(from, $0) } }) == 0 else {
      throw .system("cannot move it aside to \(aside)")
    }
    return aside
  }
}
