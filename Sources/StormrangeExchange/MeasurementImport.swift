import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import StormrangePropertyList
import StormrangeStore

/// Reads an import file — CSV or JSON as `export` writes them, or a property list in the history
/// format (XML or binary) — and checks every row, so the caller can import all of them or none.
///
/// The format is recognised from the content, not the name: `[` starts JSON, `bplist` or `<` a
/// property list, anything else is CSV (with a header row naming its columns, in any order; `date`
/// is required, and `delay_s` or `source`; `index` is ignored). Rows are named in problems the way the
/// format counts them: CSV by line number (the header is line 1), JSON by array index (from 0),
/// property lists by entry (from 1, as errors about the history file do). CSV and JSON rows are
/// checked with the rules for imported rows (``ImportedRow``, ``MeasurementRules/imported``);
/// property-list entries as loading the history checks them (``HistoryFormat/entry(from:position:now:)``).
package struct MeasurementImport {
  package enum Source: String {
    case csv = "CSV"
    case json = "JSON"
    case propertyList = "property list"
  }

  /// A row that cannot be imported: `line 4: delay_s: 'abc' is not a number`.
  package struct Problem: Equatable {
    /// `line 4`, `array index 3`, `entry 2`.
    var row: String
    var message: String
    package var description: String {
      message.hasPrefix(row + " ") || message.hasPrefix(row + ":") ? message : "\(row): \(message)"
    }
  }

  package let source: Source
  /// Rows read, valid or not.
  package private(set) var rowCount = 0
  /// The valid rows, in file order, with the keys other tools added to property-list entries.
  package private(set) var measurements: [HistoryEntry] = []
  package private(set) var problems: [Problem] = []
  /// Rows accepted with a warning (long delays), by row name.
  package private(set) var warnings: [String] = []

  private let now: Date
  private let defaultTemperature: Double

  /// Reads `bytes`. Throws when the file as a whole is unusable (not text, no header, not an
  /// array); a bad row is recorded in ``problems`` and reading goes on.
  package init(bytes: [UInt8], now: Date, defaultTemperature: Double) throws(ExchangeError) {
    self.now = now
    self.defaultTemperature = defaultTemperature
    var bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }  // a spreadsheet's BOM
    let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    if bytes.starts(with: Array("bplist".utf8)) || first == UInt8(ascii: "<") {
      source = .propertyList
      try readPropertyList(bytes)
    } else if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
      source = .json
      try readJSON(bytes)
    } else {
      source = .csv
      try readCSV(bytes)
    }
  }

  /// Checks a row and keeps its measurement, or records why not.
  private mutating func add(_ row: ImportedRow, named name: String) {
    do throws(ExchangeError) {
      keep(try row.measurement(now: now, defaultTemperature: defaultTemperature), named: name)
    } catch {
      problems.append(Problem(row: name, message: error.message))
    }
  }

  /// Keeps a measurement that passed its checks, noting a long delay to warn about.
  private mutating func keep(_ entry: HistoryEntry, named name: String) {
    measurements.append(entry)
    if let delay = entry.measurement.delay, delay > MeasurementRules.warningDelay { warnings.append(name) }
  }

  // MARK: CSV

  private mutating func readCSV(_ bytes: [UInt8]) throws(ExchangeError) {
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw .malformed("it is not UTF-8 text, so not CSV, JSON or a property list")
    }
    let records: [CSVFormat.Record]
    do {
      records = try CSVFormat.records(bytes)
    } catch {
      // Past a syntax error the rows cannot be told apart; report it like a bad row.
      rowCount = 1
      problems = [Problem(row: "line \(error.line)", message: error.message)]
      return
    }
    guard let header = records.first else { throw .malformed("it is empty") }
    let columns = header.fields.map { field in
      String(field.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
    for (position, name) in columns.enumerated() {
      guard ExchangeFormat.keys.contains(name) else {
        throw .malformed(
          "line \(header.line): unknown column '\(name.escapedForDisplay)'; the columns are "
            + ExchangeFormat.keys.joined(separator: ", "))
      }
      guard !columns[..<position].contains(name) else {
        throw .malformed("line \(header.line): the column '\(name)' appears twice")
      }
    }
    // A timed measurement needs a delay, a detector's reading a source: one of the two columns.
    let (date, delay, source) = (
      ExchangeFormat.key(.date), ExchangeFormat.key(.delay), ExchangeFormat.key(.source)
    )
    guard columns.contains(date) else {
      throw .malformed("line \(header.line): the header has no '\(date)' column")
    }
    guard columns.contains(delay) || columns.contains(source) else {
      throw .malformed(
        "line \(header.line): the header has no '\(delay)' column (nor '\(source)', for detector readings)")
    }
    for record in records.dropFirst() {
      rowCount += 1
      let name = "line \(record.line)"
      guard record.fields.count == columns.count else {
        problems.append(
          Problem(row: name, message: "\(record.fields.count) fields, but the header names \(columns.count)"))
        continue
      }
      do throws(ExchangeError) {
        add(try Self.row(fields: Dictionary(uniqueKeysWithValues: zip(columns, record.fields))), named: name)
      } catch {
        problems.append(Problem(row: name, message: error.message))
      }
    }
  }

  /// A row from CSV fields by column name; an empty field is a missing value.
  private static func row(fields: [String: String]) throws(ExchangeError) -> ImportedRow {
    // An empty field is a missing value.
    func text(_ field: MeasurementFields.Key) -> String? {
      fields[ExchangeFormat.key(field)].flatMap { $0.isEmpty ? nil : $0 }
    }
    func number(_ field: MeasurementFields.Key) throws(ExchangeError) -> Double? {
      guard let text = text(field) else { return nil }
      guard let value = StrictNumber.parse(text) else {
        throw .malformed("\(ExchangeFormat.key(field)): '\(text.escapedForDisplay)' is not a number")
      }
      return value
    }
    var row = ImportedRow()
    if let text = text(.date) { row.fields.date = try date(text) }
    row.fields.delay = try number(.delay)
    row.fields.distance = try number(.distance)
    row.fields.temperature = try number(.temperature)
    row.fields.speedOfSound = try number(.speedOfSound)
    row.fields.note = text(.note)
    row.fields.bearing = try number(.bearing)
    row.fields.source = text(.source)
    row.fields.detector = text(.detector)
    for key in MeasurementFields.Key.locatedKeys { row.fields.setLocatedValue(key, try number(key)) }
    return row
  }

  private static func date(_ text: String) throws(ExchangeError) -> Date {
    guard let date = ISO8601Time.parse(text) else {
      if ISO8601Time.isLeapSecond(text) {
        throw .malformed(
          "\(ExchangeFormat.key(.date)): '\(text.escapedForDisplay)' is a leap second, which stormrange does not support"
        )
      }
      throw .malformed(
        "\(ExchangeFormat.key(.date)): '\(text.escapedForDisplay)' is not an ISO 8601 time with an offset, e.g. 2026-07-01T16:03:00Z"
      )
    }
    // Refused here, where the text is at hand: the check of the whole measurement would name the
    // date as it can be written, year 0000 as 0001-01-01.
    guard UTCTime.isRepresentable(date) else {
      throw .measurement(.dateOutOfRange(date, typed: text.escapedForDisplay))
    }
    return date
  }

  // MARK: JSON

  private mutating func readJSON(_ bytes: [UInt8]) throws(ExchangeError) {
    let value: JSONValue
    do {
      value = try JSONReader.read(bytes)
    } catch {
      throw .malformed("it is not valid JSON: at \(error.description)")
    }
    guard case .array(let elements) = value else {
      throw .malformed("the JSON is \(value.typeDescription), not an array of measurements")
    }
    rowCount = elements.count
    for (index, element) in elements.enumerated() {
      let name = "array index \(index)"
      do throws(ExchangeError) {
        add(try Self.row(json: element), named: name)
      } catch {
        problems.append(Problem(row: name, message: error.message))
      }
    }
  }

  /// A row from one JSON object; null is a missing value.
  private static func row(json: JSONValue) throws(ExchangeError) -> ImportedRow {
    guard case .object(let list) = json else {
      throw .malformed("\(json.typeDescription), not an object")
    }
    if let repeated = list.repeatedKey {
      throw .malformed(JSONValue.repeatedKeyMessage(repeated.escapedForDisplay))
    }
    let members = Dictionary(list.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    for key in members.keys.sorted() where !ExchangeFormat.keys.contains(key) {
      throw .malformed(
        "unknown key '\(key.escapedForDisplay)'; the keys are \(ExchangeFormat.keys.joined(separator: ", "))")
    }
    func number(_ field: MeasurementFields.Key) throws(ExchangeError) -> Double? {
      let key = ExchangeFormat.key(field)
      switch members[key] {
      case nil, .null?: return nil
      case .number(let value)?: return value
      case let other?: throw .malformed("'\(key)' is \(other.typeDescription), not a number")
      }
    }
    func string(_ field: MeasurementFields.Key) throws(ExchangeError) -> String? {
      let key = ExchangeFormat.key(field)
      switch members[key] {
      case nil, .null?: return nil
      case .string(let value)?: return value
      case let other?: throw .malformed("'\(key)' is \(other.typeDescription), not a string")
      }
    }
    var row = ImportedRow()
    if let text = try string(.date) { row.fields.date = try date(text) }
    row.fields.delay = try number(.delay)
    row.fields.distance = try number(.distance)
    row.fields.temperature = try number(.temperature)
    row.fields.speedOfSound = try number(.speedOfSound)
    // As in CSV, an empty note is none.
    row.fields.note = try string(.note).flatMap { $0.isEmpty ? nil : $0 }
    row.fields.bearing = try number(.bearing)
    row.fields.source = try string(.source)
    row.fields.detector = try string(.detector)
    for key in MeasurementFields.Key.locatedKeys { row.fields.setLocatedValue(key, try number(key)) }
    return row
  }

  // MARK: Property list

  private mutating func readPropertyList(_ bytes: [UInt8]) throws(ExchangeError) {
    let elements: [(value: PropertyListValue, xmlRange: Range<Int>?)]
    do {
      elements = try PropertyListReader.readArray(bytes)
    } catch {
      throw .malformed("it is not a property list in the history format: \(error.message)")
    }
    rowCount = elements.count
    for (offset, element) in elements.enumerated() {
      let name = "entry \(offset + 1)"
      do {
        // The rules that loading the history applies, so that an entry imports when it would
        // load (a refused history moved aside by `clear` comes back this way), but for a source
        // `.` or `..`, which loads but is not taken as a new one.
        let entry = try HistoryFormat.encoded(
          HistoryFormat.entry(from: element.value, position: offset + 1, now: now), position: offset + 1)
        if let source = entry.measurement.source, DetectorSource.folderNames.contains(source.name) {
          problems.append(
            Problem(
              row: name,
              message: "'source' is '\(source.name)', not a detector name (. and .. name folders); "
                + "give the entry another source"))
          continue
        }
        keep(entry, named: name)
      } catch {
        // The history format's messages already name the entry: "entry 3 has no 'date'".
        problems.append(Problem(row: name, message: error.message))
      }
    }
  }
}
