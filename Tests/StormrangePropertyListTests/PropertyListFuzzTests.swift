import FoundationEssentials
import Testing

@testable import StormrangePropertyList

/// Seeded mutations and truncations of valid documents: the readers must return a value or throw a
/// `PropertyListError` with a one-line message, and never crash. (A crash fails the whole run.)
@Suite struct PropertyListFuzzTests {
  private static let xmlSeeds: [[UInt8]] = {
    var seeds = [
      PropertyListFixtures.bytes(PropertyListFixtures.plistlibXML),
      PropertyListFixtures.bytes(PropertyListFixtures.plistutilXML),
      Array(
        """
        <?xml version="1.0"?><!DOCTYPE plist [ <!ELEMENT a ANY> ]><!-- c --><plist version="1.0"><dict><key>a&amp;b</key>\
        <string><![CDATA[x]]>&#x1F329;&#233;</string><key>n</key><integer>0x1F</integer><key>r</key><real>-inf</real>\
        <key>d</key><date>2026-07-01T16:03:00.5Z</date><key>e</key><array/><key>f</key><dict/><key>t</key><true/>\
        </dict></plist>
        """.utf8),
    ]
    if let written = try? XMLPropertyListWriter.document(PropertyListFixtures.sample) {
      seeds.append(written)
    }
    return seeds
  }()

  private static let binarySeeds: [[UInt8]] = {
    var builder = BinaryPropertyListBuilder()
    let top = builder.add([])
    let key = builder.add(BinaryPropertyListBuilder.utf16("Größe"))
    let set = builder.add(builder.set([key, key]))
    let date = builder.add(BinaryPropertyListBuilder.date(804_614_580))
    let big = builder.add(
      [0x14] + BinaryPropertyListBuilder.bigEndian(0, size: 8)
        + BinaryPropertyListBuilder.bigEndian(7, size: 8))
    builder.objects[top] = builder.dictionary(
      keys: [key], values: [builder.add(builder.array([set, date, big]))])
    return [
      PropertyListFixtures.bytes(hex: PropertyListFixtures.plistlibBinaryHex),
      PropertyListFixtures.bytes(hex: PropertyListFixtures.plistutilBinaryHex),
      builder.build(top: top),
    ]
  }()

  /// Iterations per mutation test; set STORMRANGE_FUZZ_ITERATIONS for a longer run.
  private static let iterations: Int = {
    guard let text = ProcessInfo.processInfo.environment["STORMRANGE_FUZZ_ITERATIONS"] else { return 3000 }
    return Int(text) ?? 3000
  }()

  /// Bytes that matter to the parsers, more likely than random ones.
  private static let interesting: [UInt8] =
    Array("<>/&;#![]-?=\"' \t\n\rx0aZ".utf8) + [0, 0x0F, 0x10, 0x7F, 0x80, 0xBF, 0xC3, 0xEF, 0xFF]

  private func mutate(_ seed: [UInt8], using generator: inout PropertyListRandom, binary: Bool) -> [UInt8] {
    var bytes = seed
    for _ in 0..<Int.random(in: 1...4, using: &generator) {
      guard !bytes.isEmpty else { break }
      // Binary files are most fragile in the trailer and offset table at the end.
      let index =
        binary && Bool.random(using: &generator)
        ? max(0, bytes.count - Int.random(in: 1...min(64, bytes.count), using: &generator))
        : Int.random(in: 0..<bytes.count, using: &generator)
      let byte =
        Bool.random(using: &generator)
        ? Self.interesting.randomElement(using: &generator) ?? 0
        : UInt8.random(in: 0...255, using: &generator)
      switch Int.random(in: 0..<7, using: &generator) {
      case 0: bytes[index] = byte
      case 1: bytes.insert(byte, at: index)
      case 2:
        bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...16, using: &generator)))
      case 3:
        let end = min(bytes.count, index + Int.random(in: 1...64, using: &generator))
        bytes.insert(contentsOf: bytes[index..<end], at: Int.random(in: 0...bytes.count, using: &generator))
      case 4: bytes.removeLast(Int.random(in: 1...bytes.count, using: &generator))
      case 5: bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
      default: bytes.swapAt(index, Int.random(in: 0..<bytes.count, using: &generator))
      }
    }
    return bytes
  }

  /// Reads `bytes` both ways; anything read must also survive a write and a re-read.
  private func check(_ bytes: [UInt8]) -> (values: Int, errors: Int) {
    var counts = (values: 0, errors: 0)
    do {
      let value = try PropertyListReader.read(bytes)
      counts.values += 1
      // Whatever was read can be written (or is refused with an error), and rewriting is stable.
      if let written = try? XMLPropertyListWriter.document(value) {
        let reread = try PropertyListReader.read(written)
        #expect(try XMLPropertyListWriter.document(reread) == written)
      }
    } catch {
      counts.errors += 1
      #expect(!error.message.isEmpty && !error.message.contains("\n") && !error.message.hasSuffix("."))
      #expect(error.message.first.map { !$0.isUppercase } == true, "\(error.message)")
    }
    do {
      let elements = try PropertyListReader.readArray(bytes)
      for element in elements {
        guard let range = element.xmlRange else { continue }
        #expect(
          range.lowerBound >= 0 && range.upperBound <= bytes.count
            && bytes[range.lowerBound] == UInt8(ascii: "<"))
      }
    } catch {
      #expect(!error.message.contains("\n"))
    }
    return counts
  }

  @Test(arguments: [2026, 7])
  func mutatedXML(seed: UInt64) {
    var generator = PropertyListRandom(seed: seed)
    var totals = (values: 0, errors: 0)
    for iteration in 0..<Self.iterations {
      let document = Self.xmlSeeds[iteration % Self.xmlSeeds.count]
      let counts = check(mutate(document, using: &generator, binary: false))
      totals.values += counts.values
      totals.errors += counts.errors
    }
    // Both outcomes occur, so the mutations exercise more than the first error.
    #expect(totals.values > 100 && totals.errors > 100)
  }

  @Test(arguments: [1969, 3])
  func mutatedBinary(seed: UInt64) {
    var generator = PropertyListRandom(seed: seed)
    var totals = (values: 0, errors: 0)
    for iteration in 0..<Self.iterations {
      let document = Self.binarySeeds[iteration % Self.binarySeeds.count]
      let counts = check(mutate(document, using: &generator, binary: true))
      totals.values += counts.values
      totals.errors += counts.errors
    }
    #expect(totals.values > 100 && totals.errors > 100)
  }

  @Test func everyTruncation() {
    for document in Self.xmlSeeds + Self.binarySeeds {
      for length in 0..<document.count {
        _ = check(Array(document.prefix(length)))
      }
    }
  }

  @Test func randomGarbage() {
    var generator = PropertyListRandom(seed: 99)
    for _ in 0..<500 {
      let count = Int.random(in: 0...200, using: &generator)
      var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
      if Bool.random(using: &generator) { bytes = Array("bplist00".utf8) + bytes }
      if Bool.random(using: &generator) { bytes = Array("<plist>".utf8) + bytes }
      _ = check(bytes)
    }
  }
}
