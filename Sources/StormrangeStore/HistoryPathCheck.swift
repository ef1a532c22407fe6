/// What makes a path unusable as the history file whatever is on disk, so that the program can refuse
/// it at start (exit 2) rather than fail, or worse half-succeed, later: a path that ends in `/`, or a
/// file name too long to leave room for the files kept beside it. It looks at the path only: what is
/// at it (a directory, say) is reported by the commands that need the history, so that `help`,
/// `set` and `quit` still work.
package enum HistoryPathCheck {
  /// The longest file name that leaves room, within the system's 255-byte limit, for the names made
  /// from it: the lock (`NAME.lock`), a temporary file (`.NAME.tmp-` and 20 random characters), an
  /// unreadable file moved aside (`NAME.unreadable-20260701T160300Z-99`), and the longest, the copy
  /// `clear` keeps, written through its own temporary file
  /// (`.NAME.cleared-20260701T160300Z-99.tmp-` and 20 random characters: 54 bytes more).
  static let longestName = 255 - 54

  /// Why `path` cannot be the history file, or nil.
  package static func problem(with path: SystemPath) -> String? {
    if path.bytes.last == UInt8(ascii: "/") {
      return "\(path) names a directory (it ends in '/'); give the path of a file"
    }
    let name = path.lastComponent
    if name.count > longestName {
      return
        "the file name is \(name.count) bytes long; at most \(longestName) leave room for the lock and "
        + "temporary files kept beside it"
    }
    return nil
  }
}
