#if canImport(Glibc)
  import Glibc
#endif

/// This process's open descriptors, and the paths that name one of them: `/dev/fd/3`,
/// `/proc/self/fd/3`, `/dev/stdout`, a link to one of those.
///
/// Such a path is either a file the caller opened for stormrange (`4>out.csv`, standard output) or
/// one of stormrange's own descriptors (the signal pipe, a lock, the history's folder), which an
/// export must not write into (``KeptFiles``). Which is which is only known from what was open when
/// the process started: ``numbers()`` then.
package enum OpenDescriptors {
  /// The descriptors open now, from 3 up (standard input, output and error are always the
  /// caller's). Called first thing when the process starts, these are the ones the caller passed.
  package static func numbers() -> Set<Int32> {
    guard let directory = opendir("/proc/self/fd") else {
      // No /proc: ask each number, up to a bound no caller reaches.
      let limit = min(Int32(clamping: sysconf(Int32(_SC_OPEN_MAX))), 65_536)
      return Set((3..<max(limit, 3)).filter { fcntl($0, F_GETFD) >= 0 })
    }
    defer { closedir(directory) }
    let own = dirfd(directory)
    var numbers: Set<Int32> = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if let number = Int32(name), number >= 3, number != own { numbers.insert(number) }
    }
    return numbers
  }

  /// The descriptor of this process a path such as `/dev/stdout`, `/dev/fd/3` or `/proc/self/fd/1`
  /// stands for, following symbolic links to one, when it is open; nil for any other path.
  static func named(by path: SystemPath) -> Int32? {
    let prefixes = ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", "/proc/\(getpid())/fd/"]
    var current = path
    for _ in 0..<40 {
      for prefix in prefixes where current.bytes.starts(with: prefix.utf8) {
        let digits = current.bytes.dropFirst(prefix.utf8.count)
        guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }),
          let number = Int32(String(decoding: digits, as: UTF8.self)), fcntl(number, F_GETFD) >= 0
        else { return nil }
        return number
      }
      guard let next = DurableFile.linkDestination(of: current) else { return nil }
      current = next
    }
    return nil
  }

  /// The open descriptors whose file is the one `info` describes (same device and inode), from 0 up.
  static func opening(_ info: stat) -> [Int32] {
    ([0, 1, 2] + numbers()).filter { number in
      var open = stat()
      return fstat(number, &open) == 0 && open.st_dev == info.st_dev && open.st_ino == info.st_ino
    }
  }
}
