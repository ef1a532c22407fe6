#if canImport(Glibc)
  import Glibc
#endif

/// A failed file operation: what was attempted and the system's reason, e.g.
/// `cannot create /x/.h.tmp-1f: Permission denied`.
package struct FileProblem: Error, Equatable, Sendable {
  package var message: String
  /// The errno value, when the failure came from the system.
  package var code: Int32?
  /// The path names a directory, a device or a FIFO: nothing stormrange may read as a file or move.
  var isNotARegularFile = false
  /// A wait (for a lock, for an export's reader) was given up because the process was asked to stop.
  var isCancelled = false

  package init(_ message: String, code: Int32? = nil) {
    self.message = message
    self.code = code
  }

  /// `"\(action): \(strerror(errno))"` for the current errno.
  static func system(_ action: String, errno code: Int32 = errno) -> FileProblem {
    FileProblem("\(action): \(String(cString: strerror(code)))", code: code)
  }
}
