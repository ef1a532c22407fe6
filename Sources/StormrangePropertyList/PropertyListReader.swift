/// Reads property lists, XML or binary, without Foundation's `PropertyListSerialization`: loading the
/// full Foundation costs start-up time, and it cannot say where each element's XML lies, which the
/// history needs to reuse each entry's bytes when it rewrites the file.
package enum PropertyListReader {
  /// Reads a whole property list, XML or binary (detected by the "bplist00" magic).
  package static func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListValue {
    try parse(bytes, recordingRanges: false).value
  }

  /// Reads a property list whose top level must be an array (the history file). For XML input each
  /// element comes with the exact byte range of its own XML text in `bytes` (from its opening tag
  /// through its closing tag, e.g. `<dict>`…`</dict>`), so the caller can reuse those bytes verbatim when
  /// it rewrites the file; for binary input the ranges are nil.
  package static func readArray(_ bytes: [UInt8]) throws(PropertyListError)
    -> [(value: PropertyListValue, xmlRange: Range<Int>?)]
  {
    let (value, ranges) = try parse(bytes, recordingRanges: true)
    let typeDescription = value.typeDescription
    guard case .array(var elements) = consume value else {
      throw PropertyListError("the top level is \(typeDescription), not an array")
    }
    let count = elements.count
    var result: [(value: PropertyListValue, xmlRange: Range<Int>?)] = []
    result.reserveCapacity(count)
    // Move the elements out (leaving trivial placeholders) instead of copying them, which would
    // retain and later release each one.
    elements.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for index in 0..<count {
        let element = (base + index).move()
        (base + index).initialize(to: .bool(false))
        result.append((element, ranges.flatMap { index < $0.count ? $0[index] : nil }))
      }
    }
    return result
  }

  /// Calls `body` with each element of a top-level array, in order, as it is parsed (XML) or after the
  /// whole file is decoded (binary), with its XML byte range as in ``readArray(_:)``. Elements are
  /// handed over one at a time so that the caller can convert and drop them: reading a 100,000-entry
  /// history this way needs no second copy of it in memory.
  package static func forEachArrayElement(
    _ bytes: [UInt8], _ body: (consuming PropertyListValue, Range<Int>?) throws(PropertyListError) -> Void
  ) throws(PropertyListError) {
    guard !bytes.isEmpty else { throw PropertyListError("the file is empty") }
    guard !bytes.starts(with: "bplist".utf8) else {
      for element in try readArray(bytes) { try body(element.value, nil) }
      return
    }
    let result = bytes.withUnsafeBufferPointer { buffer -> Result<PropertyListValue, PropertyListError> in
      do throws(PropertyListError) {
        return .success(
          try XMLPropertyListReader.read(buffer) { (value, range) throws(PropertyListError) in
            try body(value, range)
          })
      } catch {
        return .failure(error)
      }
    }
    let root = try result.get()
    guard case .array = root else {
      throw PropertyListError("the top level is \(root.typeDescription), not an array")
    }
  }

  /// The value, and for XML with `recordingRanges` the ranges of a top-level array's elements.
  private static func parse(
    _ bytes: [UInt8], recordingRanges: Bool
  ) throws(PropertyListError) -> (value: PropertyListValue, ranges: [Range<Int>]?) {
    guard !bytes.isEmpty else { throw PropertyListError("the file is empty") }
    let result = bytes.withUnsafeBufferPointer {
      buffer -> Result<(value: PropertyListValue, ranges: [Range<Int>]?), PropertyListError> in
      do throws(PropertyListError) {
        if buffer.starts(with: "bplist".utf8) {
          guard buffer.starts(with: "bplist00".utf8) else {
            let version = String(
              decoding: buffer.prefix(8).map { $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: "?") },
              as: UTF8.self)
            throw PropertyListError("unsupported binary property list format \"\(version)\"")
          }
          return .success((try BinaryPropertyListReader.read(buffer), nil))
        }
        let (value, ranges) = try XMLPropertyListReader.read(buffer, recordingRanges: recordingRanges)
        return .success((value, recordingRanges ? ranges : nil))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}
