import FoundationEssentials

/// A reader for binary property lists (`bplist00`), as Apple's tools and Python's `plistlib` write
/// them.
///
/// Layout: the magic, the objects, a table of each object's offset, and a 32-byte trailer (sizes of
/// offsets and object references, object count, top object, offset-table offset). Every offset,
/// length and reference is bounds-checked, so truncated or hostile files produce an error, never a
/// crash.
///
/// Objects are referenced by number and may be shared (writers store an equal string or number
/// once, and decoded scalars are cached for that), so a reference graph can contain cycles, which
/// are rejected, or expand exponentially (an array holding the same array twice, nested 64 levels):
/// the values decoded are counted and limited to a small multiple of the file size. Nested
/// containers are followed with an explicit stack, not recursion, so even the deepest allowed
/// nesting costs no call stack.
struct BinaryPropertyListReader {
  static let maximumDepth = 512

  static func read(_ buffer: UnsafeBufferPointer<UInt8>) throws(PropertyListError) -> PropertyListValue {
    var reader = try BinaryPropertyListReader(buffer)
    return try reader.decode(reader.topObject)
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private let offsetSize: Int
  private let referenceSize: Int
  private let objectCount: Int
  private let topObject: Int
  private let offsetTableStart: Int
  /// Per object: 0 if not seen, `inProgress` while it is a container being decoded (to detect
  /// cycles), or 1 + its index in `scalars` once it is a decoded scalar. Four bytes per object keep
  /// this small even for a hostile file claiming many objects.
  private var states: [Int32]
  private var scalars: [PropertyListValue] = []
  private static let inProgress: Int32 = -1
  /// Values decoded so far (a shared object counts each time it appears), and the limit.
  private var decodedCount = 0
  private let maximumDecodedCount: Int

  private init(_ bytes: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    self.bytes = bytes
    let count = bytes.count
    guard count >= 8 + 1 + 1 + 32 else {
      throw PropertyListError("the binary property list is truncated")
    }
    let trailer = count - 32
    offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    let objectCount = Self.bigEndian(bytes, at: trailer + 8, size: 8)
    let topObject = Self.bigEndian(bytes, at: trailer + 16, size: 8)
    let offsetTableStart = Self.bigEndian(bytes, at: trailer + 24, size: 8)
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
      throw PropertyListError("the binary property list's trailer is invalid (offset or reference size)")
    }
    guard objectCount >= 1, objectCount <= UInt64(count), objectCount < UInt64(Int32.max),
      topObject < objectCount
    else {
      throw PropertyListError("the binary property list's trailer is invalid (object count or top object)")
    }
    let tableSize = Int(objectCount) * offsetSize
    guard offsetTableStart >= 9, offsetTableStart <= UInt64(trailer),
      tableSize <= trailer - Int(offsetTableStart)
    else {
      throw PropertyListError("the binary property list's offset table is out of bounds")
    }
    self.objectCount = Int(objectCount)
    self.topObject = Int(topObject)
    self.offsetTableStart = Int(offsetTableStart)
    states = [Int32](repeating: 0, count: Int(objectCount))
    // Each value decoded is one reference read (of at least one byte), unless a writer shared a
    // container (plistlib does for the same Python object), so only a decompression bomb needs more.
    maximumDecodedCount = count.multipliedReportingOverflow(by: 4).partialValue + 65_536
  }

  private static func bigEndian(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, size: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in offset..<offset + size { value = value << 8 | UInt64(bytes[index]) }
    return value
  }

  // MARK: - Objects

  /// A container being decoded: its references are followed one at a time, so nesting uses this
  /// explicit stack rather than the call stack.
  private struct Pending {
    var reference: Int
    var isDictionary: Bool
    var count: Int
    /// Offset of the container's first reference (for a dictionary, of its first key reference).
    var references: Int
    var next = 0
    var values: [PropertyListValue] = []
    var entries: [PropertyListEntry] = []
    /// The keys so far, for large dictionaries only (small ones are searched directly).
    var keys: Set<String> = []
  }

  /// Decodes `root` and everything it contains.
  private mutating func decode(_ root: Int) throws(PropertyListError) -> PropertyListValue {
    var stack: [Pending] = []
    var reference = root
    while true {
      // Resolve `reference` to a scalar, or open it as a container.
      var finished = try start(reference, stack: &stack)
      // Hand finished values to their containers until one needs another reference followed.
      while true {
        if let value = finished {
          guard let top = stack.indices.last else { return value }
          if stack[top].isDictionary {
            if let last = stack[top].entries.indices.last { stack[top].entries[last].value = value }
          } else {
            stack[top].values.append(value)
          }
          finished = nil
        }
        guard let top = stack.indices.last else {
          throw PropertyListError("the binary property list has no value")
        }
        if stack[top].next < stack[top].count {
          let index = stack[top].next
          stack[top].next += 1
          if stack[top].isDictionary {
            try readKey(at: index, of: &stack[top])
            reference = self.reference(at: stack[top].references + (stack[top].count + index) * referenceSize)
          } else {
            reference = self.reference(at: stack[top].references + index * referenceSize)
          }
          break
        }
        let pending = stack.removeLast()
        states[pending.reference] = 0
        finished = pending.isDictionary ? .dictionary(pending.entries) : .array(pending.values)
      }
    }
  }

