import StormrangeBase

/// A direction from the observer, in degrees clockwise from north: 0 ≤ degrees < 360.
///
/// Typed as degrees (`0` to `360`, where `360` means north again) or as one of the 16 points of the
/// compass (`N`, `NNE`, … `NNW`, in any case). Read off a compass, it is a magnetic bearing:
/// correcting for the local declination is the user's business (docs/reference.md, "Bearings").
package struct Bearing: Equatable, Hashable, Sendable {
  /// The 16 points of the compass, from north clockwise, 22.5° apart.
  package static let compassPoints = [
    "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
  ]
  /// The 16 points in words, in the order of ``compassPoints``: what people say ("from the
  /// southwest"). Typed in any case, with or without hyphens (`south-west`, `SouthWest`).
  static let compassWords = [
    "north", "north-northeast", "northeast", "east-northeast", "east", "east-southeast", "southeast",
    "south-southeast", "south", "south-southwest", "southwest", "west-southwest", "west", "west-northwest",
    "northwest", "north-northwest",
  ]
  /// Degrees between neighbouring compass points.
  static let pointSpacing = 22.5

  /// Degrees clockwise from north, 0 ≤ degrees < 360.
  package let degrees: Double

  /// A bearing of `degrees`, or nil unless 0 ≤ degrees ≤ 360; 360 is stored as 0.
  package init?(degrees: Double) {
    guard degrees >= 0, degrees <= 360 else { return nil }
    // 360 is north again; -0 is 0 (so that it prints as 0).
    self.degrees = degrees == 360 || degrees == 0 ? 0 : degrees
  }

  /// A bearing as typed: decimal degrees (``StrictNumber``) or a compass point; nil otherwise.
  package init?(parsing text: String) {
    // ASCII case only (`String.word(among:)`): `ſ` uppercases to `S` under Unicode's rules, but is
    // not a compass point.
    let unhyphenated = String(text.filter { $0 != "-" })
    let words = Self.compassWords.map { String($0.filter { $0 != "-" }) }
    if let point = text.word(among: Self.compassPoints), let index = Self.compassPoints.firstIndex(of: point)
    {
      self.init(degrees: Double(index) * Self.pointSpacing)
    } else if !text.hasPrefix("-"), let word = unhyphenated.word(among: words),
      let index = words.firstIndex(of: word)
    {
      self.init(degrees: Double(index) * Self.pointSpacing)
    } else if let number = StrictNumber.parse(text) {
      self.init(degrees: number)
    } else {
      return nil
    }
  }

  /// The compass point when the bearing, to the tenth of a degree it is shown with, is one (`NE`
  /// for 45°; `N` for 359.99°), else nil.
  package var compassPoint: String? {
    let steps = shownDegrees / Self.pointSpacing
    guard steps == steps.rounded() else { return nil }
    return Self.compassPoints[Int(steps)]
  }

  /// The degrees to one decimal, 0 ≤ shown < 360: 359.96 shows as 0.
  private var shownDegrees: Double {
    let tenths = (degrees * 10).rounded() / 10
    return tenths == 360 ? 0 : tenths
  }

  /// The compass point closest to the bearing (`NE` for 50°).
  package var nearestCompassPoint: String {
    Self.compassPoints[Int((degrees / Self.pointSpacing).rounded()) % Self.compassPoints.count]
  }

  /// `NE`, or `237°` (at most one decimal: `12.5°`) when it is not a compass point.
  package var description: String {
    if let compassPoint { return compassPoint }
    let tenths = shownDegrees
    let text = tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    return text + "°"
  }
}
