/// A short byte string (at most 16 bytes) packed into two little-endian words, so the XML reader can
/// recognise the tags writers emit with one or two word comparisons instead of a byte loop.
///
/// `first` holds bytes 0..<8 (zero-padded), `last` bytes length-8..<length when length > 8. The
/// constants are written out (generated with Python's `int.from_bytes(text[:8].ljust(8, b"\0"),
/// "little")`) so that they are compile-time constants; a test checks each against `init(_:)`.
struct BytePattern: Equatable {
  let first: UInt64
  let last: UInt64
  let length: Int
  /// Selects the pattern's bytes in a word loaded at a candidate position.
  let mask: UInt64

  init(first: UInt64, last: UInt64, length: Int) {
    self.first = first
    self.last = last
    self.length = length
    mask = length >= 8 ? .max : (1 << UInt64(8 * length)) &- 1
  }

  /// Packs `text` at run time (for tests; the reader uses the constants below).
  init(_ text: StaticString) {
    let bytes = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    func pack(_ slice: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64 {
      var word: UInt64 = 0
      for (offset, byte) in slice.enumerated() { word |= UInt64(byte) << UInt64(8 * offset) }
      return word
    }
    self.init(
      first: pack(bytes.prefix(8)), last: bytes.count > 8 ? pack(bytes.suffix(8)) : 0, length: bytes.count)
  }

  /// The byte at `offset` (below `length`).
  func byte(_ offset: Int) -> UInt8 {
    offset < 8
      ? UInt8(truncatingIfNeeded: first >> UInt64(8 * offset))
      : UInt8(truncatingIfNeeded: last >> UInt64(8 * (offset - (length - 8))))
  }

  /// `key>`
  static let keyOpen = BytePattern(first: 0x0000_0000_3E79_656B, last: 0x0000_0000_0000_0000, length: 4)
  /// `real>`
  static let realOpen = BytePattern(first: 0x0000_003E_6C61_6572, last: 0x0000_0000_0000_0000, length: 5)
  /// `dict>`
  static let dictOpen = BytePattern(first: 0x0000_003E_7463_6964, last: 0x0000_0000_0000_0000, length: 5)
  /// `date>`
  static let dateOpen = BytePattern(first: 0x0000_003E_6574_6164, last: 0x0000_0000_0000_0000, length: 5)
  /// `string>`
  static let stringOpen = BytePattern(first: 0x003E_676E_6972_7473, last: 0x0000_0000_0000_0000, length: 7)
  /// `integer>`
  static let integerOpen = BytePattern(first: 0x3E72_6567_6574_6E69, last: 0x0000_0000_0000_0000, length: 8)
  /// `true/>`
  static let trueEmpty = BytePattern(first: 0x0000_3E2F_6575_7274, last: 0x0000_0000_0000_0000, length: 6)
  /// `false/>`
  static let falseEmpty = BytePattern(first: 0x003E_2F65_736C_6166, last: 0x0000_0000_0000_0000, length: 7)
  /// `array>`
  static let arrayOpen = BytePattern(first: 0x0000_3E79_6172_7261, last: 0x0000_0000_0000_0000, length: 6)
  /// `</key>`
  static let keyClose = BytePattern(first: 0x0000_3E79_656B_2F3C, last: 0x0000_0000_0000_0000, length: 6)
  /// `</string>`
  static let stringClose = BytePattern(first: 0x676E_6972_7473_2F3C, last: 0x3E67_6E69_7274_732F, length: 9)
  /// `</integer>`
  static let integerClose = BytePattern(first: 0x6567_6574_6E69_2F3C, last: 0x3E72_6567_6574_6E69, length: 10)
  /// `</real>`
  static let realClose = BytePattern(first: 0x003E_6C61_6572_2F3C, last: 0x0000_0000_0000_0000, length: 7)
  /// `</date>`
  static let dateClose = BytePattern(first: 0x003E_6574_6164_2F3C, last: 0x0000_0000_0000_0000, length: 7)
  /// `</data>`
  static let dataClose = BytePattern(first: 0x003E_6174_6164_2F3C, last: 0x0000_0000_0000_0000, length: 7)
  /// `</dict>`
  static let dictClose = BytePattern(first: 0x003E_7463_6964_2F3C, last: 0x0000_0000_0000_0000, length: 7)
  /// `</array>`
  static let arrayClose = BytePattern(first: 0x3E79_6172_7261_2F3C, last: 0x0000_0000_0000_0000, length: 8)
  /// `</plist>`
  static let plistClose = BytePattern(first: 0x3E74_7369_6C70_2F3C, last: 0x0000_0000_0000_0000, length: 8)
  /// `</true>`
  static let trueClose = BytePattern(first: 0x003E_6575_7274_2F3C, last: 0x0000_0000_0000_0000, length: 7)
  /// `</false>`
  static let falseClose = BytePattern(first: 0x3E65_736C_6166_2F3C, last: 0x0000_0000_0000_0000, length: 8)
}
