import Foundation
import Testing

@testable import StormrangePropertyList

/// Cross-checks with Foundation's `PropertyListSerialization` (CoreFoundation's reader and writer, as
/// in Apple's plutil), in the same process: no subprocess, no files.
@Suite struct FoundationInteropTests {
  /// A value with every type, as Foundation objects and as the expected `PropertyListValue`.
  private static var foundationObject: [String: Any] {
    [
      "string": "Zürich & <Bern> 🌩",
      "integer": 42,
      "negative": -9_223_372_036_854_775_807,
      "real": 343.32,
      "whole real": 21.0,
      "true": true,
      "false": false,
      "date": Date(timeIntervalSince1970: 1_782_921_780),
      "old date": Date(timeIntervalSince1970: -2_208_988_800),
      "data": Data((0..<100).map { UInt8($0) }),
      "array": ["a", 1, [String]()] as [Any],
      "dictionary": ["nested": ["deeper": "yes"]],
    ]
  }

  private static let expected: PropertyListValue = .dictionary([
    PropertyListEntry(key: "string", value: .string("Zürich & <Bern> 🌩")),
    PropertyListEntry(key: "integer", value: .integer(42)),
    PropertyListEntry(key: "negative", value: .integer(-9_223_372_036_854_775_807)),
    PropertyListEntry(key: "real", value: .real(343.32)),
    PropertyListEntry(key: "whole real", value: .real(21)),
    PropertyListEntry(key: "true", value: .bool(true)),
    PropertyListEntry(key: "false", value: .bool(false)),
    PropertyListEntry(key: "date", value: .date(Date(timeIntervalSince1970: 1_782_921_780))),
    PropertyListEntry(key: "old date", value: .date(Date(timeIntervalSince1970: -2_208_988_800))),
    PropertyListEntry(key: "data", value: .data(Array(0..<100))),
    PropertyListEntry(key: "array", value: .array([.string("a"), .integer(1), .array([])])),
    PropertyListEntry(
      key: "dictionary",
      value: .dictionary([
        PropertyListEntry(
          key: "nested", value: .dictionary([PropertyListEntry(key: "deeper", value: .string("yes"))]))
      ])),
  ])

  /// Dictionaries sorted by key, since Foundation does not keep key order.
  private func sorted(_ value: PropertyListValue) -> PropertyListValue {
    switch value {
    case .array(let elements): .array(elements.map(sorted))
    case .dictionary(let entries):
      .dictionary(
        entries.map { PropertyListEntry(key: $0.key, value: sorted($0.value)) }.sorted { $0.key < $1.key })
    default: value
    }
  }

  /// `value` as Foundation property-list objects.
  private func foundationValue(_ value: PropertyListValue) -> Any {
    switch value {
    case .string(let string): string
    case .integer(let integer): NSNumber(value: integer)
    case .real(let real): NSNumber(value: real)
    case .bool(let bool): NSNumber(value: bool)
    case .date(let date): date
    case .data(let bytes): Data(bytes)
    case .array(let elements): elements.map(foundationValue)
    case .dictionary(let entries):
      Dictionary(entries.map { ($0.key, foundationValue($0.value)) }, uniquingKeysWith: { first, _ in first })
    }
  }

  @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
  func readsWhatFoundationWrites(format: PropertyListSerialization.PropertyListFormat) throws {
    let data = try PropertyListSerialization.data(
      fromPropertyList: Self.foundationObject, format: format, options: 0)
    #expect(sorted(try PropertyListReader.read(Array(data))) == sorted(Self.expected))
  }

  @Test func foundationReadsWhatWeWrite() throws {
    let written = try XMLPropertyListWriter.document(Self.expected)
    var format = PropertyListSerialization.PropertyListFormat.binary
    let object = try PropertyListSerialization.propertyList(from: Data(written), options: [], format: &format)
    #expect(format == .xml)
    // Back through Foundation's binary writer and our binary reader: nothing is lost either way.
    let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
    #expect(sorted(try PropertyListReader.read(Array(binary))) == sorted(Self.expected))
    let reference = try PropertyListSerialization.data(
      fromPropertyList: foundationValue(Self.expected), format: .binary, options: 0)
    #expect(sorted(try PropertyListReader.read(Array(reference))) == sorted(Self.expected))
  }

  @Test func foundationReadsAHistory() throws {
    var buffer = XMLPropertyListWriter.arrayHeader
    for index in 0..<20 {
      try XMLPropertyListWriter.append(
        .dictionary([
          PropertyListEntry(
            key: "date", value: .date(Date(timeIntervalSince1970: Double(1_780_000_000 + index)))),
          PropertyListEntry(key: "delay", value: .real(Double(index) * 0.7)),
          PropertyListEntry(key: "note", value: .string("line\rbreak & \(index)")),
        ]), to: &buffer, depth: 1)
    }
    buffer.append(contentsOf: XMLPropertyListWriter.arrayFooter)
    let object = try PropertyListSerialization.propertyList(from: Data(buffer), options: [], format: nil)
    let entries = object as? [[String: Any]]
    #expect(entries?.count == 20)
    #expect(entries?[3]["note"] as? String == "line\rbreak & 3")
    #expect(entries?[3]["delay"] as? Double == 3 * 0.7)
    #expect(entries?[3]["date"] as? Date == Date(timeIntervalSince1970: 1_780_000_003))
  }
}
