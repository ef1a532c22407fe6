import StormrangeBase
import StormrangeDetectors
import StormrangeLocated

/// What `ingest FORMAT` and `mqtt --subscribe TOPIC=FORMAT` read: a detector's messages, each a
/// reading (``DetectorFormat``), or a network's located strikes, recorded in groups
/// (``LocatedFormat``).
package enum IngestFormat: Equatable, Hashable, Sendable {
  case detector(DetectorFormat)
  case located(LocatedFormat)

  package static let allCases: [IngestFormat] =
    DetectorFormat.allCases.map(IngestFormat.detector) + LocatedFormat.allCases.map(IngestFormat.located)

  /// The format a word names, in any ASCII case; nil when it names none.
  package init?(word: String) {
    guard let name = word.word(among: Self.allCases.map(\.name)) else { return nil }
    guard let format = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = format
  }

  /// `rtl433`, `blitzortung`.
  package var name: String {
    switch self {
    case .detector(let format): format.rawValue
    case .located(let format): format.rawValue
    }
  }

  /// `rtl433|tasmota|km|blitzortung|located`.
  package static var choices: String { allCases.map(\.name).joined(separator: "|") }
}
