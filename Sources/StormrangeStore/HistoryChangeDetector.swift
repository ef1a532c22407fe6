#if canImport(Glibc)
  import Glibc
#endif

/// Tells when another process may have changed the history file, for `watch`.
///
/// With inotify it watches the folder that holds the file (the target of a symbolic link), because
/// a save never writes into the file: it renames a new file over it, which the folder reports as
/// `IN_MOVED_TO` under the file's name. Events for other names (the lock, temporary files) are
/// ignored. The descriptor is for `poll(2)`; ``check()`` reads what arrived.
///
/// When the history path is a symbolic link, or becomes one (the history moved into a folder and a
/// link put in its place), the folder of the path as given is watched too, for its name, and the
/// links are resolved again whenever either name changes: the detector follows the file the path
/// leads to, as ``SavedHistory/followPath()`` does for reads and writes.
///
/// Where inotify cannot be used (no such folder yet, no inotify on this system, the limit on
/// watches reached, or `polling` asked for), ``check()`` compares the file's identity (device, inode,
/// size, modification and change times) with the last one it saw: call it once a second. While it
/// polls for want of the folder, it tries inotify again on every check.
package final class HistoryChangeDetector {
  package enum Method: Equatable, Sendable {
    case inotify
    case polling
  }

  /// What folder events mean the file may have changed.
  static let folderEvents = UInt32(
    IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)

  package private(set) var method = Method.polling
  /// Readable when inotify has events; -1 while polling.
  package private(set) var descriptor: Int32 = -1
  /// The history path as given, and the file it leads to now.
  private let given: SystemPath
  private var file: SystemPath
  private var names: Set<[UInt8]>
  private let forcePolling: Bool
  private var lastIdentity: FileIdentity?
  /// The watched folder's device and inode: a folder removed while another process still holds
  /// it (a shell's working directory) sends no event until it is let go, so ``check()`` compares.
  private var watchedFolder: (device: UInt64, inode: UInt64)?

  /// Watches the file at `path` as it is (links already resolved); `polling` never uses inotify.
  package init(path: SystemPath, polling: Bool = false) {
    given = path
    file = DurableFile.resolveLinks(path)
    names = [Array(path.lastComponent), Array(file.lastComponent)]
    forcePolling = polling
    lastIdentity = FileIdentity.of(path: path)
    if !polling { startInotify() }
  }

  /// Watches `history`'s file, where it reads and writes it.
  package convenience init(history: SavedHistory, polling: Bool = false) {
    self.init(path: history.path, polling: polling)
  }

  deinit { stopInotify() }

  /// Whether the file may have changed since the last check: an inotify event for its name (or one
  /// saying events were lost or the folder went away), or, while polling, a new identity. Never
  /// blocks.
  package func check() -> Bool {
    let changed = checkFile()
    guard changed else { return false }
    // A name changed: the path may lead elsewhere now (a link put in the file's place).
    let resolved = DurableFile.resolveLinks(given)
    if resolved != file {
      file = resolved
      names = [Array(given.lastComponent), Array(file.lastComponent)]
      stopInotify()
      lastIdentity = FileIdentity.of(path: file)
      if !forcePolling { startInotify() }
    }
    return true
  }

  private func checkFile() -> Bool {
    switch method {
    case .inotify:
      guard let folder = FileIdentity.of(path: file.parentDirectory), let watched = watchedFolder,
        folder.device == watched.device, folder.inode == watched.inode
      else {
        // The folder at the path is not the one watched any more: poll until it is back.
        stopInotify()
        lastIdentity = FileIdentity.of(path: file)
        return true
      }
      return readEvents()
    case .polling:
      if !forcePolling, startInotify() { return true }
      let identity = FileIdentity.of(path: file)
      defer { lastIdentity = identity }
      return identity != lastIdentity
    }
  }

  @discardableResult
  private func startInotify() -> Bool {
    let watcher = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard watcher >= 0 else { return false }
    let added = file.parentDirectory.withCString { inotify_add_watch(watcher, $0, Self.folderEvents) }
    guard added >= 0 else {
      close(watcher)
      return false
    }
    if given.parentDirectory != file.parentDirectory {
      // Best effort: without it, a change of the link itself is seen when the file's folder changes.
      _ = given.parentDirectory.withCString { inotify_add_watch(watcher, $0, Self.folderEvents) }
    }
    guard let folder = FileIdentity.of(path: file.parentDirectory) else {
      close(watcher)
      return false
    }
    watchedFolder = (folder.device, folder.inode)
    descriptor = watcher
    method = .inotify
    return true
  }

  private func stopInotify() {
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
    method = .polling
  }

  /// Drains the events that arrived; true if one concerns the file.
  private func readEvents() -> Bool {
    var changed = false
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      var offset = 0
      let headerSize = MemoryLayout<inotify_event>.size
      while offset + headerSize <= count {
        let (mask, length) = buffer.withUnsafeBytes { raw in
          (
            raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
            Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          )
        }
        let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + length)]
        let eventName = nameBytes.prefix { $0 != 0 }
        if mask & UInt32(IN_Q_OVERFLOW | IN_IGNORED) != 0 || names.contains(Array(eventName)) {
          changed = true
        }
        if mask & UInt32(IN_IGNORED) != 0 {
          // The folder was removed or moved: poll until it is back.
          stopInotify()
          lastIdentity = FileIdentity.of(path: file)
          return true
        }
        offset += headerSize + length
      }
    }
    return changed
  }
}
