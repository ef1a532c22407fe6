#if canImport(Glibc)
  import Glibc
#endif

/// Removes the temporary files crashed writers left beside a file, scanning its directory only when
/// something other than our own save changed it: a scan per save would cost a readdir of a possibly
/// large directory on every add.
struct StaleTemporarySweeper {
  let path: SystemPath
  /// The directory's modification time after our last sweep; a different one means someone else
  /// created or removed files there (perhaps a crashed writer's temporary file).
  private var directoryStamp: timespec?

  init(beside path: SystemPath) { self.path = path }

  /// Call only while holding the file's lock: then no live writer owns a temporary file.
  mutating func sweepIfDirectoryChanged() {
    let directory = path.parentDirectory
    var info = stat()
    guard directory.withCString({ stat($0, &info) }) == 0 else { return }
    if let stamp = directoryStamp, stamp.tv_sec == info.st_mtim.tv_sec, stamp.tv_nsec == info.st_mtim.tv_nsec
    {
      return
    }
    DurableFile.removeStaleTemporaries(beside: path)
    if directory.withCString({ stat($0, &info) }) == 0 { directoryStamp = info.st_mtim }
  }
}
