/// What can go wrong with the files the store keeps. Each case carries the path as the user gave it
/// and the system's or the reader's reason; the application words the one-line message around them.
package enum StoreError: Error, Equatable, Sendable {
  /// The history file exists but is not a history; it is left untouched.
  case unreadable(path: String, problem: String)
  /// The history path names a directory, a device or a FIFO, which stormrange neither reads nor
  /// moves aside.
  case notARegularFile(path: String, problem: String)
  /// The history file cannot be opened at all (a parent is not a directory, no permission).
  case inaccessible(path: String, problem: String)
  /// Writing the history failed; nothing changed on disk or in memory.
  case saveFailed(path: String, problem: String)
  /// The history file has `links` names (hard links): saving would replace this one and leave the
  /// others with the old measurements, so nothing was saved.
  case hardLinked(path: String, links: Int)
  /// Saving would make the history `size` bytes, over the `limit` it may be read back with, so
  /// nothing was saved.
  case tooLarge(path: String, size: Int, limit: Int)
  /// The settings file exists but cannot be used, or cannot be written.
  case settings(path: String, problem: String)
  /// The history file this session read or wrote is no longer there (moved aside for a moment,
  /// being replaced), and the session keeps its file (``SavedHistory/keepsItsFile``): nothing was
  /// saved, rather than start a new history in its place.
  case missing(path: String)
  /// A signal ended the wait for the lock `lock`, which another process held: nothing was changed.
  case cancelled(lock: String)
  /// The command history (readline's, at the prompt) cannot be used: it is not a regular file with
  /// one name, or cannot be read or written. The session goes on without it.
  case commandHistory(path: String, problem: String)
}
