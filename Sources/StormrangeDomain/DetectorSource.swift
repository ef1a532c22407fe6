import StormrangeBase

/// What reported a detector reading: its name, 1 to 32 ASCII letters, digits, `-`, `_` and `.`
/// (`as3935`, `FineOffset-WH31L-67016`), so it is safe in a file name, a CSV cell and a terminal
/// alike; and its kind (``DetectorKind``), which decides the rules its distances follow.
package struct DetectorSource: Equatable, Hashable, Sendable {
  package static let maximumLength = 32
  /// The rule for a name as messages and help state it: `1 to 32 letters, digits, '-', '_' or '.'`.
  package static let nameRule = "1 to \(maximumLength) letters, digits, '-', '_' or '.'"
  /// The source whose kind is ``DetectorKind/as3935`` when no kind is given.
  package static let as3935Name = "as3935"
  /// `.` and `..`, which name folders in a path (a topic level `tele/../SENSOR`), not a detector:
  /// no new source takes one (``MeasurementRules/detector(_:kind:acceptingFolderNames:)``), though a
  /// history that already holds one still loads.
  package static let folderNames: Set<String> = [".", ".."]

  package let name: String
  package let kind: DetectorKind

  /// The source named `name`, of the kind given or else the kind the name implies
  /// (``DetectorKind/implied(bySource:)``); nil when the name breaks the rule. Whether a kind
  /// given contradicts the name is ``MeasurementRules/detector(_:typedKind:)``'s to say.
  package init?(_ name: String, kind: DetectorKind? = nil) {
    guard Self.isValid(name) else { return nil }
    self.name = name
    self.kind = kind ?? DetectorKind.implied(bySource: name)
  }

  /// Whether `name` is 1–32 characters of `A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_` and `.`.
  static func isValid(_ name: String) -> Bool {
    let bytes = name.utf8
    guard !bytes.isEmpty, bytes.count <= maximumLength else { return false }
    return bytes.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
        true
      default: false
      }
    }
  }

}
