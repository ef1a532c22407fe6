#if canImport(Glibc)
  import Glibc
#endif

/// The user and group that the files stormrange makes for a history should belong to, so that root
/// rewriting another user's history (a service, `sudo`) does not leave it, its lock or its folders
/// owned by root, where their owner could no longer write them.
///
/// The owner of a history is the owner of its file; when there is no file yet, the owner of the
/// nearest existing folder on its path, which is whose tree the history is being made in.
struct FileOwner: Equatable {
  var user: uid_t
  var group: gid_t

  init(user: uid_t, group: gid_t) {
    self.user = user
    self.group = group
  }

  init(_ info: stat) {
    self.init(user: info.st_uid, group: info.st_gid)
  }

  /// Whose the history at `path` is: its file's owner, or its nearest existing folder's. Nil when
  /// nothing on the path can be examined.
  static func ofHistory(at path: SystemPath) -> FileOwner? {
    var candidate = path
    var info = stat()
    while candidate.withCString({ stat($0, &info) }) != 0 {
      let failure = errno
      let parent = candidate.parentDirectory
      guard parent != candidate, failure == ENOENT || failure == ENOTDIR else { return nil }
      candidate = parent
    }
    return FileOwner(info)
  }

  /// Gives the open file `descriptor` this owner, as far as the system allows, and ignores a refusal:
  /// root may give a file to anyone, others only to a group they belong to. Through the descriptor,
  /// never the path, so a name swapped for a link in between cannot redirect it.
  func adopt(descriptor: Int32) {
    var info = stat()
    guard fstat(descriptor, &info) == 0, FileOwner(info) != self else { return }
    if fchown(descriptor, user, group) != 0, info.st_gid != group {
      _ = fchown(descriptor, uid_t.max, group)  // -1: the user stays, the group may still change
    }
  }
}
