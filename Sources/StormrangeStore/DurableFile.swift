import StormrangeBase

#if canImport(Glibc)
  import Glibc
#endif

/// Reading and atomically, durably replacing a small file that people depend on.
///
/// `Data.write(to:options: .atomic)` fsyncs the file but not its directory (a crash can lose the
/// rename) and resets the mode; this does neither.
package enum DurableFile {
  /// The contents of `path` with its identity, or nil if no file is there. Refuses anything but a
  /// regular file (a directory, a FIFO, a device) without opening it, and files over `limit` bytes
  /// without reading them. `followingLinks: false` refuses a symbolic link at `path` instead.
  package static func read(path: SystemPath, limit: Int, followingLinks: Bool = true) throws(FileProblem)
    -> (bytes: [UInt8], identity: FileIdentity)?
  {
    // Looked at before it is opened: opening a FIFO, even without waiting, would release a writer
    // waiting for a reader, and opening a device can do something of its own.
    var info = stat()
    let examined = path.withCString { followingLinks ? stat($0, &info) : lstat($0, &info) }
    if examined == 0, (info.st_mode & S_IFMT) != S_IFREG { throw notARegularFile(info.st_mode) }
    // O_NONBLOCK: should a FIFO take the file's place meanwhile, opening it must not wait for a
    // writer; it is refused below, not read.
    let noFollow = followingLinks ? 0 : O_NOFOLLOW
    let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | noFollow) }
    if descriptor < 0 {
      if errno == ENOENT { return nil }
      throw .system("cannot open it")
    }
    defer { close(descriptor) }
    guard fstat(descriptor, &info) == 0 else { throw .system("cannot examine it") }
    guard (info.st_mode & S_IFMT) == S_IFREG else { throw notARegularFile(info.st_mode) }
    guard info.st_size <= limit else {
      throw FileProblem(
        "it is too large: \(ByteCount.text(info.st_size)); the limit is \(ByteCount.text(limit))")
    }
    // One byte more than the size, so the read that finds the end needs no bigger buffer: growing a
    // 30 MB array would copy it and double the memory a large history takes. Left uninitialized
    // (only what `read` filled is kept): zeroing it first cost 3 M instructions at 10k entries.
    var bytes: [UInt8] = []
    var filled = 0
    var failure: Int32 = 0
    while true {
      if filled == bytes.count {
        let old = bytes
        let capacity = old.isEmpty ? Int(info.st_size) + 1 : old.count + 65536
        bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
          _ = buffer.initialize(fromContentsOf: old)
          // UInt8 is a trivial type: the rest is filled by read(2) before anything reads it.
          count = capacity
        }
      }
      let count = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        failure = errno
        break
      }
      if count == 0 { break }
      filled += count
      if filled > limit {
        throw FileProblem("it grew beyond the limit of \(ByteCount.text(limit)) while being read")
      }
    }
    if failure != 0 { throw .system("cannot read it", errno: failure) }
    bytes.removeSubrange(filled...)
    return (bytes, FileIdentity(info))
  }

  private static func notARegularFile(_ mode: mode_t) -> FileProblem {
    var problem = FileProblem("it is \(FileKind(mode).description), not a file")
    problem.isNotARegularFile = true
    return problem
  }

  /// Replaces `path` with `bytes` so that a crash at any instant leaves the old or the new file:
  /// a new file, created exclusively under an unpredictable name in the same directory (so a planted
  /// symlink cannot redirect the write), written, flushed, given the old file's mode and owner (or
  /// `mode` and `owner` for a new file; the owner as far as the system allows) and its `user.*`
  /// extended attributes and access ACL (best effort), renamed over the old one, and the directory
  /// flushed. Returns the new file's identity.
  @discardableResult
  package static func replace(path: SystemPath, with bytes: [UInt8], mode: mode_t = 0o600) throws(FileProblem)
    -> FileIdentity
  {
    try replace(path: path, with: bytes, mode: mode, owner: nil)
  }

  /// `replace`, giving a new file `owner` (nil: the process's own user and group). `owner` is only
  /// worked out when there is no file yet: an existing file's owner comes from the `lstat` that also
  /// gives its mode, so a save costs no lookup of its own.
  @discardableResult
  static func replace(
    path: SystemPath, with bytes: [UInt8], mode: mode_t = 0o600, owner: @autoclosure () -> FileOwner?
  ) throws(FileProblem) -> FileIdentity {
    let directory = path.parentDirectory
    var existing = stat()
    let keepMode = path.withCString { lstat($0, &existing) } == 0 && (existing.st_mode & S_IFMT) == S_IFREG
    let finalMode = keepMode ? existing.st_mode & 0o7777 : mode
    let finalOwner = keepMode ? FileOwner(existing) : owner()
    let temporary = directory + "/" + temporaryPrefix(for: path) + randomSuffix()
    let descriptor = temporary.withCString {
      open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    }
    guard descriptor >= 0 else { throw .system("cannot create a temporary file in \(directory)") }
    var identity: FileIdentity
    do throws(FileProblem) {
      defer { close(descriptor) }
      try writeAll(bytes, to: descriptor)
      // Before fchmod: a change of owner may clear mode bits.
      finalOwner?.adopt(descriptor: descriptor)
      // fchmod rather than the open mode, which the umask would narrow.
      guard fchmod(descriptor, finalMode) == 0 else { throw FileProblem.system("cannot set the file's mode") }
      // After fchmod, which would change an access ACL's mask.
      if keepMode { copyExtendedAttributes(from: path, to: descriptor) }
      guard fsync(descriptor) == 0 else { throw FileProblem.system("cannot flush the file to disk") }
      var info = stat()
      guard fstat(descriptor, &info) == 0 else { throw FileProblem.system("cannot examine the new file") }
      identity = FileIdentity(info)
    } catch {
      temporary.withCString { _ = unlink($0) }
      throw error
    }
    guard temporary.withCString({ from in path.withCString { rename(from, $0) } }) == 0 else {
      let problem = FileProblem.system("cannot rename the new file into place")
      temporary.withCString { _ = unlink($0) }
      throw problem
    }
    try syncDirectory(directory)
    // The rename changed the ctime; read the identity others will see.
    return FileIdentity.of(path: path) ?? identity
  }

  /// Removes temporary files a crashed writer left beside `path`. Call only while holding the
  /// history's lock: then no live writer owns one.
  static func removeStaleTemporaries(beside path: SystemPath) {
    let directory = path.parentDirectory
    let prefix = temporaryPrefix(for: path)
    guard let stream = directory.withCString({ opendir($0) }) else { return }
    defer { closedir(stream) }
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix(while: { $0 != 0 })) }
      if name.starts(with: prefix) { (directory + "/" + name).withCString { _ = unlink($0) } }
    }
  }

  /// Creates `path`'s missing parent directories with mode 0700 (existing ones are left as they are).
  static func createParentDirectories(of path: SystemPath) throws(FileProblem) {
    try createParentDirectories(of: path, owner: nil)
  }

  /// `createParentDirectories`, giving the new directories `owner` as far as the system allows (nil:
  /// the process's own user and group). `owner` is worked out only when a directory is missing, and
  /// before any is made, so that it cannot be the owner of one made here.
  static func createParentDirectories(of path: SystemPath, owner: @autoclosure () -> FileOwner?)
    throws(FileProblem)
  {
    let directory = path.parentDirectory
    var info = stat()
    if directory.withCString({ stat($0, &info) }) == 0 {
      guard (info.st_mode & S_IFMT) == S_IFDIR else { throw FileProblem("\(directory) is not a directory") }
      return
    }
    let owner = owner()
    if directory != path, directory != SystemPath("/"), directory != SystemPath(".") {
      try createParentDirectories(of: directory, owner: owner)
    }
    if directory.withCString({ mkdir($0, 0o700) }) == 0 {
      // Through a descriptor that refuses a link, so a directory swapped for a link to somewhere else
      // in between is not what gets a new mode and owner.
      let descriptor = directory.withCString { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
      if descriptor >= 0 {
        owner?.adopt(descriptor: descriptor)
        _ = fchmod(descriptor, 0o700)  // the umask may have narrowed it
        close(descriptor)
      } else {
        directory.withCString { _ = chmod($0, 0o700) }  // a umask of 0777 left us no way in
      }
      // The new directory's own entry must reach the disk too, or a crash could lose the folder and
      // the history saved in it. Best effort: a parent we may not read cannot be flushed.
      try? syncDirectory(directory.parentDirectory)
    } else if errno != EEXIST {
      throw .system("cannot create the directory \(directory)")
    }
  }

  /// `.<name>.tmp-`: the start of the names of the temporary files `replace` writes beside `path`.
  static func temporaryPrefix(for path: SystemPath) -> [UInt8] {
    Array(".".utf8) + path.lastComponent + Array(".tmp-".utf8)
  }

  private static func randomSuffix() -> String {
    var generator = SystemRandomNumberGenerator()
    return String(generator.next() as UInt64, radix: 36) + String(generator.next() as UInt32, radix: 36)
  }

  /// Writes all of `bytes`; a failure is reported as `failure` with the system's reason.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32, failure: String = "cannot write the new file")
    throws(FileProblem)
  {
    switch InterruptibleWrite.write(bytes, to: descriptor, stop: .never) {
    case .written: return
    case .closed: throw .system(failure, errno: EPIPE)
    case .failed(let code): throw .system(failure, errno: code)
    case .interrupted: throw .system(failure, errno: EINTR)  // nothing asks a save to stop
    }
  }

  private static func syncDirectory(_ directory: SystemPath) throws(FileProblem) {
    let descriptor = directory.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard descriptor >= 0 else { throw .system("cannot open \(directory) to flush it") }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw .system("cannot flush \(directory) to disk") }
  }
}
