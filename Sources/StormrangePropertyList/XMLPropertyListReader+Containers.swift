/// Arrays and dictionaries: opening and closing them on the explicit stack, adding finished values,
/// and the keys of dictionaries (duplicates refused, short keys interned).
extension XMLPropertyListReader {
  mutating func openContainer(isDictionary: Bool, at opening: Int) throws(PropertyListError) {
    guard depth < Self.maximumDepth else {
      throw error("the containers are nested more than \(Self.maximumDepth) deep", at: opening)
    }
    let start = isDictionary ? entries.count : values.count
    if depth == frames.count {
      frames.append(Frame(isDictionary: isDictionary, opening: opening, start: start))
    } else {
      frames[depth].isDictionary = isDictionary
      frames[depth].opening = opening
      frames[depth].start = start
    }
    depth += 1
  }

  /// Closes the innermost container and adds it to its parent; returns it if it is the root value.
  mutating func closeContainer() throws(PropertyListError) -> PropertyListValue? {
    depth -= 1
    let value: PropertyListValue
    if frames[depth].isDictionary {
      value = .dictionary(entries.popArray(from: frames[depth].start))
      if !frames[depth].keyIndex.isEmpty { frames[depth].keyIndex = [] }
    } else {
      value = .array(values.popArray(from: frames[depth].start))
    }
    return try add(value, from: frames[depth].opening)
  }

  /// Adds a finished value to the innermost open container; returns it if it is the root value.
  mutating func add(_ value: consuming PropertyListValue, from start: Int) throws(PropertyListError)
    -> PropertyListValue?
  {
    guard depth > 0 else { return value }
    let frame = depth - 1
    if frames[frame].isDictionary {
      let key = frames[frame].pendingKey ?? ""
      frames[frame].pendingKey = nil
      entries.push(PropertyListEntry(key: key, value: value))
    } else if frame == 0, let sink = topLevelSink {
      try sink(value, start..<position)
    } else {
      values.push(value)
      if recordsRanges && frame == 0 { ranges.append(start..<position) }
    }
    return nil
  }

  mutating func readKey(isEmpty: Bool, tagStart: Int) throws(PropertyListError) {
    guard depth > 0, frames[depth - 1].isDictionary else {
      throw error("<key> is only allowed in a <dict>", at: tagStart)
    }
    let frame = depth - 1
    if let previous = frames[frame].pendingKey {
      throw error("key \(quoted(previous)) has no value", at: tagStart)
    }
    let key = isEmpty ? "" : try readKeyText()
    let start = frames[frame].start
    let isDuplicate: Bool
    if entries.count - start < 16 {
      let length = key.utf8.count
      isDuplicate = entries.withElements(from: start) { existing in
        existing.contains { $0.key.utf8.count == length && $0.key == key }
      }
    } else {
      if frames[frame].keyIndex.isEmpty {
        frames[frame].keyIndex = entries.withElements(from: start) { Set($0.map(\.key)) }
      }
      isDuplicate = !frames[frame].keyIndex.insert(key).inserted
    }
    if isDuplicate { throw error("duplicate key \(quoted(key))", at: tagStart) }
    frames[frame].pendingKey = key
  }

  /// Reads a key's text, reusing the `String` of an earlier identical key when it is short and
  /// plain (the history repeats the same few keys in every entry).
  mutating func readKeyText() throws(PropertyListError) -> String {
    let start = position
    var index = position
    while index < end && base[index] > UInt8(ascii: "<") { index += 1 }
    let length = index - start
    guard length <= 16, start + 16 <= end, matches(.keyClose, at: index) else {
      return try readText(.key)
    }
    let first = word(at: start) & (length >= 8 ? .max : (1 << UInt64(8 * length)) &- 1)
    let second =
      length <= 8 ? 0 : word(at: start + 8) & (length == 16 ? .max : (1 << UInt64(8 * (length - 8))) &- 1)
    position = index + BytePattern.keyClose.length
    for known in knownKeys where known.first == first && known.second == second && known.length == length {
      return known.key
    }
    let key = String(decoding: UnsafeBufferPointer(start: base + start, count: length), as: UTF8.self)
    if knownKeys.count < 32 {
      knownKeys.append((first, second, length, key))
    }
    return key
  }
}
