#if canImport(Glibc)
  import Glibc
#endif

extension DurableFile {
  /// Follows symbolic links at `path` (up to 40) to the file they name, even if it does not exist
  /// yet, so a history kept behind a link (a dotfiles repository, a synced folder) stays there and
  /// the link stays a link when the file is replaced.
  static func resolveLinks(_ path: SystemPath) -> SystemPath {
    var current = path
    for _ in 0..<40 {
      guard let next = linkDestination(of: current) else { return current }
      current = next
    }
    return current
  }

  /// Where the symbolic link at `path` leads (relative to the link's folder when it is relative),
  /// or nil when `path` is not a link.
  static func linkDestination(of path: SystemPath) -> SystemPath? {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = path.withCString { name in
      buffer.withUnsafeMutableBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { readlink(name, $0.baseAddress!, $0.count - 1) }
      }
    }
    guard length > 0 else { return nil }
    let destination = SystemPath(bytes: buffer[0..<length])
    return destination.isAbsolute ? destination : path.parentDirectory + "/" + destination.bytes
  }

  /// The canonical path of an existing file (links, `.` and `..` resolved), or nil.
  static func realPath(_ path: SystemPath) -> SystemPath? {
    guard let resolved = path.withCString({ realpath($0, nil) }) else { return nil }
    defer { free(resolved) }
    return SystemPath(bytes: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
  }
}
