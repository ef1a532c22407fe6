#if canImport(Glibc)
  import Glibc
#endif

/// The files stormrange keeps, and the names it gives those it makes beside them; what a path names
/// among them. An export must replace none of them: a CSV renamed over the lock splits the writers
/// between two inodes, one over the history or the settings loses them. Nor may it write into one of
/// stormrange's own descriptors (`/dev/fd/4` when the caller opened no fd 4 is the signal pipe).
package struct KeptFiles {
  /// One of the files stormrange keeps.
  package enum Kind: Equatable, Sendable {
    case history, historyLock, clearedCopy, unreadableCopy, settings, settingsLock, commandHistory, temporary
    /// The history stormrange uses without `--file` (`$STORMRANGE_HISTORY`, else the XDG default)
    /// and its lock, when the session uses another.
    case defaultHistory, defaultHistoryLock
    /// A descriptor stormrange opened itself (the signal pipe, a lock, a folder), named by a path
    /// such as `/dev/fd/4`; not one the caller passed.
    case ownDescriptor
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
  /// The descriptors the caller passed when the process started (``OpenDescriptors/numbers()``);
  /// nil when not known, and then no descriptor is refused as stormrange's own.
  private let inheritedDescriptors: Set<Int32>?

  /// The files of `history` (where it really is: its links resolved), of `settings`, the command
  /// history at `commandHistory`, and of the history used without `--file` at `defaultHistory`;
  /// and every open descriptor but `inheritedDescriptors`.
  package init(
    history: SavedHistory, settings: SettingsStore?, commandHistory: SystemPath?,
    defaultHistory: SystemPath? = nil, inheritedDescriptors: Set<Int32>? = nil
  ) {
    var families = [Family(path: history.target, kind: .history, lock: .historyLock, keepsCopies: true)]
    if let settings { families.append(Family(path: settings.path, kind: .settings, lock: .settingsLock)) }
    if let commandHistory { families.append(Family(path: commandHistory, kind: .commandHistory)) }
    if let defaultHistory {
      families.append(
        Family(
          path: DurableFile.resolveLinks(defaultHistory), kind: .defaultHistory, lock: .defaultHistoryLock,
          keepsCopies: true))
    }
    self.families = families
    self.inheritedDescriptors = inheritedDescriptors
  }

  /// What `path` names among the kept files, following links as an export does: the same file (by
  /// device and inode, so through any link or hard link), or a name stormrange makes, in the same
  /// folder (a lock, a copy, a temporary file), even when nothing is there yet; or one of
  /// stormrange's own descriptors. Nil for anything else.
  package func kind(of path: SystemPath) -> Kind? {
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
    if resolved.parentDirectory.withCString({ stat($0, &folder) }) == 0 {
      let name = resolved.lastComponent
      for family in families where Self.isSameFile(family.path.parentDirectory, as: folder) {
        if let kind = family.kind(ofName: name) { return kind }
      }
    }
    return isOwnDescriptor(path, info: exists ? info : nil) ? .ownDescriptor : nil
  }

  /// Whether `path` (whose file is `info`, if it exists) is one of this process's descriptors that
  /// the caller did not pass: `/dev/fd/N` or `/proc/self/fd/N` for such an N, or another name of
  /// its file (`/proc/PID/fd/N`, a path through a link to `/dev/fd`), by device and inode. The
  /// latter only for a pipe, a socket or an anonymous inode (inotify), which have no other name: a
  /// file or a folder stormrange has open is found by its name, and a device (`/dev/null`) may be
  /// open in the process and be the caller's to name too.
  private func isOwnDescriptor(_ path: SystemPath, info: stat?) -> Bool {
    guard let inherited = inheritedDescriptors else { return false }
    if let number = OpenDescriptors.named(by: path) { return number > 2 && !inherited.contains(number) }
    guard let info, [S_IFIFO, S_IFSOCK, 0].contains(info.st_mode & S_IFMT) else { return false }
    let holders = OpenDescriptors.opening(info)
    return !holders.isEmpty && holders.allSatisfy { $0 > 2 && !inherited.contains($0) }
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
