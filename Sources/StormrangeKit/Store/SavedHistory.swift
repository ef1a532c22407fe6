import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// The measurement history as a random-access collection that loads itself from its property-list
/// file on first use and saves itself after every change: the Swift counterpart of an array proxy
/// that autosaves after each mutating message.
///
/// Every change passes through ``modify(_:)``, which, under an advisory lock shared with other
/// stormrange processes, re-reads the file if someone else changed it, applies the change to a copy,
/// writes the whole array atomically and durably, and only then adopts the copy. So memory and disk
/// always agree, and nothing another process saved is lost.
public final class SavedHistory: RandomAccessCollection {
  public typealias Element = Measurement
  public typealias Index = Int

  /// The path as the user gave it; errors name it.
  public let path: String
  /// Where reads and writes go: `path` with symbolic links resolved, so a history kept behind a
  /// link (a dotfiles repository, a synced folder) stays there and the link stays a link.
  let target: String
  let readLimit: Int
  private let lock: FileLock
  private var entries: [Measurement] = []
  private var state = LoadState.unloaded
  private var group: Group?

  private enum LoadState {
    case unloaded
    /// Loaded from a file with this identity, or nil when there was no file.
    case loaded(FileIdentity?)
    /// The file is not a history; it stays untouched until `moveAsideUnreadable`.
    case unreadable(problem: String)
  }

  /// Saves deferred by ``beginGroup()`` until ``commitGroup()``.
  private struct Group {
    var snapshot: [Measurement]?
    var isLocked = false
  }

  /// Files over `readLimit` bytes (256 MB) are refused as not being a history.
  public init(path: String, readLimit: Int = 256_000_000) {
    self.path = path
    self.target = SavedHistory.resolveLinks(path)
    self.readLimit = readLimit
    self.lock = FileLock(path: target + ".lock")
  }

  // MARK: Collection

  public var startIndex: Int { 0 }
  public var endIndex: Int {
    if case .unloaded = state { try? refresh() }
    return entries.count
  }
  public subscript(position: Int) -> Measurement { entries[position] }

  // MARK: Loading

  public var isLoaded: Bool {
    if case .loaded = state { return true }
    return false
  }

  /// Loads the history the first time; afterwards re-reads it only if another process replaced the
  /// file. Throws, leaving the file untouched, when it is not a readable history.
  public func refresh() throws(StormrangeError) {
    if group?.snapshot != nil { return }  // Inside a group, this process holds the lock.
    switch state {
    case .loaded(let identity) where identity == FileIdentity.of(path: target):
      return
    default:
      try load()
    }
  }

  private func load() throws(StormrangeError) {
    do throws(FileProblem) {
      guard let (bytes, identity) = try DurableFile.read(path: target, limit: readLimit) else {
        entries = []
        state = .loaded(nil)
        return
      }
      do {
        entries = try HistoryFormat.decode(bytes)
        state = .loaded(identity)
      } catch {
        throw FileProblem(error.message)
      }
    } catch {
      entries = []
      // A system error opening or reading is about the path, not the contents; leave the state
      // unloaded so the next command tries again.
      if let code = error.code, code != EISDIR {
        state = .unloaded
        throw .inaccessibleHistory(path: path, problem: String(cString: strerror(code)))
      }
      state = .unreadable(problem: error.message)
      throw .unreadableHistory(path: path, problem: error.message)
    }
  }

  // MARK: Changing

  /// The one mutation primitive: applies `change` to the current history and saves the result before
  /// returning. If `change` throws or the save fails, neither memory nor the file changes.
  @discardableResult
  public func modify<Result>(_ change: (inout [Measurement]) throws(StormrangeError) -> Result)
    throws(StormrangeError) -> Result
  {
    if group != nil { return try modifyInGroup(change) }
    try lockForWriting()
    defer { lock.unlock() }
    try load(ifChangedSince: state)
    // A copy, so that a failed save leaves memory as it was (O(n) retains; ~1 ms at 100k entries).
    var updated = entries
    let result = try change(&updated)
    try save(&updated)
    entries = updated
    return result
  }

  public func append(_ measurement: Measurement) throws(StormrangeError) {
    try modify { $0.append(measurement) }
  }

  @discardableResult
  public func remove(at index: Int) throws(StormrangeError) -> Measurement {
    try modify { $0.remove(at: index) }
  }

  /// Empties the history; returns what it held.
  @discardableResult
  public func removeAll() throws(StormrangeError) -> [Measurement] {
    try modify { entries in
      defer { entries = [] }
      return entries
    }
  }

  // MARK: Group commit

  /// Defers saving: changes until ``commitGroup()`` are applied in memory under the lock and written
  /// together, the way a database commits a group of transactions with one flush.
  public func beginGroup() {
    precondition(group == nil, "groups do not nest")
    group = Group()
  }

