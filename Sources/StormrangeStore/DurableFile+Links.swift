#if canImport(Glibc)
  import Glibc
#endif

extension DurableFile {
  /// Follows symbolic links at `path` (up to 40) to the file they name, even if it does not exist
  /// yet, so a history kept behind a link (a dotfiles repository, a synced folder) stays there and
  /// the link stays a link when the file is replaced.
  static func resolveLinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(current, &buffer, buffer.count - 1)
      guard length > 0 else { return current }
      let destination = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = destination.hasPrefix("/") ? destination : parentDirectory(of: current) + "/" + destination
    }
    return current
  }
}
