import StormrangeBase
import StormrangeDomain

/// The user's choices. Defaults live here, in code; the settings file holds only what was changed.
package struct Settings: Equatable, Sendable {
  /// The settings' names: the words of `set`, and but for ``location`` the keys of `settings.plist`.
  package enum Key: String, CaseIterable, Sendable {
    case unit
    case temperature
    /// Where the observer stands, for located strikes: a dictionary of `latitude` and `longitude`
    /// under the key `observer` (``fileKey``).
    case location
    /// How far located strikes are recorded, in kilometres.
    case radius

    /// The key in `settings.plist`. The location's is `observer`: `location` is the example of
    /// another tool's key that stormrange keeps as it is (docs/formats.md).
    package var fileKey: String { self == .location ? "observer" : rawValue }

    /// The setting stored under `fileKey`; nil for another tool's key.
    package init?(fileKey: String) {
      guard let key = Self.allCases.first(where: { $0.fileKey == fileKey }) else { return nil }
      self = key
    }
  }
  /// The keys of the location's dictionary.
  package static let latitudeKey = "latitude"
  package static let longitudeKey = "longitude"

  /// The radii `set radius` takes, in kilometres: above 0 (``isRadius(_:)``), and at most the
  /// farthest distance the history takes (``MeasurementRules/maximumDistance``).
  /// The bound is rounded down to 10 m, so that the number messages give is the largest taken.
  package static let radii: ClosedRange<Double> =
    0...((MeasurementRules.maximumDistance / 10).rounded(.down) / 100)

  package var unit: DistanceUnit = .kilometres
  /// Air temperature in °C for new measurements.
  package var temperature: Double = 20
  /// Where the observer stands; none until `set location`. Located sources need it.
  package var location: GeoPosition?
  /// Kilometres from ``location`` within which located strikes are recorded; beyond, counted.
  package var radius: Double = 100

  /// Whether `kilometres` is a radius `set radius` takes (0 is not).
  package static func isRadius(_ kilometres: Double) -> Bool {
    kilometres > 0 && radii.contains(kilometres)
  }

  package init() {}
  package static let defaults = Settings()
}

extension Settings {
  /// `111.95`: the largest radius in km, rounded down so that the number shown is taken.
  package static var shownRadiusLimit: String {
    FixedPoint.fixed(radii.upperBound, digits: 2)
  }

  /// `a number of km above 0 and at most 111.95`: the radii `set radius` takes.
  package static var radiusRule: String { "a number of km above 0 and at most \(shownRadiusLimit)" }
}
