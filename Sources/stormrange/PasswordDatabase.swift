#if canImport(Glibc)
  import Glibc
#endif

/// The system's user database, for what the environment may not say.
enum PasswordDatabase {
  /// The home directory of the user running the program (`getpwuid_r` on the real user id), as
  /// bytes; nil when the user has no entry, or an empty one.
  static func homeOfCurrentUser() -> [UInt8]? {
    var size = max(Int(sysconf(Int32(_SC_GETPW_R_SIZE_MAX))), 1024)
    while size <= 1 << 20 {
      var entry = passwd()
      var found: UnsafeMutablePointer<passwd>?
      var buffer = [CChar](repeating: 0, count: size)
      let status = getpwuid_r(getuid(), &entry, &buffer, size, &found)
      if status == ERANGE {
        size *= 2
        continue
      }
      guard status == 0, found != nil, let directory = entry.pw_dir else { return nil }
      let bytes = Array(UnsafeBufferPointer(start: directory, count: strlen(directory))).map {
        UInt8(bitPattern: $0)
      }
      return bytes.isEmpty ? nil : bytes
    }
    return nil
  }
}
