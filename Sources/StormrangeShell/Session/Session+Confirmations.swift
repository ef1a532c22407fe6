extension Session {
  /// Records a change just saved, whose confirmation is yet to be written out (see ``SavedChange``).
  func saved(_ change: SavedChange) { unconfirmedChanges.append(change) }

  /// Writes out what `console` holds. Once it is written, the changes saved so far count as
  /// confirmed. When standard output fails, one line on standard error says so, naming what was
  /// saved but not confirmed (`#7 saved, but its confirmation could not be printed: …`), or only
  /// what was saved when a signal cut off blocked output; a reader that went away (`.closed`) is a
  /// quiet end. `linesLeft`: in a batch, the lines after this one will not run. Returns what became
  /// of standard output.
  package func writeOut(_ console: Console, linesLeft: Bool = false) -> Console.WriteResult {
    let result: Console.WriteResult
    if console.flush() {
      result = .written
    } else {
      result = console.wasInterrupted ? .interrupted : console.outputFailure ?? .written
    }
    let saved = unconfirmedChanges
    unconfirmedChanges = []
    switch result {
    case .failed(let code): report(.outputFailed(code: code, linesLeft: linesLeft, saved: saved))
    case .interrupted where !saved.isEmpty: report(.outputBlocked(saved: saved))
    default: return result
    }
    console.flush()
    return result
  }
}
