import StormrangeBase

/// The name of what reported a detector reading: 1 to 32 ASCII letters, digits, `-`, `_` and `.`
/// (`as3935`, `porch-sensor.2`), so it is safe in a file name, a CSV cell and a terminal alike.
public struct DetectorSource: Equatable, Hashable, Sendable {
  public static let maximumLength = 32
  /// The source whose readings are checked against the AS3935's steps (``AS3935``).
  public static let as3935Name = "as3935"

  public let name: String

  /// The source named `name`, or nil when the name breaks the rule.
  public init?(_ name: String) {
    guard Self.isValid(name) else { return nil }
    self.name = name
  }

  /// Whether `name` is 1–32 characters of `A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_` and `.`.
  public static func isValid(_ name: String) -> Bool {
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

  /// Whether readings from this source are an AS3935's steps. The name is compared without case:
  /// `AS3935` is the same chip.
  public var isAS3935: Bool { name.isWord(Self.as3935Name) }
}
