#if canImport(Glibc)
  import Glibc
#endif

/// What kind of thing a path names, for messages: "a directory", "a character device".
struct FileKind: CustomStringConvertible {
  let mode: mode_t

  init(_ mode: mode_t) { self.mode = mode }

  var description: String {
    switch mode & S_IFMT {
    case S_IFREG: "a regular file"
    case S_IFDIR: "a directory"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "not a regular file"
    }
  }
}
