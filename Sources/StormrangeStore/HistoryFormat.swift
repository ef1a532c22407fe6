import FoundationEssentials
import StormrangeDomain
import StormrangePropertyList

#if canImport(Glibc)
  import Glibc
#endif

/// The history file's schema: an array with one dictionary per measurement holding `date` (date),
/// `delay`, `distance`, `temperature`, `speedOfSound` (reals) and `note` (string, only when there is
/// one). Other keys are kept as they are.
public enum HistoryFormat {
  /// Decodes a whole history file (XML or binary property list).
  public static func decode(_ bytes: [UInt8]) throws(PropertyListError) -> [HistoryEntry] {
    var result: [HistoryEntry] = []
    // One shared copy: every entry's slice of it keeps it alive, instead of one allocation per entry.
    let shared = ArraySlice(bytes)
    try PropertyListReader.forEachArrayElement(bytes) { (value, range) throws(PropertyListError) in
      var entry = try entry(from: value, position: result.count + 1)
      if let range { entry.encodedXML = shared[range] }
      result.append(entry)
    }
    return result
  }

  /// One entry from its dictionary; `position` (from 1) names it in errors.
  public static func entry(from value: consuming PropertyListValue, position: Int)
    throws(PropertyListError) -> HistoryEntry
  {
    guard case .dictionary(let entries) = value else {
      throw PropertyListError("entry \(position) is \(value.typeDescription), not a dictionary")
    }
    var date: Date?
    var delay: Double?
    var distance: Double?
    var temperature: Double?
    var speedOfSound: Double?
    var note: String?
    var others: [PropertyListEntry] = []
    for entry in entries {
      switch entry.key {
      case "date":
        guard case .date(let value) = entry.value else { throw wrongType(entry, "a date", position) }
        date = value
      case "delay": delay = try real(entry, position)
      case "distance": distance = try real(entry, position)
      case "temperature": temperature = try real(entry, position)
      case "speedOfSound": speedOfSound = try real(entry, position)
      case "note":
        guard case .string(let value) = entry.value else { throw wrongType(entry, "a string", position) }
        note = value
      default:
        others.append(entry)
      }
    }
    guard let date else { throw missing("date", position) }
    guard let delay else { throw missing("delay", position) }
    guard let distance else { throw missing("distance", position) }
    guard let temperature else { throw missing("temperature", position) }
    guard let speedOfSound else { throw missing("speedOfSound", position) }
    let measurement = Measurement(
      date: date, delay: delay, distance: distance, temperature: temperature, speedOfSound: speedOfSound,
      note: note)
    return HistoryEntry(measurement, otherKeys: others)
  }

  /// A finite real (integers are accepted: other tools may write `<integer>6</integer>`).
  private static func real(_ entry: PropertyListEntry, _ position: Int) throws(PropertyListError) -> Double {
    let number: Double
    switch entry.value {
    case .real(let value): number = value
    case .integer(let value): number = Double(value)
    default: throw wrongType(entry, "a real", position)
    }
    guard number.isFinite else {
      throw PropertyListError("entry \(position): '\(entry.key)' is \(number), not a finite number")
    }
    return number
  }

  private static func wrongType(_ entry: PropertyListEntry, _ expected: String, _ position: Int)
    -> PropertyListError
  {
    PropertyListError("entry \(position): '\(entry.key)' is \(entry.value.typeDescription), not \(expected)")
  }

  private static func missing(_ key: String, _ position: Int) -> PropertyListError {
    PropertyListError("entry \(position) has no '\(key)'")
  }

  /// The first character of `text` the history file cannot hold, or nil: an XML property list holds
  /// any text but the C0 controls other than tab, line feed and carriage return, and U+FFFE/U+FFFF.
  public static func unstorableCharacter(in text: String) -> Unicode.Scalar? {
    text.unicodeScalars.first { scalar in
      (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r")
        || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }
  }

  /// The dictionary stored for an entry.
  public static func propertyList(of entry: HistoryEntry) -> PropertyListValue {
    let measurement = entry.measurement
    var entries = [
      PropertyListEntry(key: "date", value: .date(measurement.date)),
      PropertyListEntry(key: "delay", value: .real(measurement.delay)),
      PropertyListEntry(key: "distance", value: .real(measurement.distance)),
      PropertyListEntry(key: "temperature", value: .real(measurement.temperature)),
      PropertyListEntry(key: "speedOfSound", value: .real(measurement.speedOfSound)),
    ]
    if let note = measurement.note { entries.append(PropertyListEntry(key: "note", value: .string(note))) }
    entries += entry.otherKeys
    return .dictionary(entries)
  }

  /// The XML text of one entry, from `<dict>` to `</dict>`, as the file holds it.
  static func encode(_ entry: HistoryEntry) throws(PropertyListError) -> ArraySlice<UInt8> {
    var buffer: [UInt8] = []
    buffer.reserveCapacity(320)
    try XMLPropertyListWriter.append(propertyList(of: entry), to: &buffer, depth: 1)
    // Stored without the leading indentation and trailing newline, like the slices read from a file.
    return buffer[1..<(buffer.count - 1)]
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
