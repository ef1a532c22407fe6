#if canImport(Glibc)
  import Glibc
#endif

/// Writes a document the user asked for (an export) to a path, treating what is already there the
/// way `cp` and `tee` do, and never replacing anything but a regular file:
/// - nothing there, or a regular file: replaced atomically and durably, as the history is (through
///   symbolic links, which stay links; an existing file keeps its mode, a new one is 0600);
/// - a FIFO, a character device or a terminal (`/dev/stdout`, `/dev/null`, a pipe): written straight
///   into, without creating, truncating or replacing anything;
/// - a directory, a socket, a block device: refused, and nothing is written.
public enum ExportFile {
  /// How the bytes reached `path`.
  public enum Delivery: Equatable, Sendable {
    /// A regular file was created or replaced whole.
    case replaced
    /// The bytes were written into a FIFO, a device or a terminal.
    case streamed
  }

  public static func write(_ bytes: [UInt8], to path: SystemPath) throws(FileProblem) -> Delivery {
    if let descriptor = openDescriptor(namedBy: path) {
      // `/dev/stdout` and the like name a descriptor this process already has: written through it,
      // so that a file the shell opened (`>> log`) is appended to at its offset, not replaced.
      try DurableFile.writeAll(
        bytes, to: descriptor, failure: "cannot write to it, so the export is incomplete")
      return .streamed
    }
    var info = stat()
    guard path.withCString({ stat($0, &info) }) == 0 else {
      guard errno == ENOENT else { throw .system("cannot examine it") }
      // Nothing there (or a link to nothing): a new file, where a link would point.
      try replace(DurableFile.resolveLinks(path), with: bytes)
      return .replaced
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      // Replaced where it really is, so a link to it stays a link.
      try replace(realPath(path) ?? DurableFile.resolveLinks(path), with: bytes)
      return .replaced
    case S_IFIFO, S_IFCHR:
      try stream(bytes, into: path)
      return .streamed
    case S_IFDIR:
      throw FileProblem("it is a directory; give the name of a file to write; nothing was written")
    default:
      throw FileProblem("it is not a regular file, a FIFO or a character device; nothing was written")
    }
  }

  /// An atomic replace: when it fails, the old file (if any) is as it was.
  private static func replace(_ path: SystemPath, with bytes: [UInt8]) throws(FileProblem) {
    do throws(FileProblem) {
      try DurableFile.replace(path: path, with: bytes)
    } catch {
      throw FileProblem(error.message + "; nothing was written", code: error.code)
    }
  }

  /// Opens an existing FIFO or device for writing, without creating or truncating it, and writes.
  private static func stream(_ bytes: [UInt8], into path: SystemPath) throws(FileProblem) {
    let descriptor = path.withCString { open($0, O_WRONLY | O_NOCTTY | O_CLOEXEC) }
    guard descriptor >= 0 else { throw .system("cannot open it for writing; nothing was written") }
    defer { close(descriptor) }
    try DurableFile.writeAll(
      bytes, to: descriptor, failure: "cannot write to it, so the export is incomplete")
  }

  /// The descriptor a path such as `/dev/stdout`, `/dev/fd/3` or `/proc/self/fd/1` stands for,
  /// following symbolic links to it, when this process has it open; nil for any other path.
  private static func openDescriptor(namedBy path: SystemPath) -> Int32? {
    var current = path
    for _ in 0..<40 {
      for prefix in ["/dev/fd/", "/proc/self/fd/"] where current.description.hasPrefix(prefix) {
        guard let number = Int32(current.description.dropFirst(prefix.count)), fcntl(number, F_GETFD) >= 0
        else { return nil }
        return number
      }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = current.withCString { readlink($0, &buffer, buffer.count - 1) }
      guard length > 0 else { return nil }
      let target = SystemPath(bytes: buffer[0..<length].map { UInt8(bitPattern: $0) })
      current = target.isAbsolute ? target : current.parentDirectory + "/" + target.description
    }
    return nil
  }

  /// The canonical path of an existing file (links, `.` and `..` resolved), or nil.
  private static func realPath(_ path: SystemPath) -> SystemPath? {
    guard let resolved = path.withCString({ realpath($0, nil) }) else { return nil }
    defer { free(resolved) }
    return SystemPath(bytes: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
  }
}
