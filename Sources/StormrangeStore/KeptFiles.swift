#if canImport(Glibc)
  import Glibc
#endif

/// The files stormrange keeps, and the names it gives those it makes beside them; what a path names
/// among them. An export must replace none of them: a CSV renamed over the lock splits the writers
/// between two inodes, one over the history or the settings loses them.
public struct KeptFiles {
  /// One of the files stormrange keeps.
  public enum Kind: Equatable, Sendable {
    case history, historyLock, clearedCopy, unreadableCopy, settings, settingsLock, commandHistory, temporary
  }

  /// `<history>.lock`, `settings.plist.lock`: the lock beside a file.
  static let lockSuffix = ".lock"
  /// `<history>.cleared-<timestamp>`: what `clear` deleted.
  static let clearedSuffix = ".cleared-"
  /// `<history>.unreadable-<timestamp>`: an unreadable history `clear` moved aside.
  static let unreadableSuffix = ".unreadable-"

  /// A file kept at a fixed path, with the names made from its name beside it.
  fileprivate struct Family {
    var path: SystemPath
    var kind: Kind
    /// The kind of its lock, `path` + ``lockSuffix``, if it has one.
    var lock: Kind?
    /// Whether copies are kept beside it (``clearedSuffix``, ``unreadableSuffix``).
    var keepsCopies = false
  }

  private let families: [Family]

  /// The files of `history` (where it really is: its links resolved), of `settings`, and the command
  /// history at `commandHistory`.
  public init(history: SavedHistory, settings: SettingsStore?, commandHistory: SystemPath?) {
    var families = [Family(path: history.target, kind: .history, lock: .historyLock, keepsCopies: true)]
    if let settings { families.append(Family(path: settings.path, kind: .settings, lock: .settingsLock)) }
    if let commandHistory { families.append(Family(path: commandHistory, kind: .commandHistory)) }
    self.families = families
  }

  /// What `path` names among the kept files, following links as an export does: the same file (by
  /// device and inode, so through any link or hard link), or a name stormrange makes, in the same
  /// folder (a lock, a copy, a temporary file), even when nothing is there yet. Nil for anything else.
  public func kind(of path: SystemPath) -> Kind? {
    var info = stat()
    let exists = path.withCString { stat($0, &info) } == 0
    if exists {
      for family in families {
        if Self.isSameFile(family.path, as: info) { return family.kind }
        if let lock = family.lock, Self.isSameFile(family.path + Self.lockSuffix, as: info) { return lock }
      }
    }
    let resolved = (exists ? DurableFile.realPath(path) : nil) ?? DurableFile.resolveLinks(path)
    var folder = stat()
    guard resolved.parentDirectory.withCString({ stat($0, &folder) }) == 0 else { return nil }
    let name = resolved.lastComponent
    for family in families where Self.isSameFile(family.path.parentDirectory, as: folder) {
      if let kind = family.kind(ofName: name) { return kind }
    }
    return nil
  }

  /// Whether the file at `path` is the one `info` describes.
  private static func isSameFile(_ path: SystemPath, as info: stat) -> Bool {
    var other = stat()
    return path.withCString { stat($0, &other) } == 0 && other.st_dev == info.st_dev
      && other.st_ino == info.st_ino
  }
}

extension KeptFiles.Family {
  /// What a file called `name`, in this file's folder, is to it.
  fileprivate func kind(ofName name: ArraySlice<UInt8>) -> KeptFiles.Kind? {
    let own = path.lastComponent
    if name.elementsEqual(own) { return kind }
    if let lock, name.elementsEqual(own + KeptFiles.lockSuffix.utf8) { return lock }
    if keepsCopies, name.starts(with: own + KeptFiles.clearedSuffix.utf8) { return .clearedCopy }
    if keepsCopies, name.starts(with: own + KeptFiles.unreadableSuffix.utf8) { return .unreadableCopy }
    // `.NAME.tmp-…`, and `.NAME.cleared-….tmp-…` for a copy (``DurableFile/temporaryPrefix(for:)``).
    let hidden = Array(".".utf8) + own + Array(".".utf8)
    if name.starts(with: hidden), name.dropFirst(hidden.count - 1).firstRange(of: ".tmp-".utf8) != nil {
      return .temporary
    }
    return nil
  }
}
