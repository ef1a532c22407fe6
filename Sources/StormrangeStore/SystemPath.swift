import StormrangeBase

/// A file's path as the system takes it: bytes, which need not be UTF-8.
///
/// Linux file names are bytes. A Swift `String` cannot hold bytes that are not UTF-8: it replaces
/// them with U+FFFD, so `--file $'caf\xE9.plist'` (a Latin-1 name) would open `caf\u{FFFD}.plist`, another
/// file. The store keeps paths as these bytes from where they enter to the system call, and turns
/// them into text only to name them in messages.
package struct SystemPath: Hashable, Sendable, CustomStringConvertible {
  /// The bytes and a terminating NUL, kept so that a system call needs no copy: a copy's release
  /// could run between the call and the reading of its `errno`.
  private let terminated: [UInt8]

  package init<Bytes: Collection<UInt8>>(bytes: Bytes) { terminated = Array(bytes) + [0] }

  /// A path that is text: its UTF-8 bytes.
  package init(_ text: String) { self.init(bytes: text.utf8) }

  /// The bytes, without the terminating NUL.
  package var bytes: ArraySlice<UInt8> { terminated.dropLast() }

  /// The path as text for messages, each byte that is not UTF-8 shown as `\x{FC}` (see
  /// `String(escapingInvalidUTF8:)`), so the message names the file the system sees.
  package var description: String { String(escapingInvalidUTF8: bytes) }

  package var isEmpty: Bool { terminated.count == 1 }

  /// Calls `body` with the path as the NUL-terminated string system calls take.
  package func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
    try terminated.withUnsafeBufferPointer { buffer in
      try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
    }
  }

  /// The path with `suffix` added to its last component: `h.plist` + `.lock` is `h.plist.lock`.
  package static func + (path: SystemPath, suffix: String) -> SystemPath {
    SystemPath(bytes: path.bytes + suffix.utf8)
  }

  /// The path with `suffix` added to its last component, a name read from a directory, say.
  static func + (path: SystemPath, suffix: some Collection<UInt8>) -> SystemPath {
    SystemPath(bytes: path.bytes + suffix)
  }

  /// Whether the path starts at the root rather than the working directory.
  var isAbsolute: Bool { terminated.first == UInt8(ascii: "/") }

  /// The directory that holds the path's last component: `.` for a bare name, `/` at the root.
  var parentDirectory: SystemPath {
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return SystemPath(".") }
    return slash == 0 ? SystemPath("/") : SystemPath(bytes: bytes[..<slash])
  }

  /// The last component: the file's own name.
  var lastComponent: ArraySlice<UInt8> {
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return bytes }
    return bytes[(slash + 1)...]
  }
}
