import FoundationEssentials
import Testing

@testable import StormrangePropertyList

@Suite struct BinaryPropertyListReaderTests {
  private typealias Builder = BinaryPropertyListBuilder

  // MARK: - Files written by real tools

  @Test func plistlibOutput() throws {
    let bytes = PropertyListFixtures.bytes(hex: PropertyListFixtures.plistlibBinaryHex)
    #expect(try PropertyListReader.read(bytes) == PropertyListFixtures.sample)
  }

  @Test func plistutilOutput() throws {
    // libplist stores 3.5 as a 4-byte float and shares equal strings and numbers.
    let bytes = PropertyListFixtures.bytes(hex: PropertyListFixtures.plistutilBinaryHex)
    #expect(try PropertyListReader.read(bytes) == PropertyListFixtures.sample)
  }

  // MARK: - Object types

  @Test func scalars() throws {
    func single(_ object: [UInt8]) throws -> PropertyListValue {
      var builder = Builder()
      builder.add(object)
      return try PropertyListReader.read(builder.build())
    }
    #expect(try single([0x08]) == .bool(false))
    #expect(try single([0x09]) == .bool(true))
    #expect(try single(Builder.integer(0xFF, size: 1)) == .integer(255))
    #expect(try single(Builder.integer(0xFFFF, size: 2)) == .integer(65_535))
    #expect(try single(Builder.integer(0xFFFF_FFFF, size: 4)) == .integer(4_294_967_295))
    #expect(try single(Builder.integer(UInt64(bitPattern: -2), size: 8)) == .integer(-2))
    #expect(try single(Builder.integer(UInt64(Int64.max), size: 8)) == .integer(.max))
    // 16-byte integers: accepted while they fit in 64 bits.
    #expect(
      try single([0x14] + Builder.bigEndian(0, size: 8) + Builder.bigEndian(42, size: 8)) == .integer(42))
    #expect(
      try single(
        [0x14] + Builder.bigEndian(.max, size: 8) + Builder.bigEndian(UInt64(bitPattern: -5), size: 8))
        == .integer(-5))
    #expect(try single(Builder.real(343.32)) == .real(343.32))
    #expect(try single(Builder.float(3.5)) == .real(3.5))
    #expect(try single(Builder.float(0.1)) == .real(Double(Float(0.1))))
    #expect(try single(Builder.date(0)) == .date(Date(timeIntervalSinceReferenceDate: 0)))
    #expect(try single(Builder.date(804_614_580)) == .date(Date(timeIntervalSince1970: 1_782_921_780)))
    #expect(
      try single(Builder.date(-1_000_000_000.5))
        == .date(Date(timeIntervalSinceReferenceDate: -1_000_000_000.5)))
    #expect(try single(Builder.data([])) == .data([]))
    #expect(try single(Builder.data(Array(0..<200))) == .data(Array(0..<200)))
    #expect(try single(Builder.ascii("")) == .string(""))
    #expect(try single(Builder.ascii("speedOfSound and more")) == .string("speedOfSound and more"))
    #expect(try single(Builder.utf16("Zürich – 雷 🌩")) == .string("Zürich – 雷 🌩"))
    #expect(
      try single(Builder.utf16(String(repeating: "ä", count: 300)))
        == .string(String(repeating: "ä", count: 300)))
  }

  @Test func nestedContainersAndSets() throws {
    var builder = Builder()
    let top = builder.add([])  // patched below
    let key1 = builder.add(Builder.ascii("list"))
    let key2 = builder.add(Builder.utf16("Größe"))
    let key3 = builder.add(Builder.ascii("set"))
    let one = builder.add(Builder.integer(1, size: 1))
    let inner = builder.add(builder.array([one, one]))
    let list = builder.add(builder.array([inner, builder.objects.count + 1]))
    let emptyDict = builder.add(builder.dictionary(keys: [], values: []))
    let set = builder.add(builder.set([one, key1]))
    builder.objects[top] = builder.dictionary(keys: [key1, key2, key3], values: [list, emptyDict, set])
    #expect(
      try PropertyListReader.read(builder.build(top: top))
        == .dictionary([
          PropertyListEntry(
            key: "list", value: .array([.array([.integer(1), .integer(1)]), .dictionary([])])),
          PropertyListEntry(key: "Größe", value: .dictionary([])),
          PropertyListEntry(key: "set", value: .array([.integer(1), .string("list")])),
        ]))
  }

  @Test func wideReferencesAndOffsets() throws {
    var builder = Builder()
    builder.referenceSize = 2
    let strings = (0..<300).map { builder.add(Builder.ascii("string number \($0)")) }
    let top = builder.add(builder.array(strings))
    let value = try PropertyListReader.read(builder.build(top: top))
    #expect(value == .array((0..<300).map { .string("string number \($0)") }))
  }

  @Test func readArrayOfBinary() throws {
    var builder = Builder()
    let element = builder.add(Builder.ascii("x"))
    let top = builder.add(builder.array([element, element]))
    let elements = try PropertyListReader.readArray(builder.build(top: top))
    #expect(elements.map(\.value) == [.string("x"), .string("x")])
    #expect(elements.allSatisfy { $0.xmlRange == nil })

    var dictionary = Builder()
    dictionary.add(dictionary.dictionary(keys: [], values: []))
    #expect(throws: PropertyListError("the top level is a dictionary, not an array")) {
      try PropertyListReader.readArray(dictionary.build())
    }
  }

  // MARK: - Rejections

  @Test func unsupportedValues() {
    func single(_ object: [UInt8]) -> [UInt8] {
      var builder = Builder()
      builder.add(object)
      return builder.build()
    }
    expectError(single([0x80, 0x01]), "object 0 is a UID; UID values are not supported")
    expectError(single([0x00]), "object 0 is null; null values are not supported")
    expectError(single([0x0F]), "object 0 is a fill byte, not a value")
    expectError(single([0x70]), "object 0 has the unknown type 0x70")
    expectError(single([0x05]), "object 0 has the unknown type 0x5")
    expectError(single([0x15] + Array(repeating: 0, count: 32)), "object 0 is an integer of unsupported size")
    expectError(
      single([0x14] + Builder.bigEndian(1, size: 8) + Builder.bigEndian(0, size: 8)),
      "object 0 is an integer that does not fit in 64 bits")
    expectError(
      single([0x14] + Builder.bigEndian(0, size: 8) + Builder.bigEndian(.max, size: 8)),
      "object 0 is an integer that does not fit in 64 bits")
    expectError(single([0x21, 0, 0]), "object 0 is a real of unsupported size")
    expectError(single([0x32] + Array(repeating: 0, count: 4)), "object 0 has the unknown type 0x32")
    expectError(single([0x52, 0x41, 0xC3]), "object 0 is an ASCII string with non-ASCII bytes")
    expectError(single([0x61, 0xD8, 0x00]), "object 0 is a string that is not valid UTF-16")
    expectError(single([0x4F, 0x22, 0, 0, 0, 0]), "object 0 has an invalid length")
  }

  @Test func dictionaryKeysMustBeUniqueStrings() {
    var builder = Builder()
    let top = builder.add([])
    let key = builder.add(Builder.integer(1, size: 1))
    builder.objects[top] = builder.dictionary(keys: [key], values: [key])
    expectError(builder.build(top: top), "object 0 is a dictionary with a key that is an integer")

    var duplicates = Builder()
    let dictionary = duplicates.add([])
    let name = duplicates.add(Builder.ascii("k"))
    let sameName = duplicates.add(Builder.utf16("k"))
    duplicates.objects[dictionary] = duplicates.dictionary(keys: [name, sameName], values: [name, name])
    expectError(duplicates.build(top: dictionary), "object 0 is a dictionary with the duplicate key \"k\"")
  }

  @Test func cycles() {
    var direct = Builder()
    direct.add(direct.array([0]))
    expectError(direct.build(), "object 0 contains itself")

    var indirect = Builder()
    indirect.add(indirect.array([1]))
    indirect.add(indirect.dictionary(keys: [2], values: [0]))
    indirect.add(Builder.ascii("k"))
    expectError(indirect.build(), "object 0 contains itself")

    var viaSet = Builder()
    viaSet.add(viaSet.array([1]))
    viaSet.add(viaSet.set([2]))
    viaSet.add(viaSet.array([1]))
    expectError(viaSet.build(), "object 1 contains itself")
  }

  @Test func sharedObjectsAreNotCycles() throws {
    var builder = Builder()
    let leaf = builder.add(Builder.ascii("leaf"))
    let shared = builder.add(builder.array([leaf, leaf]))
    let top = builder.add(builder.array([shared, shared, leaf]))
    #expect(
      try PropertyListReader.read(builder.build(top: top))
        == .array([
          .array([.string("leaf"), .string("leaf")]), .array([.string("leaf"), .string("leaf")]),
          .string("leaf"),
        ]))
  }

  @Test func excessiveDepth() throws {
    func chain(_ length: Int) -> [UInt8] {
      var builder = Builder()
      builder.referenceSize = 2
      for index in 0..<length {
        builder.add(index == length - 1 ? builder.array([]) : builder.array([index + 1]))
      }
      return builder.build()
    }
    #expect(throws: Never.self) { try PropertyListReader.read(chain(512)) }
    expectError(chain(513), "the containers are nested more than 512 deep")
    expectError(chain(5000), "the containers are nested more than 512 deep")

    // A shallow reference to a deep, already decoded subtree still counts its depth.
    var builder = Builder()
    builder.referenceSize = 2
    for index in 0..<400 {
      builder.add(index == 399 ? builder.array([]) : builder.array([index + 1]))
    }
    var wrappers: [Int] = []
    for index in 0..<200 {
      wrappers.append(builder.add(builder.array([index == 0 ? 0 : wrappers[index - 1]])))
    }
    let top = builder.add(builder.array([0, wrappers[199]]))
    expectError(builder.build(top: top), "the containers are nested more than 512 deep")
  }

  @Test func exponentialExpansionIsRefused() {
    var builder = Builder()
    var previous = builder.add(Builder.ascii("boom"))
    for _ in 0..<64 {
      previous = builder.add(builder.array([previous, previous]))
    }
    expectError(builder.build(top: previous), "the binary property list expands to too many values")
  }

  @Test func badTrailers() {
    var builder = Builder()
    builder.add(Builder.ascii("x"))
    expectError(
      builder.build(offsetSize: 0), "the binary property list's trailer is invalid (offset or reference size)"
    )
    var wideReferences = builder
    wideReferences.referenceSize = 9
    expectError(
      wideReferences.build(), "the binary property list's trailer is invalid (offset or reference size)")
    expectError(
      builder.build(objectCount: 0),
      "the binary property list's trailer is invalid (object count or top object)")
    expectError(
      builder.build(objectCount: .max),
      "the binary property list's trailer is invalid (object count or top object)")
    expectError(
      builder.build(top: 1), "the binary property list's trailer is invalid (object count or top object)")
    expectError(builder.build(objectCount: 5), "the binary property list's offset table is out of bounds")
    expectError(
      builder.build(offsetTableOffset: 3), "the binary property list's offset table is out of bounds")
    expectError(
      builder.build(offsetTableOffset: .max), "the binary property list's offset table is out of bounds")
    expectError(builder.build(offsets: [2]), "object 0's offset is out of bounds")
    expectError(builder.build(offsets: [10]), "object 0's offset is out of bounds")
    expectError(Array("bplist00".utf8), "the binary property list is truncated")
    expectError(
      Array("bplist00".utf8) + Array(repeating: 0, count: 34),
      "the binary property list's trailer is invalid (offset or reference size)")
  }

  @Test func outOfRangeReferencesAndLengths() {
    var builder = Builder()
    builder.add(builder.array([7]))
    expectError(builder.build(), "object reference 7 is out of range")

    var long = Builder()
    long.add([0x5F, 0x10, 10] + Array("short".utf8))
    expectError(long.build(), "object 0 runs past the end of the objects")

    var hugeCount = Builder()
    hugeCount.add([0xAF, 0x13] + Builder.bigEndian(.max, size: 8))
    expectError(hugeCount.build(), "object 0 has an invalid length")

    var truncatedReal = Builder()
    truncatedReal.add([0x23, 0x40])
    expectError(truncatedReal.build(), "an object at byte 8 runs past the end of the objects")
  }

  @Test func otherVersionsAreNotSupported() {
    expectError(
      Array("bplist15".utf8) + Array(repeating: 0, count: 40),
      "unsupported binary property list format \"bplist15\"")
    expectError(Array("bplist".utf8), "unsupported binary property list format \"bplist\"")
  }

  @Test func everyTruncationOfARealFileFails() {
    let bytes = PropertyListFixtures.bytes(hex: PropertyListFixtures.plistutilBinaryHex)
    for length in 0..<bytes.count {
      #expect(throws: PropertyListError.self) { try PropertyListReader.read(Array(bytes.prefix(length))) }
    }
  }
}