  /// Returns the value of object `reference` if it is a scalar; otherwise pushes it as a new
  /// container and returns nil.
  private mutating func start(
    _ reference: Int, stack: inout [Pending]
  ) throws(PropertyListError) -> PropertyListValue? {
    guard reference >= 0 && reference < objectCount else {
      throw PropertyListError("object reference \(reference) is out of range")
    }
    decodedCount += 1
    guard decodedCount <= maximumDecodedCount else {
      throw PropertyListError("the binary property list expands to too many values")
    }
    let state = states[reference]
    if state > 0 { return scalars[Int(state) - 1] }
    guard state != Self.inProgress else {
      throw PropertyListError("object \(reference) contains itself")
    }
    let offset = try self.offset(of: reference)
    let type = bytes[offset] >> 4
    guard type == 0xA || type == 0xC || type == 0xD else {
      let value = try scalar(reference, at: offset)
      cache(value, for: reference)
      return value
    }
    guard stack.count < Self.maximumDepth else { throw depthError() }
    let (count, start) = try length(reference, at: offset)
    let isDictionary = type == 0xD
    _ = try checkedRange(
      reference, start: start, count: count, elementSize: (isDictionary ? 2 : 1) * referenceSize)
    var pending = Pending(reference: reference, isDictionary: isDictionary, count: count, references: start)
    if isDictionary { pending.entries.reserveCapacity(count) } else { pending.values.reserveCapacity(count) }
    states[reference] = Self.inProgress
    stack.append(pending)
    return nil
  }

  /// Reads the key of entry `index` of the dictionary `pending`, which must be a new string, and
  /// adds an entry for it (its value follows).
  private mutating func readKey(at index: Int, of pending: inout Pending) throws(PropertyListError) {
    let keyReference = reference(at: pending.references + index * referenceSize)
    guard keyReference >= 0 && keyReference < objectCount else {
      throw PropertyListError("object reference \(keyReference) is out of range")
    }
    let key: PropertyListValue
    if states[keyReference] > 0 {
      key = scalars[Int(states[keyReference]) - 1]
    } else {
      let offset = try self.offset(of: keyReference)
      switch bytes[offset] >> 4 {
      case 0xA, 0xC:
        throw objectError(pending.reference, "is a dictionary with a key that is an array")
      case 0xD:
        throw objectError(pending.reference, "is a dictionary with a key that is a dictionary")
      default:
        key = try scalar(keyReference, at: offset)
        cache(key, for: keyReference)
      }
    }
    guard case .string(let name) = key else {
      throw objectError(pending.reference, "is a dictionary with a key that is \(key.typeDescription)")
    }
    let isDuplicate: Bool
    if pending.entries.count < 16 {
      let length = name.utf8.count
      isDuplicate = pending.entries.contains { $0.key.utf8.count == length && $0.key == name }
    } else {
      if pending.keys.isEmpty { pending.keys = Set(pending.entries.map(\.key)) }
      isDuplicate = !pending.keys.insert(name).inserted
    }
    if isDuplicate {
      throw objectError(pending.reference, "is a dictionary with the duplicate key \"\(name)\"")
    }
    pending.entries.append(PropertyListEntry(key: name, value: .bool(false)))  // the value follows
  }

  private mutating func cache(_ value: PropertyListValue, for reference: Int) {
    scalars.append(value)
    states[reference] = Int32(truncatingIfNeeded: scalars.count)
  }

  /// Decodes a non-container object.
  private func scalar(_ reference: Int, at offset: Int) throws(PropertyListError) -> PropertyListValue {
    let marker = bytes[offset]
    let info = Int(marker & 0x0F)
    let value: PropertyListValue
    switch marker >> 4 {
    case 0x0:
      switch info {
      case 0x8: value = .bool(false)
      case 0x9: value = .bool(true)
      case 0x0: throw objectError(reference, "is null; null values are not supported")
      case 0xF: throw objectError(reference, "is a fill byte, not a value")
      default: throw objectError(reference, "has the unknown type 0x\(String(marker, radix: 16))")
      }
    case 0x1:
      value = .integer(try integer(reference, at: offset))
    case 0x2:
      switch info {
      case 2: value = .real(Double(Float(bitPattern: UInt32(try checkedBigEndian(at: offset + 1, size: 4)))))
      case 3: value = .real(Double(bitPattern: try checkedBigEndian(at: offset + 1, size: 8)))
      default: throw objectError(reference, "is a real of unsupported size")
      }
    case 0x3:
      guard info == 3 else {
        throw objectError(reference, "has the unknown type 0x\(String(marker, radix: 16))")
      }
      let seconds = Double(bitPattern: try checkedBigEndian(at: offset + 1, size: 8))
      value = .date(Date(timeIntervalSinceReferenceDate: seconds))
    case 0x4:
      let (count, start) = try length(reference, at: offset)
      let range = try checkedRange(reference, start: start, count: count, elementSize: 1)
      value = .data(Array(bytes[range]))
    case 0x5:
      let (count, start) = try length(reference, at: offset)
      let range = try checkedRange(reference, start: start, count: count, elementSize: 1)
      let text = UnsafeBufferPointer(rebasing: bytes[range])
      guard text.allSatisfy({ $0 < 0x80 }) else {
        throw objectError(reference, "is an ASCII string with non-ASCII bytes")
      }
      value = .string(String(decoding: text, as: UTF8.self))
    case 0x6:
      let (count, start) = try length(reference, at: offset)
      let range = try checkedRange(reference, start: start, count: count, elementSize: 2)
      var units: [UInt16] = []
      units.reserveCapacity(count)
      var index = range.lowerBound
      while index < range.upperBound {
        units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
        index += 2
      }
      guard let string = String(validating: units, as: UTF16.self) else {
        throw objectError(reference, "is a string that is not valid UTF-16")
      }
      value = .string(string)
    case 0x8:
      throw objectError(reference, "is a UID; UID values are not supported")
    default:
      throw objectError(reference, "has the unknown type 0x\(String(marker, radix: 16))")
    }
    return value
  }

