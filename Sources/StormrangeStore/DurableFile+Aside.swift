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
    let aside = unusedName(path + suffix)
    guard path.withCString({ from in aside.withCString { rename(from, $0) } }) == 0 else {
      throw .system("cannot move it aside to \(aside)")
    }
    return aside
  }

  /// `name`, or `name-2`, `name-3`, … : the first that nothing is at.
  static func unusedName(_ name: SystemPath) -> SystemPath {
    var candidate = name
    var attempt = 1
    while FileIdentity.of(path: candidate) != nil {
      attempt += 1
      candidate = name + "-\(attempt)"
    }
    return candidate
  }
}
