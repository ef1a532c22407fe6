/// Comma-separated values as RFC 4180 defines them: records end in CRLF; a field holding a comma,
/// a double quote, CR or LF is enclosed in double quotes, and a quote inside is doubled.
///
/// Reading also accepts LF line ends and skips empty lines; anything else malformed (a stray quote,
/// text after a closing quote, an unclosed quote) is an error naming its line.
enum CSVFormat {
  /// `over the lake, "north"` as `"over the lake, ""north"""`; other text as it is.
  static func field(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == comma || $0 == quote || $0 == cr || $0 == lf }) else {
      return text
    }
    var quoted = "\""
    for character in text {
      if character == "\"" { quoted += "\"" }
      quoted.append(character)
    }
    return quoted + "\""
  }

  /// One record: the fields, separated by commas, ending in CRLF.
  static func record(_ fields: [String]) -> String {
    fields.map(field).joined(separator: ",") + "\r\n"
  }

  /// A record read back, with the line it starts on (from 1).
  struct Record: Equatable {
    var line: Int
    var fields: [String]
  }

  /// Why text is not CSV, and where.
  struct SyntaxError: Error, Equatable {
    var line: Int
    var message: String
  }

  /// The records of `bytes` (UTF-8), skipping empty lines.
  static func records(_ bytes: [UInt8]) throws(SyntaxError) -> [Record] {
    var records: [Record] = []
    var fields: [String] = []
    var field: [UInt8] = []
    var line = 1
    var recordLine = 1
    var inQuotes = false
    var wasQuoted = false
    var closedQuote = false

    func endField() {
      fields.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
      wasQuoted = false
      closedQuote = false
    }
    func endRecord() {
      let isEmptyLine = fields.isEmpty && field.isEmpty && !wasQuoted
      endField()
      if !isEmptyLine { records.append(Record(line: recordLine, fields: fields)) }
      fields.removeAll()
    }

    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if inQuotes {
        if byte == quote {
          if index < bytes.count, bytes[index] == quote {
            field.append(quote)
            index += 1
          } else {
            inQuotes = false
            closedQuote = true
          }
        } else {
          if byte == lf { line += 1 }
          field.append(byte)
        }
        continue
      }
      switch byte {
      case comma:
        endField()
      case cr, lf:
        if byte == cr, index < bytes.count, bytes[index] == lf { index += 1 }
        endRecord()
        line += 1
        recordLine = line
      case quote:
        guard field.isEmpty, !wasQuoted else {
          throw SyntaxError(
            line: line,
            message: "a double quote inside a field; enclose the whole field in quotes and double the quote")
        }
        inQuotes = true
        wasQuoted = true
      default:
        guard !closedQuote else {
          throw SyntaxError(
            line: line, message: "text after a closing quote; a quoted field must end at a comma or line end")
        }
        field.append(byte)
      }
    }
    if inQuotes { throw SyntaxError(line: recordLine, message: "a quoted field is never closed") }
    if !fields.isEmpty || !field.isEmpty || wasQuoted { endRecord() }
    return records
  }

  private static let comma = UInt8(ascii: ",")
  private static let quote = UInt8(ascii: "\"")
  private static let cr = UInt8(ascii: "\r")
  private static let lf = UInt8(ascii: "\n")
}
