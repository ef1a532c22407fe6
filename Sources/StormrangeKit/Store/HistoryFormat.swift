import FoundationEssentials

/// The history file's schema: an array with one dictionary per measurement holding `date` (date),
/// `delay`, `distance`, `temperature`, `speedOfSound` (reals) and `note` (string, only when there is
/// one). Other keys are kept as they are.
public enum HistoryFormat {
  static let requiredRealKeys = ["delay", "distance", "temperature", "speedOfSound"]
  static let knownKeys: Set<String> = ["date", "delay", "distance", "temperature", "speedOfSound", "note"]

  /// Decodes a whole history file (XML or binary property list).
  public static func decode(_ bytes: [UInt8]) throws(PropertyListError) -> [Measurement] {
    let elements = try PropertyListReader.readArray(bytes)
    var result: [Measurement] = []
    result.reserveCapacity(elements.count)
    // One shared copy: every slice of it keeps it alive, instead of one allocation per entry.
    let shared = ArraySlice(bytes)
    for (offset, element) in elements.enumerated() {
      var measurement = try measurement(from: element.value, position: offset + 1)
      if let range = element.xmlRange { measurement.encodedXML = shared[range] }
      result.append(measurement)
    }
    return result
  }

  /// One measurement from its dictionary; `position` (from 1) names it in errors.
  public static func measurement(from value: PropertyListValue, position: Int) throws(PropertyListError)
    -> Measurement
  {
    guard case .dictionary(let entries) = value else {
      throw PropertyListError("entry \(position) is \(value.typeDescription), not a dictionary")
    }
    var date: Date?
    var reals: [String: Double] = [:]
    var note: String?
    var others: [PropertyListEntry] = []
    for entry in entries {
      switch entry.key {
      case "date":
        guard case .date(let value) = entry.value else {
          throw PropertyListError("entry \(position): 'date' is \(entry.value.typeDescription), not a date")
        }
        date = value
      case "note":
        guard case .string(let value) = entry.value else {
          throw PropertyListError("entry \(position): 'note' is \(entry.value.typeDescription), not a string")
        }
        note = value
      case "delay", "distance", "temperature", "speedOfSound":
        let number: Double
        switch entry.value {
        case .real(let value): number = value
        case .integer(let value): number = Double(value)
        default:
          throw PropertyListError(
            "entry \(position): '\(entry.key)' is \(entry.value.typeDescription), not a real")
        }
        guard number.isFinite else {
          throw PropertyListError("entry \(position): '\(entry.key)' is \(number), not a finite number")
        }
        reals[entry.key] = number
      default:
        others.append(entry)
      }
    }
    guard let date else { throw PropertyListError("entry \(position) has no 'date'") }
    for key in requiredRealKeys where reals[key] == nil {
      throw PropertyListError("entry \(position) has no '\(key)'")
    }
    return Measurement(
      date: date, delay: reals["delay"]!, distance: reals["distance"]!,
      temperature: reals["temperature"]!, speedOfSound: reals["speedOfSound"]!, note: note,
      otherKeys: others)
  }

  /// The dictionary stored for a measurement.
  public static func propertyList(of measurement: Measurement) -> PropertyListValue {
    var entries = [
      PropertyListEntry(key: "date", value: .date(measurement.date)),
      PropertyListEntry(key: "delay", value: .real(measurement.delay)),
      PropertyListEntry(key: "distance", value: .real(measurement.distance)),
      PropertyListEntry(key: "temperature", value: .real(measurement.temperature)),
      PropertyListEntry(key: "speedOfSound", value: .real(measurement.speedOfSound)),
    ]
    if let note = measurement.note { entries.append(PropertyListEntry(key: "note", value: .string(note))) }
    entries += measurement.otherKeys
    return .dictionary(entries)
  }

  /// The XML text of one entry, from `<dict>` to `</dict>`, as the file holds it.
  static func encodeEntry(_ measurement: Measurement) throws(PropertyListError) -> ArraySlice<UInt8> {
    var buffer: [UInt8] = []
    buffer.reserveCapacity(320)
    try XMLPropertyListWriter.append(propertyList(of: measurement), to: &buffer, depth: 1)
    // Stored without the leading indentation and trailing newline, like the slices read from a file.
    return buffer[1..<(buffer.count - 1)]
  }

  /// The whole file for `measurements`, reusing each entry's stored XML.
  static func encodeFile(_ measurements: [Measurement]) -> [UInt8] {
    var size = XMLPropertyListWriter.arrayHeader.count + XMLPropertyListWriter.arrayFooter.count
    for measurement in measurements { size += (measurement.encodedXML?.count ?? 0) + 2 }
    var buffer: [UInt8] = []
    buffer.reserveCapacity(size)
    buffer += XMLPropertyListWriter.arrayHeader
    for measurement in measurements {
      buffer.append(UInt8(ascii: "\t"))
      buffer += measurement.encodedXML!
      buffer.append(UInt8(ascii: "\n"))
    }
    buffer += XMLPropertyListWriter.arrayFooter
    return buffer
  }
}
