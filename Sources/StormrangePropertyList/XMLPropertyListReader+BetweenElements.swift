/// What XML allows between elements (its `Misc`): whitespace, comments, processing instructions
/// and, in the prolog, a DOCTYPE.
extension XMLPropertyListReader {
  @discardableResult
  mutating func skipWhitespace() -> Bool {
    let start = position
    while position < end && isWhitespace(base[position]) { position += 1 }
    return position > start
  }

  /// Skips whitespace, comments and processing instructions (and, in the prolog, a DOCTYPE).
  mutating func skipBetweenElements(allowDoctype: Bool) throws(PropertyListError) {
    while true {
      skipWhitespace()
      guard position + 1 < end, base[position] == UInt8(ascii: "<") else { return }
      let next = base[position + 1]
      if next == UInt8(ascii: "!") && startsWith("<!--", at: position) {
        try skipComment()
      } else if next == UInt8(ascii: "?") {
        try skipProcessingInstruction()
      } else if next == UInt8(ascii: "!") && allowDoctype && startsWith("<!DOCTYPE", at: position) {
        try skipDoctype()
      } else {
        return
      }
    }
  }

  mutating func skipComment() throws(PropertyListError) {
    try skip(openingLength: 4, through: "-->", unterminated: "the file ends inside a comment")
  }

  private mutating func skipProcessingInstruction() throws(PropertyListError) {
    try skip(openingLength: 2, through: "?>", unterminated: "the file ends inside a <?…?> declaration")
  }

  /// Skips markup whose opening (`openingLength` bytes) is at `position`, through `terminator`,
  /// checking each character on the way.
  private mutating func skip(openingLength: Int, through terminator: StaticString, unterminated: String)
    throws(PropertyListError)
  {
    let start = position
    let first = terminator.utf8Start.pointee
    position += openingLength
    while position < end {
      if base[position] == first && startsWith(terminator, at: position) {
        position += terminator.utf8CodeUnitCount
        return
      }
      try checkCharacter(at: position)
      position += 1
    }
    throw error(unterminated, at: start)
  }

  /// Skips `<!DOCTYPE …>`, including quoted identifiers and an internal subset in brackets.
  private mutating func skipDoctype() throws(PropertyListError) {
    let start = position
    position += 9
    var quote: UInt8 = 0
    var bracketDepth = 0
    while position < end {
      let byte = base[position]
      try checkCharacter(at: position)
      position += 1
      if quote != 0 {
        if byte == quote { quote = 0 }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: "[") {
        bracketDepth += 1
      } else if byte == UInt8(ascii: "]") {
        bracketDepth -= 1
      } else if byte == UInt8(ascii: ">") && bracketDepth <= 0 {
        return
      }
    }
    throw error("the file ends inside the <!DOCTYPE> declaration", at: start)
  }
}
