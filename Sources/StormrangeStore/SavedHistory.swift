import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import StormrangePropertyList

#if canImport(Glibc)
  import Glibc
#endif

/// The measurement history as a random-access collection that loads from its property-list file
/// when ``refresh()`` is first called and saves itself after every change: the Swift counterpart of
/// an array proxy that autosaves after each mutating message.
///
/// Every change passes through ``modify(_:)``, which, under an advisory lock shared with other
/// stormrange processes, re-reads the file if someone else changed it, applies the change to a copy,
/// writes the whole array atomically and durably, and only then adopts the copy. So memory and disk
/// always agree, and nothing another process saved is lost. Reading the collection does no I/O: it
/// is the history as last loaded or saved.
package final class SavedHistory: RandomAccessCollection {
  package typealias Element = Measurement
  package typealias Index = Int

  /// The path as the user gave it; errors name it.
  package let path: SystemPath
  /// Where reads and writes go: `path` with symbolic links resolved, again before every read and
  /// every change (``followPath()``), so a running session follows a history replaced by a link,
  /// or a link pointed elsewhere, as a new command would.
  package private(set) var target: SystemPath
  package let readLimit: Int
  /// The clock a loaded file's dates are checked against (none may be more than a day ahead).
  private let now: () -> Date
  private var lock: FileLock
  private let shouldStop: () -> Bool
  private var sweeper: StaleTemporarySweeper
  private var stored: [HistoryEntry] = []
  private var state = LoadState.unloaded {
    didSet { if case .loaded(.some) = state { hadFile = true } }
  }
  private var group: Group?
  /// Whether the history was read from a file, or saved to one, in this session.
  private var hadFile = false
  /// Set by a session that runs on while the history may be moved aside for a moment (`mqtt`): once
  /// it has read or written a file, a change that finds no file there is refused
  /// (``StoreError/missing(path:)``) rather than saved into a new history of its own.
  package var keepsItsFile = false

  private enum LoadState {
    case unloaded
    /// Loaded from a file with this identity, or nil when there was no file.
    case loaded(FileIdentity?)
    /// The file is not a history; it stays untouched until `moveAsideUnreadable`.
    case unreadable
  }

  /// Saves deferred by ``beginGroup()`` until ``commitGroup()``.
  private struct Group {
    var snapshot: [HistoryEntry]?
    var isLocked = false
  }

  /// Files over `readLimit` bytes (256 MB) are refused as not being a history, so no change may make
  /// the file larger than that; `now` is the wall clock, read once per load. `shouldStop` is asked
  /// while a change waits for another process's lock: true gives the change up
  /// (``StoreError/cancelled(lock:)``).
  package init(
    path: SystemPath, readLimit: Int = 256_000_000, now: @escaping () -> Date,
    shouldStop: @escaping () -> Bool = { false }
  ) {
    self.path = path
    self.target = DurableFile.resolveLinks(path)
    self.readLimit = readLimit
    self.now = now
    self.shouldStop = shouldStop
    self.lock = FileLock(path: target + KeptFiles.lockSuffix, shouldStop: shouldStop)
    self.sweeper = StaleTemporarySweeper(beside: target)
  }

  /// Resolves `path`'s links again; when they now lead to another file, reads and writes go there
  /// (with its lock and temporary files), and it is read afresh. Not inside a group once it holds
  /// the lock of the file it began with. Returns whether the target changed.
  @discardableResult
  package func followPath() -> Bool {
    guard group?.isLocked != true else { return false }
    let resolved = DurableFile.resolveLinks(path)
    guard resolved != target else { return false }
    target = resolved
    lock = FileLock(path: target + KeptFiles.lockSuffix, shouldStop: shouldStop)
    sweeper = StaleTemporarySweeper(beside: target)
    if case .loaded = state { state = .unloaded }
    return true
  }

  /// Whether the history was last read from a file, or saved to one: false before it is loaded,
  /// and when there was no file at its path.
  package var hasFile: Bool {
    if case .loaded(.some) = state { return true }
    return false
  }

  /// For a path that is text, such as one from the environment.
  package convenience init(
    path: String, readLimit: Int = 256_000_000, now: @escaping () -> Date,
    shouldStop: @escaping () -> Bool = { false }
  ) {
    self.init(path: SystemPath(path), readLimit: readLimit, now: now, shouldStop: shouldStop)
  }

  // MARK: Collection

  package var startIndex: Int { 0 }
  package var endIndex: Int { stored.count }
  package subscript(position: Int) -> Measurement { stored[position].measurement }

  /// The stored entries, with the keys other tools added; what `undo` puts back after a `clear`.
  package var entries: [HistoryEntry] { stored }

  // MARK: Loading

  package var isLoaded: Bool {
    if case .loaded = state { return true }
    return false
  }

  /// Loads the history the first time; afterwards re-reads it only if another process replaced the
  /// file. Throws, leaving the file untouched, when it is not a readable history.
  package func refresh() throws(StoreError) {
    if group?.snapshot != nil { return }  // Inside a group, this process holds the lock.
    followPath()
    try load(ifChangedSince: state)
  }

  private func load() throws(StoreError) {
    do throws(FileProblem) {
      guard let (bytes, identity) = try DurableFile.read(path: target, limit: readLimit) else {
        stored = []
        state = .loaded(nil)
        return
      }
      do {
        stored = try HistoryFormat.decode(bytes, now: now())
        state = .loaded(identity)
      } catch {
        throw FileProblem(error.message)
      }
    } catch {
      stored = []
      // A system error opening or reading is about the path, not the contents; leave the state
      // unloaded so the next command tries again.
      if let code = error.code, code != EISDIR {
        state = .unloaded
        throw .inaccessible(path: path.description, problem: String(cString: strerror(code)))
      }
      if error.isNotARegularFile {
        state = .unloaded
        throw .notARegularFile(path: path.description, problem: error.message)
      }
      state = .unreadable
      throw .unreadable(path: path.description, problem: error.message)
    }
  }

  /// Loads unless the file is the one we last read or wrote.
  private func load(ifChangedSince previous: LoadState) throws(StoreError) {
    if case .loaded(let identity) = previous, identity == FileIdentity.of(path: target) { return }
    try load()
  }

  // MARK: Changing

  /// The one mutation primitive: applies `change` to the current history and saves the result before
  /// returning. If the save fails, neither memory nor the file changes.
  @discardableResult
  package func modify<Result>(_ change: (inout [HistoryEntry]) -> Result) throws(StoreError) -> Result {
    let outcome = try modify { (entries: inout [HistoryEntry]) -> Swift.Result<Result, Never> in
      .success(change(&entries))
    }
    switch outcome {
    case .success(let result): return result
    }
  }

  /// Like ``modify(_:)``, for a change that may find, under the lock, that it cannot be made (a
  /// number another process has since removed). A refused change must leave the array alone; then
  /// nothing is written.
  package func modify<Result, Refusal: Error>(
    _ change: (inout [HistoryEntry]) -> Swift.Result<Result, Refusal>
  ) throws(StoreError) -> Swift.Result<Result, Refusal> {
    if group != nil { return try modifyInGroup(change) }
    followPath()
    try loadBeforeFirstChange()
    try lockForWriting()
    defer { lock.unlock() }
    try refuseIfMissing()
    try load(ifChangedSince: state)
    // A copy, so that a failed save leaves memory as it was (O(n) retains; ~1 ms at 100k entries).
    var updated = stored
    let outcome = change(&updated)
    guard case .success = outcome else { return outcome }
    try save(&updated)
    stored = updated
    return outcome
  }

  package func append(_ measurement: Measurement) throws(StoreError) {
    try modify { $0.append(HistoryEntry(measurement)) }
  }

  /// Empties the history; returns what it held.
  @discardableResult
  package func removeAll() throws(StoreError) -> [HistoryEntry] {
    try modify { entries in
      defer { entries = [] }
      return entries
    }
  }

  /// Empties the history, first writing what it held, atomically and durably, to a new file
  /// `<name>.cleared-<timestamp>` beside it: a history in the same format, which `import` brings back
  /// in any later session. Under the lock, when `expected` is given and the history is no longer
  /// exactly that (another process changed it since the user agreed), nothing is written and nil is
  /// returned. Otherwise returns what was removed and where it was kept (nil when it held nothing).
  package func clear(now: Date, ifStill expected: [HistoryEntry]?) throws(StoreError) -> (
    removed: [HistoryEntry], keptIn: SystemPath?
  )? {
    precondition(group == nil, "clear is not grouped")
    followPath()
    try loadBeforeFirstChange()
    try lockForWriting()
    defer { lock.unlock() }
    try load(ifChangedSince: state)
    if let expected, stored != expected { return nil }
    guard !stored.isEmpty else { return ([], nil) }
    var removed = stored
    try encodeNewEntries(&removed)
    let copy = DurableFile.unusedName(target + (KeptFiles.clearedSuffix + Self.stamp(now)))
    do throws(FileProblem) {
      _ = try DurableFile.replace(
        path: copy, with: HistoryFormat.encodeFile(removed), owner: FileOwner.ofHistory(at: target))
    } catch {
      throw .saveFailed(
        path: path.description, problem: "cannot keep a copy of it in \(copy): \(error.message)")
    }
    var empty: [HistoryEntry] = []
    do {
      try save(&empty)
    } catch {
      _ = copy.withCString { unlink($0) }  // The history is as it was: the copy would only mislead.
      throw error
    }
    stored = []
    return (removed, copy)
  }

  // MARK: Group commit

  /// Whether changes are being gathered for one save.
  var isGrouping: Bool { group != nil }

  /// Defers saving: changes until ``commitGroup()`` are applied in memory under the lock and written
  /// together, the way a database commits a group of transactions with one flush.
  package func beginGroup() {
    precondition(group == nil, "groups do not nest")
    group = Group()
  }

  /// Writes every change made since ``beginGroup()`` at once. On failure all of them are undone in
  /// memory too, and the error says so; the caller must not confirm any of them.
  package func commitGroup() throws(StoreError) {
    guard let current = group else { return }
    group = nil
    defer { if current.isLocked { lock.unlock() } }
    guard let snapshot = current.snapshot else { return }
    do {
      try save(&stored)
    } catch {
      stored = snapshot
      throw error
    }
  }

  private func modifyInGroup<Result, Refusal: Error>(
    _ change: (inout [HistoryEntry]) -> Swift.Result<Result, Refusal>
  ) throws(StoreError) -> Swift.Result<Result, Refusal> {
    if group?.snapshot == nil {
      if group?.isLocked == false {
        followPath()
        try loadBeforeFirstChange()
        try lockForWriting()
        group?.isLocked = true
      }
      // Until a change of the group has loaded the file under the lock, each one tries again.
      try refuseIfMissing()
      try load(ifChangedSince: state)
      group?.snapshot = stored
    }
    // In place: the group's snapshot is the way back, and copying the array for every one of
    // thousands of grouped adds would make a batch quadratic.
    return change(&stored)
  }

  // MARK: Unreadable files

  /// Moves an unreadable history aside to `<name>.unreadable-<timestamp>` and starts an empty one.
  /// Returns the new name, or nil when the file was readable (nothing moved).
  package func moveAsideUnreadable(now: Date) throws(StoreError) -> String? {
    try lockForWriting()
    defer { lock.unlock() }
    do {
      try load(ifChangedSince: state)
      return nil
    } catch {}
    do throws(FileProblem) {
      let aside = try DurableFile.moveAside(target, suffix: KeptFiles.unreadableSuffix + Self.stamp(now))
      stored = []
      state = .loaded(nil)
      return aside.description
    } catch {
      throw .saveFailed(path: path.description, problem: error.message)
    }
  }

  // MARK: Private

  /// `20261121T061707Z`: the time in the names of files moved or copied aside, which sort by it.
  private static func stamp(_ now: Date) -> String { UTCTime.format(now).filter { $0 != "-" && $0 != ":" } }

  /// Reads the file once before the first change takes the lock, so that a file that cannot be
  /// opened or is not a history is reported as such (and left alone), rather than as a failed save.
  private func loadBeforeFirstChange() throws(StoreError) {
    if case .loaded = state { return }
    try load()
  }

  /// Throws ``StoreError/missing(path:)`` when ``keepsItsFile`` and the file read or written before
  /// is not there now: one `stat`, under the lock, for such a session alone.
  private func refuseIfMissing() throws(StoreError) {
    guard keepsItsFile, hadFile, FileIdentity.of(path: target) == nil else { return }
    throw .missing(path: path.description)
  }

  private func lockForWriting() throws(StoreError) {
    // Whose the history is: what is made for it (folders, the lock, the file) is theirs too. Worked
    // out only when something is made, so an add to an existing history looks up nothing more.
    do throws(FileProblem) {
      try DurableFile.createParentDirectories(of: target, owner: FileOwner.ofHistory(at: target))
      try lock.lock(owner: FileOwner.ofHistory(at: target))
    } catch {
      if error.isCancelled { throw .cancelled(lock: lock.path.description) }
      throw .saveFailed(path: path.description, problem: error.message)
    }
  }

  /// Writes `updated`, encoding its new entries first (and keeping their encodings in it). Refuses,
  /// writing nothing, a file with other names, which the new file would not replace, and a history
  /// too large to be read back.
  private func save(_ updated: inout [HistoryEntry]) throws(StoreError) {
    // The identity was just compared with the file under the lock (or read from it): no other stat.
    if case .loaded(let identity?) = state, identity.hasOtherNames {
      throw .hardLinked(path: path.description, links: identity.links)
    }
    try encodeNewEntries(&updated)
    let bytes = HistoryFormat.encodeFile(updated)
    guard bytes.count <= readLimit else {
      throw .tooLarge(path: path.description, size: bytes.count, limit: readLimit)
    }
    do throws(FileProblem) {
      let identity = try DurableFile.replace(
        path: target, with: bytes, owner: FileOwner.ofHistory(at: target))
      state = .loaded(identity)
      sweeper.sweepIfDirectoryChanged()
    } catch {
      throw .saveFailed(path: path.description, problem: error.message)
    }
  }

  /// Encodes the entries that have no bytes yet (new ones, or ones read from a binary file).
  private func encodeNewEntries(_ updated: inout [HistoryEntry]) throws(StoreError) {
    for index in updated.indices where updated[index].encodedXML == nil {
      do {
        updated[index].encodedXML = try HistoryFormat.encode(updated[index])
      } catch {
        throw .saveFailed(
          path: path.description, problem: "measurement \(index + 1) cannot be stored: \(error.message)")
      }
    }
  }
}