  /// Writes every change made since ``beginGroup()`` at once. On failure all of them are undone in
  /// memory too, and the error says so; the caller must not confirm any of them.
  public func commitGroup() throws(StormrangeError) {
    guard let current = group else { return }
    group = nil
    defer { if current.isLocked { lock.unlock() } }
    guard let snapshot = current.snapshot else { return }
    do {
      try save(&entries)
    } catch {
      entries = snapshot
      throw error
    }
  }

  private func modifyInGroup<Result>(_ change: (inout [Measurement]) throws(StormrangeError) -> Result)
    throws(StormrangeError) -> Result
  {
    if group?.isLocked == false {
      try lockForWriting()
      group?.isLocked = true
      try load(ifChangedSince: state)
      group?.snapshot = entries
    }
    // In place: the group's snapshot is the way back, and copying the array for every one of
    // thousands of grouped adds would make a batch quadratic. A change that throws must do so before
    // it alters the array (every command validates first).
    var updated: [Measurement] = []
    swap(&updated, &entries)
    defer { swap(&updated, &entries) }
    return try change(&updated)
  }

  // MARK: Unreadable files

  /// Moves an unreadable history aside to `<name>.unreadable-<timestamp>` and starts an empty one.
  /// Returns the new name, or nil when the file was readable (nothing moved).
  public func moveAsideUnreadable(now: Date) throws(StormrangeError) -> String? {
    try lockForWriting()
    defer { lock.unlock() }
    do {
      try refresh()
      return nil
    } catch {}
    // Only a file is moved aside: a directory or a FIFO at the history's path is not ours to rename.
    var info = stat()
    guard lstat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      throw .saveFailed(
        path: path, problem: "it is not a regular file, so it was not moved aside; move or remove it yourself"
      )
    }
    let stamp = PropertyListDate.format(now).filter { $0 != "-" && $0 != ":" }
    var aside = target + ".unreadable-" + stamp
    var attempt = 1
    while FileIdentity.of(path: aside) != nil {
      attempt += 1
      aside = target + ".unreadable-" + stamp + "-\(attempt)"
    }
    guard rename(target, aside) == 0 else {
      throw .saveFailed(path: path, problem: FileProblem.system("cannot move it aside to \(aside)").message)
    }
    entries = []
    state = .loaded(nil)
    return aside
  }

  // MARK: Private

  private func lockForWriting() throws(StormrangeError) {
    do throws(FileProblem) {
      try DurableFile.createParentDirectories(of: target)
      try lock.lock()
    } catch {
      throw .saveFailed(path: path, problem: error.message)
    }
  }

  /// Under the lock: reload if the file is not the one we last read or wrote.
  private func load(ifChangedSince previous: LoadState) throws(StormrangeError) {
    if case .loaded(let identity) = previous, identity == FileIdentity.of(path: target) { return }
    try load()
  }

  /// Encodes the entries that have no stored XML yet (the new ones).
  private func encodeNewEntries(_ updated: inout [Measurement]) throws(StormrangeError) {
    for index in updated.indices where updated[index].encodedXML == nil {
      do {
        updated[index].encodedXML = try HistoryFormat.encodeEntry(updated[index])
      } catch {
        throw .saveFailed(path: path, problem: "measurement \(index + 1) cannot be stored: \(error.message)")
      }
    }
  }

  /// Writes `updated`, encoding its new entries first (and keeping their encodings in it).
  private func save(_ updated: inout [Measurement]) throws(StormrangeError) {
    try encodeNewEntries(&updated)
    do throws(FileProblem) {
      let identity = try DurableFile.replace(path: target, with: HistoryFormat.encodeFile(updated))
      state = .loaded(identity)
      removeStaleTemporariesIfDirectoryChanged()
    } catch {
      throw .saveFailed(path: path, problem: error.message)
    }
  }

  /// The directory's modification time after our last save; a different one means someone else
  /// created or removed files there (perhaps a crashed writer's temporary file).
  private var directoryStamp: timespec?

  /// Removes temporary files that crashed writers left, scanning the directory only when something
  /// other than our own save changed it (a scan per save would cost a readdir of a possibly large
  /// directory on every add). Called under the lock.
  private func removeStaleTemporariesIfDirectoryChanged() {
    let directory = DurableFile.parentDirectory(of: target)
    var info = stat()
    guard stat(directory, &info) == 0 else { return }
    if let stamp = directoryStamp, stamp.tv_sec == info.st_mtim.tv_sec, stamp.tv_nsec == info.st_mtim.tv_nsec
    {
      return
    }
    DurableFile.removeStaleTemporaries(beside: target)
    if stat(directory, &info) == 0 { directoryStamp = info.st_mtim }
  }

  /// Follows symbolic links at `path` (up to 40) to the file they name, even if it does not exist yet.
  static func resolveLinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(current, &buffer, buffer.count - 1)
      guard length > 0 else { return current }
      let destination = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        destination.hasPrefix("/")
        ? destination : DurableFile.parentDirectory(of: current) + "/" + destination
    }
    return current
  }
}
