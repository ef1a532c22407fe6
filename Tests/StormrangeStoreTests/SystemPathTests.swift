import Glibc
import TestSupport
import Testing

@testable import StormrangeStore

@Suite struct SystemPathTests {
  let notUTF8 = SystemPath(bytes: Array("/tmp/h".utf8) + [0xFF, 0xFE])

  @Test func keepsBytesThatAreNotUTF8AndShowsThemEscaped() {
    #expect(notUTF8.bytes.elementsEqual(Array("/tmp/h".utf8) + [0xFF, 0xFE]))
    #expect(notUTF8.description == "/tmp/h\\x{FF}\\x{FE}")
    #expect(notUTF8 != SystemPath(bytes: Array("/tmp/h".utf8) + [0xFF, 0xFD]))
  }

  @Test func reachesTheSystemAsItsBytes() {
    let length = notUTF8.withCString { strlen($0) }
    #expect(length == 8)
    #expect(notUTF8.withCString { $0[6] } == CChar(bitPattern: 0xFF))
  }

  @Test func suffixesGoOnTheLastComponent() {
    #expect((notUTF8 + ".lock").bytes.elementsEqual(notUTF8.bytes + Array(".lock".utf8)))
    #expect((SystemPath("/a") + [0xE9]).bytes.elementsEqual([0x2F, 0x61, 0xE9]))
  }

  @Test func parentDirectoryAndLastComponentSplitAtTheLastSlash() {
    let cases: [(String, String, String)] = [
      ("/tmp/h.plist", "/tmp", "h.plist"), ("h.plist", ".", "h.plist"), ("/h.plist", "/", "h.plist"),
      ("a/b/", "a/b", ""), ("a//b", "a/", "b"),
    ]
    for (path, parent, last) in cases {
      #expect(SystemPath(path).parentDirectory == SystemPath(parent), "\(path)")
      #expect(String(decoding: SystemPath(path).lastComponent, as: UTF8.self) == last, "\(path)")
    }
    #expect(notUTF8.parentDirectory == SystemPath("/tmp"))
    #expect(Array(notUTF8.lastComponent) == [0x68, 0xFF, 0xFE])
  }

  @Test func onlyAPathStartingWithASlashIsAbsolute() {
    #expect(SystemPath("/a").isAbsolute)
    #expect(!SystemPath("a/b").isAbsolute)
    #expect(!SystemPath("").isAbsolute)
    #expect(SystemPath("").isEmpty)
  }

  @Test func aFileNamedWithBytesThatAreNotUTF8IsCreatedUnderExactlyThoseBytes() throws {
    let directory = TemporaryDirectory()
    let path = SystemPath(directory.path + "/") + [0x68, 0xFF, 0xFE]
    try DurableFile.replace(path: path, with: Array("x".utf8))
    #expect(try DurableFile.read(path: path, limit: 10)?.bytes == Array("x".utf8))
    #expect(FileIdentity.of(path: SystemPath(directory.path + "/h\u{FFFD}\u{FFFD}")) == nil)
  }
}
