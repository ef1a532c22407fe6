// TEMPORARY stub until the codec lands.
import FoundationEssentials
public enum PropertyListReader {
  public static func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListValue { throw PropertyListError("stub") }
  public static func readArray(_ bytes: [UInt8]) throws(PropertyListError) -> [(value: PropertyListValue, xmlRange: Range<Int>?)] { throw PropertyListError("stub") }
}
public enum XMLPropertyListWriter {
  public static let arrayHeader: [UInt8] = []
  public static let arrayFooter: [UInt8] = []
  public static func append(_ value: PropertyListValue, to buffer: inout [UInt8], depth: Int) throws(PropertyListError) {}
  public static func document(_ value: PropertyListValue) throws(PropertyListError) -> [UInt8] { [] }
}
public enum PropertyListDate { public static func format(_ date: Date) -> String { "" } }
