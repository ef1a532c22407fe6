import StormrangeBase

/// What kind of detector reported a reading, which decides the rules its distances follow: an AMS
/// AS3935's steps and their intervals (``AS3935``), any other detector's ±10 %
/// (``DistanceUncertainty``), or a lightning network's located strikes (``LocatedFix``, since 1.3).
/// Stored as `detector` since format 1.2; a reading without it is of the kind its source's name
/// implies (``implied(bySource:)``).
package enum DetectorKind: String, CaseIterable, Sendable {
  /// The AMS AS3935 (Franklin) lightning sensor, inside the Ecowitt WH57, the Ambient WH31L and
  /// Tasmota's AS3935 boards: its distance is one of 15 steps.
  case as3935
  /// Any other detector: a distance in km or miles, trusted to about 10 %.
  case generic
  /// A lightning network's located strikes (Blitzortung): a position, not a range a detector
  /// measured. Only `ingest blitzortung`, `ingest located` and `mqtt` make them, and only a file's
  /// `detector` names the kind, never a command's (``typed``): an entry of this kind holds a
  /// ``LocatedFix``, and 1.2 refuses it.
  case located

  /// The kinds a person names with `add … detector KIND` and `ingest --detector KIND`.
  package static let typed: [DetectorKind] = [.as3935, .generic]

  /// The kind a word names, in any ASCII case (`AS3935`), among the ``typed`` ones; nil when it
  /// names none.
  package init?(word: String) {
    guard let name = word.word(among: Self.typed.map(\.rawValue)) else { return nil }
    self.init(rawValue: name)
  }

  /// The kind of a reading whose source is `name` and whose kind is not given: `as3935` for the
  /// source `as3935` (any case), as before format 1.2, else `generic`.
  package static func implied(bySource name: String) -> DetectorKind {
    name.isWord(as3935.rawValue) ? .as3935 : .generic
  }

  /// `as3935|generic`, for messages and usage lines.
  package static var choices: String { typed.map(\.rawValue).joined(separator: "|") }
}
