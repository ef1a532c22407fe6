#if canImport(Glibc)
  import Glibc
#endif

/// The lines typed at the prompt, kept for readline's history (Up, Ctrl-R) in a file of their own:
/// `$XDG_STATE_HOME/stormrange/history`, the last ``limit`` of them, oldest first, in the format
/// readline's `read_history` reads (see ``CommandHistoryFormat``).
///
/// Unlike the measurement history and exports, which follow symbolic links by design, this file is
/// used only when its path names a regular file with one name (or nothing yet): a link planted there
/// would otherwise have another file read, truncated and appended to. Anything else is refused, and
/// then nothing is read from it or written to it.
///
/// It is written as the other state files are: the whole file replaced atomically and durably, its
/// owner and mode kept (a new file 0600, in folders made 0700, given to whoever owns the folders it
/// is made in). Each save re-reads the file if another session changed it since, so two prompts open
/// at once both keep their lines, as readline's `append_history` did.
package final class CommandHistoryFile {
  package let path: SystemPath
  /// How many entries the file keeps.
  package let limit: Int
  /// The entries of the file as last read or written.
  private var entries: [[UInt8]] = []
  /// The identity of the file as last read or written; nil when there was none.
  private var identity: FileIdentity?

  /// A file of more bytes than this is not a command history (1000 lines of what fits on a screen
  /// are a fraction of it); it is refused rather than read.
  static let readLimit = 16_000_000

  package init(path: SystemPath, limit: Int = 1000) {
    self.path = path
    self.limit = limit
  }

  /// The entries, oldest first ([] when there is no file yet). Throws, having read nothing, when the
  /// path names anything but a regular file with one name, or the file cannot be read.
  package func load() throws(StoreError) -> [[UInt8]] {
    try wrapping { () throws(FileProblem) in
      identity = try Self.examine(path)
      try readEntries()
      return entries
    }
  }

  /// Adds `entry` (one of ``CommandHistoryFormat/entry(_:)``) after the entries in the file, keeps the
  /// last ``limit``, and saves the file. Throws, writing nothing, when the path names anything but a
  /// regular file with one name, or the file cannot be written.
  package func append(_ entry: [UInt8]) throws(StoreError) {
    try wrapping { () throws(FileProblem) in
      let current = try Self.examine(path)
      if current != identity {
        identity = current
        try readEntries()
      }
      var updated = entries
      updated.append(entry)
      updated.removeFirst(max(0, updated.count - limit))
      let owner = FileOwner.ofHistory(at: path)
      try DurableFile.createParentDirectories(of: path, owner: owner)
      identity = try DurableFile.replace(
        path: path, with: CommandHistoryFormat.encode(updated), owner: owner)
      entries = updated
    }
  }

  /// Reads the file whose identity ``identity`` holds into ``entries``.
  private func readEntries() throws(FileProblem) {
    guard identity != nil else {
      entries = []
      return
    }
    guard let file = try DurableFile.read(path: path, limit: Self.readLimit, followingLinks: false) else {
      entries = []
      identity = nil
      return
    }
    guard file.identity.links == 1 else { throw Self.hardLinked(file.identity.links) }
    identity = file.identity
    entries = Array(CommandHistoryFormat.decode(file.bytes).suffix(limit))
  }

  /// The identity of the regular file with one name at `path`, without following a link; nil when
  /// nothing is there. Anything else is refused, with what to do about it.
  private static func examine(_ path: SystemPath) throws(FileProblem) -> FileIdentity? {
    var info = stat()
    guard path.withCString({ lstat($0, &info) }) == 0 else {
      if errno == ENOENT { return nil }
      throw .system("cannot examine it")
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      let followed = (info.st_mode & S_IFMT) == S_IFLNK ? ", which is not followed" : ", not a file"
      throw refusal("it is \(FileKind(info.st_mode))\(followed)")
    }
    guard info.st_nlink == 1 else { throw hardLinked(Int(info.st_nlink)) }
    return FileIdentity(info)
  }

  /// A second name would keep the old lines when the file is replaced under this one.
  private static func hardLinked(_ links: Int) -> FileProblem {
    refusal("it has \(links) names (hard links), and replacing it would leave the others behind")
  }

  private static func refusal(_ what: String) -> FileProblem {
    FileProblem("\(what); remove it, and stormrange starts a new file there")
  }

  private func wrapping<Result>(_ body: () throws(FileProblem) -> Result) throws(StoreError) -> Result {
    do {
      return try body()
    } catch {
      throw .commandHistory(path: path.description, problem: error.message)
    }
  }
}
