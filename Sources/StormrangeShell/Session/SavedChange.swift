/// A change a command saved, remembered until its confirmation has been written out. If standard
/// output fails first (a full disk, a closed descriptor, a signal while it was blocked), the error
/// says what was saved, so that a script that retries on failure does not add it twice:
/// `#7 saved, but its confirmation could not be printed: No space left on device`.
package enum SavedChange: Equatable, Sendable {
  /// `add`, `thunder`, the Enter key: measurement `index`.
  case added(index: Int)
  /// `delete`: the measurement that was `index`.
  case deleted(index: Int)
  /// `clear`: `count` measurements, kept in `copy` (a path, shown escaped).
  case cleared(count: Int, copy: String)
  /// `clear` of an unreadable history: moved to `path` (shown escaped).
  case movedAside(to: String)
  /// `import`: `count` measurements, numbered from `first`.
  case imported(first: Int, count: Int)
  /// `undo`, with its own description (`undid the add of 2.06 km`).
  case undone(String)
  /// `set`: a setting and its value as confirmed (`unit`, `mi`).
  case setting(name: String, value: String)

  /// `#7 saved, but its confirmation could not be printed: REASON`, for the changes saved since
  /// output was last written (a group's adds come as one range: `#7–#12 saved, but their …`).
  static func notConfirmed(_ changes: [SavedChange], reason: String) -> String {
    var parts: [String] = []
    var added: [Int] = []
    for change in changes {
      if case .added(let index) = change {
        added.append(index)
        continue
      }
      if !added.isEmpty { parts.append(Self.added(added)) }
      added = []
      parts.append(change.description)
    }
    if !added.isEmpty { parts.append(Self.added(added)) }
    let pronoun: String
    switch changes.first {
    case _ where changes.count > 1: pronoun = "their confirmations"
    case .added?, .deleted?: pronoun = "its confirmation"
    default: pronoun = "the confirmation"
    }
    return parts.joined(separator: "; ") + ", but \(pronoun) could not be printed: \(reason)"
  }

  /// What was saved, in the words of the line that says so.
  private var description: String {
    switch self {
    case .added(let index): "#\(index) saved"
    case .deleted(let index): "#\(index) deleted"
    case .cleared(let count, let copy):
      "\(count) measurement\(count == 1 ? "" : "s") deleted (a copy is in \(copy))"
    case .movedAside(let path): "the unreadable history file moved to \(path)"
    case .imported(let first, let count):
      "\(count) measurement\(count == 1 ? "" : "s") imported (\(Self.range(first, first + count - 1)))"
    case .undone(let what): "undo saved (\(what))"
    case .setting(let name, let value): "\(name) \(value) saved"
    }
  }

  /// `#7 saved`, `#7–#12 saved`, `#3, #5 saved`: consecutive numbers as a range, and more than a
  /// few others as a count.
  private static func added(_ indices: [Int]) -> String {
    let sorted = indices.sorted()
    let (first, last) = (sorted[0], sorted[sorted.count - 1])
    if last - first + 1 == sorted.count { return range(first, last) + " saved" }
    if sorted.count > 5 { return "\(sorted.count) measurements saved (between #\(first) and #\(last))" }
    return sorted.map { "#\($0)" }.joined(separator: ", ") + " saved"
  }

  private static func range(_ first: Int, _ last: Int) -> String {
    first == last ? "#\(first)" : "#\(first)–#\(last)"
  }
}
