/// How a command uses the history, which decides whether the interpreter loads it first.
package enum HistoryAccess: Sendable {
  /// Never opens the history (`help`, `set`, `quit`, `flash`): these work even when the file is
  /// broken, and cost no read of a large history.
  case none
  /// Reads it: the interpreter loads it (or picks up other processes' changes) before the command.
  case reads
  /// Reads it again and again, itself (`watch`): a history that cannot be read, or is not a file, is
  /// shown and watched until it can be read, so the interpreter does not load it first.
  case watches
  /// Changes it through ``StormrangeStore/SavedHistory/modify(_:)``, which loads it under the lock;
  /// loading it before as well would check the file on disk twice. Such a command decides for itself
  /// whether it needs to read first (`clear` counts what it will delete).
  case changes
}
