import Testing

@testable import StormrangeProcess

@Suite struct ArgumentBytesTests {
  @Test func utf8IsPassedAsItIs() {
    for text in ["add", "--file=café.plist", "日本", "", "\u{1F329}"] {
      #expect(ArgumentBytes.text(of: Array(text.utf8)) == text)
      #expect(ArgumentBytes.bytes(of: text) == Array(text.utf8))
    }
  }

  @Test func bytesThatAreNotUTF8AreSpelledAsANulAndTwoHexDigits() {
    #expect(ArgumentBytes.text(of: Array("caf".utf8) + [0xE9]) == "caf\0E9")
    // Once one byte is not UTF-8, every byte from 0x80 up is spelled, ASCII (and with it `--file=`)
    // is left as it is.
    #expect(ArgumentBytes.text(of: Array("--file=é".utf8) + [0xFF]) == "--file=\0C3\0A9\0FF")
  }

  @Test func aParsedValueOrAMessageQuotingOneGivesBackTheBytes() {
    let name: [UInt8] = Array("caf".utf8) + [0xE9, 0x80]
    let message = "cannot open '\(ArgumentBytes.text(of: name))'"
    #expect(
      ArgumentBytes.bytes(of: message) == Array("cannot open 'caf".utf8) + [0xE9, 0x80, UInt8(ascii: "'")])
  }

  @Test func aNulThatDoesNotStartTwoHexDigitsIsKept() {
    #expect(ArgumentBytes.bytes(of: "\0zz") == [0, UInt8(ascii: "z"), UInt8(ascii: "z")])
    #expect(ArgumentBytes.bytes(of: "x\0E") == [UInt8(ascii: "x"), 0, UInt8(ascii: "E")])
  }

  @Test func everyArgumentTheSystemCanPassComesBackExactly() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      // An argument is any bytes but NUL.
      let bytes = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        UInt8.random(in: 1...255, using: &generator)
      }
      #expect(ArgumentBytes.bytes(of: ArgumentBytes.text(of: bytes)) == bytes, "\(bytes)")
    }
  }

  @Test func theSystemsArgumentsAreTheProcesssOwnWithoutItsName() {
    #expect(ArgumentBytes.fromSystem().count == CommandLine.arguments.count - 1)
  }

  @Test func procCmdlineIsSplitAtItsNulsKeepingEmptyArgumentsAndNotUTF8() {
    let bytes: [UInt8] = Array("stormrange\0--file\0\0add\0".utf8) + [0xE9, 0]
    #expect(ArgumentBytes.split(commandLine: bytes) == [
      Array("stormrange".utf8), Array("--file".utf8), [], Array("add".utf8), [0xE9],
    ])
    #expect(ArgumentBytes.split(commandLine: []) == [])
  }
}
