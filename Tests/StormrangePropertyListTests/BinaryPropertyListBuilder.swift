/// Assembles `bplist00` files object by object, for tests of the binary reader, including files no
/// real writer would produce (cycles, bad offsets, odd sizes).
struct BinaryPropertyListBuilder {
  /// Each object's encoded bytes (marker and payload); an object's reference is its index.
  var objects: [[UInt8]] = []
  var referenceSize = 1

  @discardableResult
  mutating func add(_ object: [UInt8]) -> Int {
    objects.append(object)
    return objects.count - 1
  }

  /// The complete file; `top` is the top object. The overrides corrupt the trailer.
  func build(
    top: Int = 0, offsetSize: Int? = nil, objectCount: UInt64? = nil, offsetTableOffset: UInt64? = nil,
    offsets: [Int]? = nil
  ) -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    var objectOffsets: [Int] = []
    for object in objects {
      objectOffsets.append(bytes.count)
      bytes.append(contentsOf: object)
    }
    let tableOffset = bytes.count
    let finalOffsets = offsets ?? objectOffsets
    let size =
      offsetSize ?? ((finalOffsets.max() ?? 0) < 256 ? 1 : (finalOffsets.max() ?? 0) < 65_536 ? 2 : 4)
    for offset in finalOffsets {
      bytes.append(contentsOf: Self.bigEndian(UInt64(offset), size: size))
    }
    bytes.append(contentsOf: [0, 0, 0, 0, 0, 0])  // unused, sort version
    bytes.append(UInt8(size))
    bytes.append(UInt8(referenceSize))
    bytes.append(contentsOf: Self.bigEndian(objectCount ?? UInt64(objects.count), size: 8))
    bytes.append(contentsOf: Self.bigEndian(UInt64(top), size: 8))
    bytes.append(contentsOf: Self.bigEndian(offsetTableOffset ?? UInt64(tableOffset), size: 8))
    return bytes
  }

  static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
    (0..<size).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * (size - 1 - $0))) }
  }

  /// A marker with its count: in the low nibble, or 0xF and an integer object after it.
  static func header(_ type: UInt8, count: Int) -> [UInt8] {
    if count < 15 { return [type << 4 | UInt8(count)] }
    if count < 256 { return [type << 4 | 0xF, 0x10, UInt8(count)] }
    return [type << 4 | 0xF, 0x11] + bigEndian(UInt64(count), size: 2)
  }

  func references(_ references: [Int]) -> [UInt8] {
    references.flatMap { Self.bigEndian(UInt64($0), size: referenceSize) }
  }

  static func integer(_ value: UInt64, size: Int) -> [UInt8] {
    let exponent = UInt8(size.trailingZeroBitCount)
    return [0x10 | exponent] + bigEndian(value, size: size)
  }

  static func real(_ value: Double) -> [UInt8] { [0x23] + bigEndian(value.bitPattern, size: 8) }
  static func float(_ value: Float) -> [UInt8] { [0x22] + bigEndian(UInt64(value.bitPattern), size: 4) }
  static func date(_ secondsSince2001: Double) -> [UInt8] {
    [0x33] + bigEndian(secondsSince2001.bitPattern, size: 8)
  }
  static func data(_ bytes: [UInt8]) -> [UInt8] { header(0x4, count: bytes.count) + bytes }
  static func ascii(_ text: String) -> [UInt8] { header(0x5, count: text.utf8.count) + Array(text.utf8) }
  static func utf16(_ text: String) -> [UInt8] {
    let units = Array(text.utf16)
    return header(0x6, count: units.count) + units.flatMap { bigEndian(UInt64($0), size: 2) }
  }
  func array(_ elements: [Int]) -> [UInt8] { Self.header(0xA, count: elements.count) + references(elements) }
  func set(_ elements: [Int]) -> [UInt8] { Self.header(0xC, count: elements.count) + references(elements) }
  func dictionary(keys: [Int], values: [Int]) -> [UInt8] {
    Self.header(0xD, count: keys.count) + references(keys) + references(values)
  }
}
