import StormrangeBase
import StormrangeDomain
import StormrangeStore

/// `set`, `set unit UNIT`, `set temperature VALUE[C|F]`, `set location LAT LON`, `set radius KM`:
/// shows or changes the settings.
struct SetCommand: Command {
  let name = "set"
  let summary = "show the settings, or change the unit, the air temperature, your location or the radius"
  // The names, units and limits come from the constants that hold them (CommandHelpLimitsTests).
  let usage =
    "set [\(Settings.Key.unit.rawValue) \(Self.units.joined(separator: "|")) | \(Settings.Key.temperature.rawValue) VALUE[C|F]"
    + " | \(Settings.Key.location.rawValue) LAT LON | \(Settings.Key.radius.rawValue) KM]"
  var details: String {
    """
    \(Self.column(.unit))the unit distances are shown in (stored measurements are in metres)
    \(Self.column(.temperature))the air temperature for new measurements, e.g. 25, 25C or 77F; it sets the speed of
                 sound (\(Self.speedAt(Settings.defaults.temperature)) at \(Temperature(celsius: Settings.defaults.temperature).description)); measurements already taken keep theirs
    \(Self.column(.location))where you stand, in decimal degrees north and east (WGS-84), e.g. 51.5 -0.12;
                 located strikes need it, and are taken as seen from it: a moving observer is not
                 followed
    \(Self.column(.radius))how far from your location located strikes are recorded, in km,
                 above 0 and at most \(Settings.shownRadiusLimit) (default \(Self.kilometres(Settings.defaults.radius))); farther ones are counted
    Settings are saved and apply to later sessions.
    """
  }

  static let names = Settings.Key.allCases.map(\.rawValue)
  static let units = DistanceUnit.allCases.map(\.rawValue)

  /// A setting's name in the column of the details.
  private static func column(_ key: Settings.Key) -> String {
    key.rawValue + String(repeating: " ", count: 13 - key.rawValue.count)
  }

  /// `343.2 m/s`: the speed of sound at `celsius`.
  private static func speedAt(_ celsius: Double) -> String {
    "\(FixedPoint.fixed(SpeedOfSound.metresPerSecond(celsius: celsius), digits: 1)) m/s"
  }

  /// `between -60 and 60 °C`.
  static var temperatureLimits: String {
    let range = SpeedOfSound.plausibleCelsius
    return "between \(Int(range.lowerBound)) and \(Int(range.upperBound)) °C"
  }

  /// `in km, above 0 and at most 111.95`.
  static var radiusLimits: String { "in km, above 0 and at most \(Settings.shownRadiusLimit)" }

  /// `100 km`, `12.5 km`.
  private static func kilometres(_ value: Double) -> String { "\(value.messageText) km" }

  /// `51.5, -0.12`, or `none`: each to at most 7 decimals (a centimetre), never in exponent form.
  private static func shown(_ location: GeoPosition?) -> String {
    location.map { "\(degrees($0.latitude)), \(degrees($0.longitude))" } ?? "none"
  }

