import StormrangeDomain
import StormrangePropertyList

/// One stored measurement: the measurement itself, the keys another tool or a later version wrote
/// beside it (kept so a rewrite never drops them), and the XML text it was read from or last
/// written as (reused verbatim when the file is rewritten, so a save costs a copy rather than a
/// re-encoding of every entry).
package struct HistoryEntry: Equatable, Sendable {
  package let measurement: Measurement
  /// Keys other than the ones ``HistoryFormat`` knows, e.g. another tool's `location`.
  let otherKeys: [PropertyListEntry]
  /// The entry's bytes from `<dict>` to `</dict>`; nil until it is first encoded.
  var encodedXML: ArraySlice<UInt8>?

  package init(_ measurement: Measurement, otherKeys: [PropertyListEntry] = []) {
    self.measurement = measurement
    self.otherKeys = otherKeys
  }

  /// The entry without its cached bytes, to keep beside the history: bytes read from a file are a
  /// slice of the whole file, and an entry kept after the history was read again would keep that
  /// file's copy alive.
  package var withoutBytes: HistoryEntry {
    var entry = self
    entry.encodedXML = nil
    return entry
  }

  /// Two entries are the same when they hold the same values; their cached bytes do not count.
  package static func == (lhs: HistoryEntry, rhs: HistoryEntry) -> Bool {
    lhs.measurement == rhs.measurement && lhs.otherKeys == rhs.otherKeys
  }
}