  private func depthError() -> PropertyListError {
    PropertyListError("the containers are nested more than \(Self.maximumDepth) deep")
  }

  private func objectError(_ reference: Int, _ problem: String) -> PropertyListError {
    PropertyListError("object \(reference) \(problem)")
  }

  /// The start of object `reference`, which must lie between the magic and the offset table.
  private func offset(of reference: Int) throws(PropertyListError) -> Int {
    let entry = offsetTableStart + reference * offsetSize
    let offset = Self.bigEndian(bytes, at: entry, size: offsetSize)
    guard offset >= 8 && offset < UInt64(offsetTableStart) else {
      throw PropertyListError("object \(reference)'s offset is out of bounds")
    }
    return Int(offset)
  }

  /// Reads the reference at `index`, which `checkedRange` has already verified is in bounds.
  private func reference(at index: Int) -> Int {
    // A reference of up to 8 bytes can exceed Int.max; clamp so the range check rejects it.
    Int(clamping: Self.bigEndian(bytes, at: index, size: referenceSize))
  }

  /// A big-endian word of `size` bytes at `offset`, which must lie before the offset table.
  private func checkedBigEndian(at offset: Int, size: Int) throws(PropertyListError) -> UInt64 {
    guard offset + size <= offsetTableStart else {
      throw PropertyListError("an object at byte \(offset - 1) runs past the end of the objects")
    }
    return Self.bigEndian(bytes, at: offset, size: size)
  }

  private func integer(_ reference: Int, at offset: Int) throws(PropertyListError) -> Int64 {
    let info = Int(bytes[offset] & 0x0F)
    switch info {
    case 0, 1, 2:
      // 1, 2 and 4-byte integers are unsigned.
      return Int64(try checkedBigEndian(at: offset + 1, size: 1 << info))
    case 3:
      return Int64(bitPattern: try checkedBigEndian(at: offset + 1, size: 8))
    case 4:
      // 16-byte integers are signed 128-bit; accept those that fit in 64 bits.
      let high = try checkedBigEndian(at: offset + 1, size: 8)
      let low = try checkedBigEndian(at: offset + 9, size: 8)
      if high == 0 && low <= UInt64(Int64.max) || high == .max && low > UInt64(Int64.max) {
        return Int64(bitPattern: low)
      }
      throw objectError(reference, "is an integer that does not fit in 64 bits")
    default:
      throw objectError(reference, "is an integer of unsupported size")
    }
  }

  /// The element count of a data, string or container object, and where its contents start. Counts
  /// of 15 or more follow the marker as an integer object.
  private func length(_ reference: Int, at offset: Int) throws(PropertyListError) -> (count: Int, start: Int)
  {
    let info = Int(bytes[offset] & 0x0F)
    if info != 0x0F { return (info, offset + 1) }
    let marker = try checkedBigEndian(at: offset + 1, size: 1)
    guard marker >> 4 == 0x1, marker & 0x0F <= 3 else {
      throw objectError(reference, "has an invalid length")
    }
    let size = 1 << Int(marker & 0x0F)
    let count = try checkedBigEndian(at: offset + 2, size: size)
    guard count <= UInt64(offsetTableStart) else {
      throw objectError(reference, "has an invalid length")
    }
    return (Int(count), offset + 2 + size)
  }

  /// The byte range of `count` elements of `elementSize` bytes starting at `start`, checked to lie
  /// before the offset table.
  private func checkedRange(
    _ reference: Int, start: Int, count: Int, elementSize: Int
  ) throws(PropertyListError) -> Range<Int> {
    let (size, overflow) = count.multipliedReportingOverflow(by: elementSize)
    guard !overflow, start <= offsetTableStart, size <= offsetTableStart - start else {
      throw objectError(reference, "runs past the end of the objects")
    }
    return start..<start + size
  }
}
