import FoundationEssentials
import StormrangeDomain
import StormrangePropertyList

#if canImport(Glibc)
  import Glibc
#endif

/// The history file's schema: an array with one dictionary per measurement.
///
/// - A timed measurement holds `date` (date), `delay`, `distance`, `temperature`, `speedOfSound`
///   (reals); these are the keys of format 1.0.
/// - A detector's reading (since 1.1) holds `date`, `distance` and `source` (string), and none of
///   the three timing keys. A file holding one cannot be read by 1.0, which requires `delay`.
/// - Since 1.2 a detector's reading also holds `detector` (string): its kind, `as3935` or
///   `generic` (``StormrangeDomain/DetectorKind``). One without it, as 1.1 wrote it, is of the kind
///   its source implies: `as3935` for the source `as3935`, else `generic`.
/// - Since 1.3 a located group (``StormrangeDomain/LocatedFix``) is a detector's reading of the
///   kind `located` that also holds `latitude` and `longitude` (reals, degrees: its strikes' mean
///   position), `nearest` (real, metres: its nearest strike from the observer), `strikes`
///   (integer) and `spread` (real, metres). 1.2 refuses a file holding one: it knows no such kind.
/// - Either may hold `note` (string) and, since 1.1, `bearing` (real, degrees, 0 ≤ b < 360), each
///   only when there is one. An entry without them is written byte for byte as 1.0 wrote it.
///
/// Other keys are kept as they are.
package enum HistoryFormat {
  /// The keys an entry's values are stored under, the one place they are spelled; any other key
  /// is another tool's, kept as it is.
  enum Key: String {
    case date, delay, distance, temperature, speedOfSound, note, bearing, source, detector
    case latitude, longitude, nearest, strikes, spread
  }

  /// Decodes a whole history file (XML or binary property list). Every entry must be a measurement
  /// stormrange could have recorded by `now` (see ``entry(from:position:now:)``) and must be one the
  /// XML file can hold, so that what loads can always be saved again.
  package static func decode(_ bytes: [UInt8], now: Date) throws(PropertyListError) -> [HistoryEntry] {
    var result: [HistoryEntry] = []
    // One shared copy: every entry's slice of it keeps it alive, instead of one allocation per entry.
    let shared = ArraySlice(bytes)
    try PropertyListReader.forEachArrayElement(bytes) { (value, range) throws(PropertyListError) in
      let position = result.count + 1
      var entry = try entry(from: value, position: position, now: now)
      if let range {
        entry.encodedXML = shared[range]
      } else {
        // A binary file can hold what XML cannot (an ESC in another tool's key); found now, not
        // when the first save fails.
        entry = try encoded(entry, position: position)
      }
      result.append(entry)
    }
    return result
  }

  /// `entry` with its XML encoding, or an error naming it by `position` when the XML history file
  /// cannot hold it.
  package static func encoded(_ entry: HistoryEntry, position: Int) throws(PropertyListError) -> HistoryEntry
  {
    var entry = entry
    do {
      entry.encodedXML = try encode(entry)
    } catch {
      throw PropertyListError("entry \(position) cannot be stored in the history file: \(error.message)")
    }
    return entry
  }

  /// The dictionary stored for an entry.
  package static func propertyList(of entry: HistoryEntry) -> PropertyListValue {
    let measurement = entry.measurement
    func stored(_ key: Key, _ value: PropertyListValue) -> PropertyListEntry {
      PropertyListEntry(key: key.rawValue, value: value)
    }
    var entries = [stored(.date, .date(measurement.date))]
    switch measurement.origin {
    case .timed(let timing):
      entries += [
        stored(.delay, .real(timing.delay)),
        stored(.distance, .real(measurement.distance)),
        stored(.temperature, .real(timing.temperature)),
        stored(.speedOfSound, .real(timing.speedOfSound)),
      ]
    case .detector, .located:
      entries.append(stored(.distance, .real(measurement.distance)))
    }
    if let note = measurement.note { entries.append(stored(.note, .string(note))) }
    if let bearing = measurement.bearing {
      entries.append(stored(.bearing, .real(bearing.degrees)))
    }
    if let source = measurement.source {
      entries.append(stored(.source, .string(source.name)))
      entries.append(stored(.detector, .string(source.kind.rawValue)))
    }
    if let fix = measurement.fix {
      entries += [
        stored(.latitude, .real(fix.position.latitude)),
        stored(.longitude, .real(fix.position.longitude)),
        stored(.nearest, .real(fix.nearest)),
        stored(.strikes, .integer(Int64(fix.strikes))),
        stored(.spread, .real(fix.spread)),
      ]
    }
    entries += entry.otherKeys
    return .dictionary(entries)
  }

  /// The XML text of one entry, from `<dict>` to `</dict>`, as the file holds it.
  static func encode(_ entry: HistoryEntry) throws(PropertyListError) -> ArraySlice<UInt8> {
    var buffer: [UInt8] = []
    buffer.reserveCapacity(320)
    try XMLPropertyListWriter.append(propertyList(of: entry), to: &buffer, depth: 1)
    // Stored without the leading indentation and trailing newline, like the slices read from a file,
    // in an array of its own size: a long-running `ingest` keeps every entry it recorded, and a
    // slice would keep the spare capacity too (about 40 % of a located group's bytes).
    return Array(buffer[1..<(buffer.count - 1)])[...]
  }

  /// The whole file for `measurements`, reusing each entry's stored XML. Every entry must have been
  /// encoded. Copies with `memcpy`: appending slice by slice to an `Array` costs about a byte per
  /// instruction, ten times slower, and this runs for every save of a large history.
  static func encodeFile(_ entries: [HistoryEntry]) -> [UInt8] {
    let header = XMLPropertyListWriter.arrayHeader
    let footer = XMLPropertyListWriter.arrayFooter
    // Through a buffer pointer the loops borrow each entry instead of copying it (three retains and
    // three releases per entry, which would cost more than the copying of its bytes).
    return entries.withUnsafeBufferPointer { entries in
      var size = header.count + footer.count
      for index in entries.indices { size += entries[index].encodedXML!.count + 2 }
      return [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
        var cursor = buffer.baseAddress!
        func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
          guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
          memcpy(cursor, source, bytes.count)
          cursor += bytes.count
        }
        header.withUnsafeBufferPointer(copy)
        for index in entries.indices {
          cursor.pointee = UInt8(ascii: "\t")
          cursor += 1
          entries[index].encodedXML!.withUnsafeBufferPointer(copy)
          cursor.pointee = UInt8(ascii: "\n")
          cursor += 1
        }
        footer.withUnsafeBufferPointer(copy)
        initialized = cursor - buffer.baseAddress!
      }
    }
  }

}
