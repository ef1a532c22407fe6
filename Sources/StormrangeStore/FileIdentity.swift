#if canImport(Glibc)
  import Glibc
#endif

/// Enough of a file's metadata to tell that another process replaced or changed it since we read it.
/// Every save renames a new file into place, so a save by anyone changes at least the inode and ctime.
package struct FileIdentity: Equatable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modified: timespec
  var changed: timespec
  /// How many names (hard links) the file has. Not part of the identity: adding a link changes the
  /// ctime anyway.
  var links: Int

  /// Whether the file has other names (hard links), which replacing it would leave with the old
  /// contents: the history is then not saved, and an export not written.
  var hasOtherNames: Bool { links > 1 }

  init(_ info: stat) {
    links = Int(info.st_nlink)
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    modified = info.st_mtim
    changed = info.st_ctim
  }

  /// The identity of the file at `path` now, or nil if there is none.
  static func of(path: SystemPath) -> FileIdentity? {
    var info = stat()
    guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
    return FileIdentity(info)
  }

  package static func == (lhs: FileIdentity, rhs: FileIdentity) -> Bool {
    lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
      && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
      && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
  }
}
