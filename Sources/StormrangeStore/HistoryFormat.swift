import FoundationEssentials
import StormrangeBase
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
/// - Either may hold `note` (string) and, since 1.1, `bearing` (real, degrees, 0 ≤ b < 360), each
///   only when there is one. An entry without them is written byte for byte as 1.0 wrote it.
///
/// Other keys are kept as they are.
public enum HistoryFormat {
  /// Decodes a whole history file (XML or binary property list). Every entry must be a measurement
  /// stormrange could have recorded by `now` (see ``entry(from:position:now:)``) and must be one the
  /// XML file can hold, so that what loads can always be saved again.
  public static func decode(_ bytes: [UInt8], now: Date) throws(PropertyListError) -> [HistoryEntry] {
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
  public static func encoded(_ entry: HistoryEntry, position: Int) throws(PropertyListError) -> HistoryEntry {
    var entry = entry
    do {
      entry.encodedXML = try encode(entry)
    } catch {
      throw PropertyListError("entry \(position) cannot be stored in the history file: \(error.message)")
    }
    return entry
  }

  /// One entry from its dictionary; `position` (from 1) names it in errors. Beyond the types, its
  /// values must be ones stormrange accepts (``problem(with:now:)``): a file another tool wrote
  /// must not show a negative distance or an all-clear thousands of years away.
  public static func entry(from value: consuming PropertyListValue, position: Int, now: Date)
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
    var bearing: Double?
    var source: String?
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
      case "bearing": bearing = try real(entry, position)
      case "source":
        guard case .string(let value) = entry.value else { throw wrongType(entry, "a string", position) }
        source = value
      default:
        others.append(entry)
      }
    }
    guard let date else { throw missing("date", position) }
    guard let distance else { throw missing("distance", position) }
    let origin: MeasurementOrigin
    if let source {
      guard let detector = DetectorSource(source) else {
        throw PropertyListError(
          "entry \(position): 'source' is \(shown(source)), not 1 to \(DetectorSource.maximumLength) "
            + "letters, digits, '-', '_' or '.'")
      }
      for (key, value) in [("delay", delay), ("temperature", temperature), ("speedOfSound", speedOfSound)]
      where value != nil {
        throw PropertyListError(
          "entry \(position) has both 'source' and '\(key)': a detector's reading has no timing")
      }
      origin = .detector(source: detector)
    } else {
      guard let delay else {
        throw PropertyListError(
          "entry \(position) has no 'delay' (nor a 'source', as a detector's reading has)")
      }
      guard let temperature else { throw missing("temperature", position) }
      guard let speedOfSound else { throw missing("speedOfSound", position) }
      origin = .timed(ThunderTiming(delay: delay, temperature: temperature, speedOfSound: speedOfSound))
    }
    var direction: Bearing?
    if let bearing {
      guard let valid = Bearing(degrees: bearing) else {
        throw PropertyListError(
          "entry \(position): 'bearing' is \(shown(bearing)), not a bearing (0 to 360 degrees)")
      }
      direction = valid
    }
    let measurement = Measurement(
      date: date, distance: distance, origin: origin, bearing: direction, note: note)
    if let problem = problem(with: measurement, now: now) {
      throw PropertyListError("entry \(position): \(problem)")
    }
    return HistoryEntry(measurement, otherKeys: others)
  }

  /// Why `measurement` is not one stormrange accepts, naming the key as the file does; nil when it
  /// is. The numbers must lie where `add` and `set` put them (the domain's rules), the date no more
  /// than ``MeasurementRules/storedDateLead`` ahead of `now`, and the note must be storable. The
  /// distance is not compared with delay × speed of sound: other tools store a fixed 343 m/s.
  public static func problem(with measurement: Measurement, now: Date) -> String? {
    if let timing = measurement.timing, let problem = problem(with: timing) { return problem }
    guard MeasurementRules.isAcceptedDistance(measurement.distance) else {
      return "'distance' is \(shown(measurement.distance)), not a distance stormrange accepts "
        + "(more than 0, at most \(Int(MeasurementRules.maximumDistance)) m)"
    }
    if let source = measurement.source, source.isAS3935,
      AS3935.interval(forMetres: measurement.distance) == nil
    {
      return "'distance' is \(shown(measurement.distance)), not one of the AS3935's steps "
        + "(\(AS3935.stepsText) km)"
    }
    let date = measurement.date
    guard UTCTime.isRepresentable(date) else {
      return "'date' is outside the years 0001 to 9999"
    }
    guard date.timeIntervalSince(now) <= MeasurementRules.storedDateLead else {
      return "'date' is \(UTCTime.format(date)), more than a day ahead of the clock (\(UTCTime.format(now)))"
    }
    if let note = measurement.note, let bad = unstorableCharacter(in: note) {
      return "'note' contains \(bad.codePointName), which the history file cannot hold"
    }
    return nil
  }

  /// Why a timed measurement's delay, temperature or speed of sound is not one stormrange accepts.
  private static func problem(with timing: ThunderTiming) -> String? {
    guard MeasurementRules.isAcceptedDelay(timing.delay) else {
      return "'delay' is \(shown(timing.delay)), not a delay stormrange accepts "
        + "(more than 0, at most \(Int(MeasurementRules.maximumDelay)) s)"
    }
    let celsius = SpeedOfSound.plausibleCelsius
    guard celsius.contains(timing.temperature) else {
      return "'temperature' is \(shown(timing.temperature)), not a plausible air temperature "
        + "(\(Int(celsius.lowerBound)) to \(Int(celsius.upperBound)) °C)"
    }
    let speeds = SpeedOfSound.plausibleMetresPerSecond
    guard speeds.contains(timing.speedOfSound) else {
      return "'speedOfSound' is \(shown(timing.speedOfSound)), not a plausible speed of sound in air "
        + "(\(Int(speeds.lowerBound.rounded(.up))) to \(Int(speeds.upperBound)) m/s)"
    }
    return nil
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

  /// A stored number as a message shows it: `-5`, `1e+300`, `300.001`.
  private static func shown(_ number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : number.description
  }

  /// A stored string as a message shows it: quoted, with control characters escaped, and cut
  /// after 40 characters.
  private static func shown(_ text: String) -> String {
    let cut = text.count > 40 ? String(text.prefix(40)) + "…" : text
    return "'\(cut.escapedForDisplay)'"
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
    // Loading checks every note: a look at the bytes first (a C0 control is below 0x20, U+FFFE and
    // U+FFFF start with 0xEF) spares the walk over scalars, five times slower, for almost all of them.
    var text = text
    guard text.withUTF8({ bytes in bytes.contains { $0 < 0x20 || $0 == 0xEF } }) else { return nil }
    return text.unicodeScalars.first { scalar in
      (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r")
        || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }
  }

  /// The dictionary stored for an entry.
  public static func propertyList(of entry: HistoryEntry) -> PropertyListValue {
    let measurement = entry.measurement
    var entries = [PropertyListEntry(key: "date", value: .date(measurement.date))]
    switch measurement.origin {
    case .timed(let timing):
      entries += [
        PropertyListEntry(key: "delay", value: .real(timing.delay)),
        PropertyListEntry(key: "distance", value: .real(measurement.distance)),
        PropertyListEntry(key: "temperature", value: .real(timing.temperature)),
        PropertyListEntry(key: "speedOfSound", value: .real(timing.speedOfSound)),
      ]
    case .detector:
      entries.append(PropertyListEntry(key: "distance", value: .real(measurement.distance)))
    }
    if let note = measurement.note { entries.append(PropertyListEntry(key: "note", value: .string(note))) }
    if let bearing = measurement.bearing {
      entries.append(PropertyListEntry(key: "bearing", value: .real(bearing.degrees)))
    }
    if let source = measurement.source {
      entries.append(PropertyListEntry(key: "source", value: .string(source.name)))
    }
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
