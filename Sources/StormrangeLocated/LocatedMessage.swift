import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import StormrangeRendering

/// Reads one located message (a line of `ingest`, an MQTT payload) in a ``LocatedFormat``.
package enum LocatedMessage {
  /// The keys read; any other is ignored (Blitzortung's `status`, `region`, `alt`, `sig_num`…).
  static let timeKey = "time"
  static let latitudeKey = "lat"
  static let longitudeKey = "lon"
  /// Seconds a strike may be dated ahead of the clock: clocks are a little off
  /// (``MeasurementRules/typedDateLead``).
  package static let allowedLead = MeasurementRules.typedDateLead
  /// Seconds a strike may be dated before it arrived: Blitzortung delivers within seconds, and a
  /// strike older than this would land in a minute whose entries are closed.
  package static let allowedLag = 600.0
  /// Seconds (a year) beyond which a strike's time is taken to be in the wrong unit.
  static let yearOff = 366 * 86400.0

  /// The strike `bytes` give, arriving at `arrival`; throws what is wrong with it.
  package static func read(_ bytes: [UInt8], format: LocatedFormat, arrival: Date) throws(LocatedProblem)
    -> LocatedStrike
  {
    let document: JSONValue
    do {
      document = try JSONReader.read(bytes)
    } catch {
      // A message is a line of `ingest`, so "line 1" of it would read as the input's first line;
      // only an MQTT payload can span lines.
      let place =
        error.line == 1 ? "column \(error.column)" : "its line \(error.line), column \(error.column)"
      throw LocatedProblem(.notJSON, "the message is not JSON: at \(place): \(error.message)")
    }
    guard case .object(let members) = document else {
      throw LocatedProblem(.notJSON, "the message is \(document.typeDescription), not a JSON object")
    }
    if let repeated = members.repeatedKey {
      throw LocatedProblem(
        .repeatedKey, JSONValue.repeatedKeyMessage(repeated.escapedForDisplay))
    }
    func value(_ key: String) throws(LocatedProblem) -> JSONValue {
      guard let member = members.first(where: { $0.key == key }), member.value != .null else {
        throw LocatedProblem(.missing, "the message has no '\(key)'")
      }
      return member.value
    }
    func number(_ key: String) throws(LocatedProblem) -> Double {
      let found = try value(key)
      guard case .number(let number) = found else {
        throw LocatedProblem(.notANumber, "'\(key)' is \(found.typeDescription), not a number")
      }
      return number
    }
    let latitude = try number(latitudeKey)
    guard GeoPosition.latitudes.contains(latitude) else {
      throw LocatedProblem(
        .latitudeOutOfRange, "'lat' is \(latitude.messageText), not a latitude (-90 to 90)")
    }
    let longitude = try number(longitudeKey)
    guard let position = GeoPosition(latitude: latitude, longitude: longitude) else {
      throw LocatedProblem(
        .longitudeOutOfRange, "'lon' is \(longitude.messageText), not a longitude (-180 to 180)")
    }
    let date = try self.date(try value(timeKey), format: format)
    let lead = date.timeIntervalSince(arrival)
    // A year off is a time in the wrong unit (seconds for nanoseconds, or the other way), and a
    // date past year 9999 cannot be written: the unit is named instead.
    if abs(lead) > yearOff || !lead.isFinite {
      throw LocatedProblem(
        lead > 0 ? .ahead : .behind,
        "'time' is more than a year \(lead > 0 ? "ahead of the clock" : "before it arrived"); "
          + "\(format.rawValue)'s time is a number of \(format == .blitzortung ? "nanoseconds" : "seconds") "
          + "since the epoch\(format == .located ? " or an ISO 8601 time" : "")")
    }
    if lead > allowedLead {
      throw LocatedProblem(
        .ahead,
        "the strike is dated \(UTCTime.format(date)), \(DurationText.approximate(lead)) ahead of the clock")
    }
    if -lead > allowedLag {
      throw LocatedProblem(
        .behind,
        "the strike is dated \(UTCTime.format(date)), \(DurationText.approximate(-lead)) before it arrived")
    }
    return LocatedStrike(date: date, position: position)
  }

  /// The time `value` gives in `format`.
  private static func date(_ value: JSONValue, format: LocatedFormat) throws(LocatedProblem) -> Date {
    switch (format, value) {
    case (.blitzortung, .number(let nanoseconds)):
      return Date(timeIntervalSince1970: nanoseconds / 1e9)
    case (.located, .number(let seconds)):
      return Date(timeIntervalSince1970: seconds)
    case (.located, .string(let text)):
      guard let date = ISO8601Time.parse(text) else {
        throw LocatedProblem(
          .badTime, "'time' is \"\(text.escapedForDisplay)\", not an ISO 8601 time with a zone")
      }
      return date
    case (.blitzortung, _):
      throw LocatedProblem(.notANumber, "'time' is \(value.typeDescription), not a number of nanoseconds")
    case (.located, _):
      throw LocatedProblem(
        .badTime, "'time' is \(value.typeDescription), not an ISO 8601 time or a number of seconds")
    }
  }
}