  /// `-0.12`, `0.000001`: `degrees` to 7 decimals, the zeros at the end left off.
  static func degrees(_ degrees: Double) -> String {
    var text = FixedPoint.fixed(degrees, digits: 7)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  func completions(forArgument index: Int, after previous: [String]) -> [String] {
    switch index {
    case 0: Self.names
    case 1 where previous.first?.isWord("unit") == true: DistanceUnit.allCases.map(\.rawValue)
    default: []
    }
  }

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    try expectArguments(arguments, atMost: 3)
    guard !arguments.isEmpty else {
      // Only the listing reads the settings (and warns about a bad file or key): `set KEY VALUE`
      // changes one key, which repairs a bad value of it, and reports a file it cannot change once.
      let settings = session.currentSettings
      session.say(
        "\(Self.column(.unit))\(settings.unit.rawValue)  (default \(Settings.defaults.unit.rawValue); one of \(Self.units.joined(separator: ", ")))"
      )
      session.say(
        "\(Self.column(.temperature))\(Temperature(celsius: settings.temperature).description)  (default \(Temperature(celsius: Settings.defaults.temperature).description); speed of sound \(Self.speedAt(settings.temperature)))"
      )
      session.say(
        "\(Self.column(.location))\(Self.shown(settings.location))  (default \(Self.shown(Settings.defaults.location)); latitude and longitude in degrees)"
      )
      session.say(
        "\(Self.column(.radius))\(Self.kilometres(settings.radius))  (default \(Self.kilometres(Settings.defaults.radius)); \(Self.radiusLimits))"
      )
      return .proceed
    }
    // Setting names and units are taken in any case (`set unit MI`).
    guard let name = arguments[0].word(among: Self.names), let key = Settings.Key(rawValue: name) else {
      throw unknownSetting(arguments[0])
    }
    guard arguments.count >= 2 else { throw usageError("'set \(name)' needs a value") }
    // A location is two numbers.
    if key != .location { try expectArguments(arguments, atMost: 2) }
    let value = arguments[1]
    switch key {
    case .unit:
      guard let unit = DistanceUnit(word: value) else {
        throw .invalidArgument("unknown unit '\(value.escapedForDisplay)'; use \(Self.units.listed("or"))")
      }
      try StormrangeError.wrapping { () throws(StoreError) in
        try session.settings.set(unit: unit)
      }
      session.saved(.setting(name: key.rawValue, value: unit.rawValue))
      session.say("unit set to \(unit.rawValue)")
    case .temperature:
      guard let temperature = Temperature(parsing: value) else {
        throw .invalidArgument(
          "'\(value.escapedForDisplay)' is not an air temperature; use e.g. 25, 25C or 77F (\(Self.temperatureLimits))"
        )
      }
      try StormrangeError.wrapping { () throws(StoreError) in
        try session.settings.set(temperature: temperature.celsius)
      }
      session.saved(.setting(name: key.rawValue, value: temperature.description))
      session.say(
        "temperature set to \(temperature.description) (speed of sound \(Self.speedAt(temperature.celsius)))")
    case .radius:
      guard let kilometres = StrictNumber.parse(value), Settings.isRadius(kilometres) else {
        throw .invalidArgument("'\(value.escapedForDisplay)' is not a radius; use \(Settings.radiusRule)")
      }
      try StormrangeError.wrapping { () throws(StoreError) in
        try session.settings.set(radius: kilometres)
      }
      session.saved(.setting(name: key.rawValue, value: Self.kilometres(kilometres)))
      session.say("radius set to \(Self.kilometres(kilometres))")
    case .location:
      return try setLocation(arguments, in: session)
    }
    return .proceed
  }

  /// `set location LAT LON`.
  private func setLocation(_ arguments: CommandArguments, in session: Session) throws(StormrangeError)
    -> Outcome
  {
    guard arguments.count == 3 else {
      throw usageError(
        "'set location' needs a latitude and a longitude in degrees, e.g. 'set location 51.5 -0.12'")
    }
    let (latitudeText, longitudeText) = (arguments[1], arguments[2])
    guard let latitude = StrictNumber.parse(latitudeText), GeoPosition.latitudes.contains(latitude) else {
      throw .invalidArgument(
        "'\(latitudeText.escapedForDisplay)' is not a latitude; use degrees north from -90 to 90 (south is negative)"
      )
    }
    guard let longitude = StrictNumber.parse(longitudeText),
      let location = GeoPosition(latitude: latitude, longitude: longitude)
    else {
      throw .invalidArgument(
        "'\(longitudeText.escapedForDisplay)' is not a longitude; use degrees east from -180 to 180 (west is negative)"
      )
    }
    try StormrangeError.wrapping { () throws(StoreError) in
      try session.settings.set(location: location)
    }
    session.saved(.setting(name: Settings.Key.location.rawValue, value: Self.shown(location)))
    session.say("location set to \(Self.shown(location))")
    return .proceed
  }

  private func unknownSetting(_ key: String) -> StormrangeError {
    .invalidArgument(
      "unknown setting '\(key.escapedForDisplay)'; the settings are \(Self.names.listed("and"))")
  }
}
