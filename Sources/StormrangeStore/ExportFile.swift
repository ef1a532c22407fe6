#if canImport(Glibc)
  import Glibc
#endif

/// Writes a document the user asked for (an export) to a path, treating what is already there the
/// way `cp` and `tee` do, and never replacing anything but a regular file:
/// - nothing there, or a regular file with one name: replaced atomically and durably, as the history
///   is (through symbolic links, which stay links; an existing file keeps its mode, owner, `user.*`
///   attributes and access ACL, a new one is 0600);
/// - a FIFO, a character device or a terminal (`/dev/stdout`, `/dev/null`, a pipe): written straight
///   into, without creating, truncating or replacing anything; a stop (a signal) ends a wait for its
///   reader, leaving the export incomplete (or unwritten, when no reader had opened a FIFO yet);
/// - a directory, a socket, a block device, a regular file with other names (hard links, which would
///   keep the old contents), one of the files stormrange keeps, or one of its own descriptors
///   (``KeptFiles``): refused, and nothing is written.
package enum ExportFile {
  /// How the bytes reached `path`.
  package enum Delivery: Equatable, Sendable {
    /// A regular file was created or replaced whole.
    case replaced
    /// The bytes were written into a FIFO, a device or a terminal.
    case streamed
  }

  /// Why an export was refused, or failed.
  package enum Problem: Error, Equatable, Sendable {
    /// The path names one of the files stormrange keeps, or one of its own descriptors; nothing was
    /// written.
    case keptFile(KeptFiles.Kind)
    /// The path names a regular file with `links` names; nothing was written.
    case hardLinked(links: Int)
    /// The path cannot be written, or is not a file to write (a directory).
    case file(FileProblem)
  }

  /// Writes `bytes` to `path`, refusing any of the files in `kept`; `stop` ends a wait for the
  /// reader of a FIFO, a pipe or a terminal.
  package static func write(
    _ bytes: [UInt8], to path: SystemPath, sparing kept: KeptFiles?, stop: StopCheck = .never
  ) throws(Problem) -> Delivery {
    if let kind = kept?.kind(of: path) { throw .keptFile(kind) }
    if let descriptor = OpenDescriptors.named(by: path) {
      // `/dev/stdout` and the like name a descriptor this process already has: written through it,
      // so that a file the shell opened (`>> log`) is appended to at its offset, not replaced.
      try reporting { () throws(FileProblem) in try stream(bytes, into: descriptor, stop: stop) }
      return .streamed
    }
    var info = stat()
    guard path.withCString({ stat($0, &info) }) == 0 else {
      guard errno == ENOENT else { throw .file(.system("cannot examine it")) }
      // Nothing there (or a link to nothing): a new file, where a link would point.
      try replace(DurableFile.resolveLinks(path), with: bytes)
      return .replaced
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      // The rule the history follows: a new file renamed over one name would leave the others as they were.
      let identity = FileIdentity(info)
      if identity.hasOtherNames { throw .hardLinked(links: identity.links) }
      // Replaced where it really is, so a link to it stays a link.
      try replace(DurableFile.realPath(path) ?? DurableFile.resolveLinks(path), with: bytes)
      return .replaced
    case S_IFIFO, S_IFCHR:
      try reporting { () throws(FileProblem) in try stream(bytes, into: path, stop: stop) }
      return .streamed
    case S_IFDIR:
      throw .file(FileProblem("it is a directory; give the name of a file to write; nothing was written"))
    default:
      throw .file(FileProblem("it is not a regular file, a FIFO or a character device; nothing was written"))
    }
  }

  /// Runs `body`, reporting its failure as ``Problem/file(_:)``.
  private static func reporting(_ body: () throws(FileProblem) -> Void) throws(Problem) {
    do { try body() } catch { throw .file(error) }
  }

  /// An atomic replace: when it fails, the old file (if any) is as it was.
  private static func replace(_ path: SystemPath, with bytes: [UInt8]) throws(Problem) {
    do throws(FileProblem) {
      try DurableFile.replace(path: path, with: bytes)
    } catch {
      throw .file(FileProblem(error.message + "; nothing was written", code: error.code))
    }
  }

  /// Opens an existing FIFO or device for writing, without creating or truncating it, and writes.
  /// Opening a FIFO waits for a reader; a signal interrupts that wait (no `SA_RESTART`), and one
  /// that came just before it is seen by asking `stop` first.
  private static func stream(_ bytes: [UInt8], into path: SystemPath, stop: StopCheck) throws(FileProblem) {
    let descriptor = stop.isRequested() ? -1 : path.withCString { open($0, O_WRONLY | O_NOCTTY | O_CLOEXEC) }
    guard descriptor >= 0 else {
      if stop.isRequested() { throw cancelled("while it waited for a reader; nothing was written") }
      throw .system("cannot open it for writing; nothing was written")
    }
    defer { close(descriptor) }
    try stream(bytes, into: descriptor, stop: stop)
  }

  /// Writes all of `bytes` into an open FIFO, device or terminal, until `stop` ends a wait for it.
  private static func stream(_ bytes: [UInt8], into descriptor: Int32, stop: StopCheck) throws(FileProblem) {
    let incomplete = "so the export is incomplete"
    switch InterruptibleWrite.write(bytes, to: descriptor, stop: stop) {
    case .written: return
    case .closed: throw .system("cannot write to it, \(incomplete)", errno: EPIPE)
    case .failed(let code): throw .system("cannot write to it, \(incomplete)", errno: code)
    case .interrupted: throw cancelled("while its reader was not reading, \(incomplete)")
    }
  }

  /// A stop (a signal) that arrived while the export waited (`when`).
  private static func cancelled(_ when: String) -> FileProblem {
    var problem = FileProblem("stopped by a signal \(when)")
    problem.isCancelled = true
    return problem
  }
}
