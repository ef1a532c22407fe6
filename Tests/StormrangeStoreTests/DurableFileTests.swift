import FoundationEssentials
import Glibc
import TestSupport
import Testing

@testable import StormrangeStore

/// Replacing a file atomically and durably, keeping what the old one had; reading one within limits;
/// following links to where a file really is.
@Suite struct DurableFileTests {
  let directory = TemporaryDirectory()
  var path: SystemPath { SystemPath(directory.file("h.plist")) }

  func info(_ name: String) -> stat? {
    var info = stat()
    return lstat(directory.file(name), &info) == 0 ? info : nil
  }

  func names() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
  }

  // MARK: Replacing

  @Test func aNewFileHasTheModeAskedForWhateverTheUmask() throws {
    let mask = umask(0o077)
    defer { umask(mask) }
    try DurableFile.replace(path: path, with: Array("one".utf8), mode: 0o644)
    #expect(directory.bytes("h.plist") == Array("one".utf8))
    #expect(try #require(info("h.plist")).st_mode & 0o7777 == 0o644)
    try DurableFile.replace(path: SystemPath(directory.file("other")), with: [])
    #expect(try #require(info("other")).st_mode & 0o7777 == 0o600)
  }

  @Test func aReplacedFileKeepsItsModeAndOwner() throws {
    try directory.write("h.plist", "old")
    try #require(chmod(directory.file("h.plist"), 0o640) == 0)
    // Only root can give the file to someone else; anyone else checks that their own stays.
    let someone = FileOwner(user: 65534, group: 65534)
    let owner =
      chown(directory.file("h.plist"), someone.user, someone.group) == 0
      ? someone : FileOwner(user: getuid(), group: getgid())
    try DurableFile.replace(path: path, with: Array("new".utf8), mode: 0o600)
    let after = try #require(info("h.plist"))
    #expect(after.st_mode & 0o7777 == 0o640)
    #expect(FileOwner(after) == owner)
    #expect(directory.bytes("h.plist") == Array("new".utf8))
  }

  @Test func theNewFileIsRenamedIntoPlaceWithNothingLeftBeside() throws {
    try directory.write("h.plist", "old")
    // A reader that opened the old file goes on reading it whole: it was replaced, not rewritten.
    let reader = open(directory.file("h.plist"), O_RDONLY)
    try #require(reader >= 0)
    defer { close(reader) }
    let before = try #require(FileIdentity.of(path: path))
    let identity = try DurableFile.replace(path: path, with: Array("new".utf8))
    var old = [UInt8](repeating: 0, count: 8)
    #expect(read(reader, &old, old.count) == 3 && Array(old.prefix(3)) == Array("old".utf8))
    #expect(identity != before)
    #expect(identity == FileIdentity.of(path: path))
    #expect(names() == ["h.plist"])
  }

  @Test func aReplaceThatCannotStartChangesNothing() throws {
    let missing = SystemPath(directory.file("no such folder/h.plist"))
    #expect(throws: FileProblem.self) { try DurableFile.replace(path: missing, with: [1]) }
    #expect(names().isEmpty)
  }

  @Test func theTemporariesACrashedWriterLeftAreRemovedAndNothingElse() throws {
    try directory.write("h.plist", "kept")
    try directory.write(".h.plist.tmp-abc123", "stale")
    try directory.write(".other.tmp-abc123", "someone else's")
    DurableFile.removeStaleTemporaries(beside: path)
    #expect(names() == [".other.tmp-abc123", "h.plist"])
  }

  @Test func missingFoldersAreMadePrivateAndAFileInTheWayIsNamed() throws {
    let deep = SystemPath(directory.file("a/b/h.plist"))
    try DurableFile.createParentDirectories(of: deep)
    #expect(try #require(info("a")).st_mode & 0o7777 == 0o700)
    #expect(try #require(info("a/b")).st_mode & 0o7777 == 0o700)
    try directory.write("file", "")
    #expect(throws: FileProblem("\(directory.file("file")) is not a directory")) {
      try DurableFile.createParentDirectories(of: SystemPath(directory.file("file/h.plist")))
    }
  }

  // MARK: Reading

  @Test func readingGivesTheBytesAndTheIdentityOrNilWhenNothingIsThere() throws {
    #expect(try DurableFile.read(path: path, limit: 100) == nil)
    try directory.write("h.plist", "12345")
    let read = try #require(try DurableFile.read(path: path, limit: 100))
    #expect(read.bytes == Array("12345".utf8))
    #expect(read.identity == FileIdentity.of(path: path))
  }

  @Test func aFileUpToTheLimitIsReadAndOneByteOverIsRefused() throws {
    try directory.write("h.plist", "12345")
    #expect(try DurableFile.read(path: path, limit: 5)?.bytes.count == 5)
    #expect(throws: FileProblem("it is too large: 5 bytes; the limit is 4 bytes")) {
      try DurableFile.read(path: path, limit: 4)
    }
  }

  @Test func anythingButARegularFileIsRefusedWithoutWaitingOnIt() throws {
    try #require(mkfifo(directory.file("h.plist"), 0o600) == 0)
    // Opening a FIFO without a writer would wait for one; it is refused before.
    let problem = try #require(throwing(try DurableFile.read(path: path, limit: 100)))
    #expect(problem.isNotARegularFile && problem.message == "it is a FIFO, not a file")
    unlink(directory.file("h.plist"))
    mkdir(directory.file("h.plist"), 0o700)
    #expect(throwing(try DurableFile.read(path: path, limit: 100))?.isNotARegularFile == true)
  }

  @Test func aLinkIsFollowedUnlessReadingRefusesLinks() throws {
    try directory.write("real.plist", "x")
    symlink("real.plist", directory.file("h.plist"))
    #expect(try DurableFile.read(path: path, limit: 100)?.bytes == Array("x".utf8))
    #expect(throwing(try DurableFile.read(path: path, limit: 100, followingLinks: false)) != nil)
  }

  // MARK: Links

  @Test func linksAreFollowedToWhereTheyLeadEvenToNothingYet() {
    #expect(DurableFile.resolveLinks(path) == path)
    mkdir(directory.file("synced"), 0o700)
    symlink("synced/h.plist", directory.file("h.plist"))
    symlink(directory.file("h.plist"), directory.file("second"))
    #expect(
      DurableFile.resolveLinks(SystemPath(directory.file("second")))
        == SystemPath(directory.file("synced/h.plist")))
    #expect(DurableFile.realPath(path) == nil)  // nothing there yet
  }

  @Test func aLoopOfLinksEndsInsteadOfGoingRoundForever() {
    symlink("b", directory.file("a"))
    symlink("a", directory.file("b"))
    let resolved = DurableFile.resolveLinks(SystemPath(directory.file("a")))
    #expect([directory.file("a"), directory.file("b")].map(SystemPath.init).contains(resolved))
  }

  @Test func theRealPathResolvesLinksDotsAndDotDots() throws {
    try directory.write("real.plist", "x")
    mkdir(directory.file("sub"), 0o700)
    symlink("../real.plist", directory.file("sub/link"))
    let real = try #require(DurableFile.realPath(SystemPath(directory.file("sub/./link"))))
    #expect(real.description.hasSuffix("/real.plist") && !real.description.contains("/sub"))
  }

  // MARK: Moving aside

  @Test func aFileIsMovedAsideToTheFirstFreeName() throws {
    try directory.write("h.plist", "1")
    #expect(try DurableFile.moveAside(path, suffix: ".bad") == SystemPath(directory.file("h.plist.bad")))
    try directory.write("h.plist", "2")
    #expect(try DurableFile.moveAside(path, suffix: ".bad") == SystemPath(directory.file("h.plist.bad-2")))
    #expect(names() == ["h.plist.bad", "h.plist.bad-2"])
    mkdir(directory.file("h.plist"), 0o700)
    #expect(throws: FileProblem.self) { try DurableFile.moveAside(path, suffix: ".bad") }
  }
}

/// The problem `body` throws, or nil.
func throwing<T>(_ body: @autoclosure () throws(FileProblem) -> T) -> FileProblem? {
  do {
    _ = try body()
    return nil
  } catch {
    return error
  }
}
