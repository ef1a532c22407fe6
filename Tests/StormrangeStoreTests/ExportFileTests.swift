import Dispatch
import FoundationEssentials
import Glibc
import TestSupport
import Testing

@testable import StormrangeDomain
@testable import StormrangeStore

/// What `ExportFile` does with what is at the path: a regular file is replaced, a FIFO or a device
/// written into; it refuses before writing anything one of stormrange's own files, a regular file
/// with other names (which a new file renamed over one name would leave with the old contents), a
/// directory and anything else.
@Suite struct ExportFileTests {
  let directory = TemporaryDirectory()

  @Test func aKeptFileIsRefusedAndLeftAsItIs() throws {
    let history = SavedHistory(
      path: directory.file("h.plist"), now: { Date(timeIntervalSince1970: 1_782_921_780) })
    try history.append(
      Measurement(date: Date(timeIntervalSince1970: 1_782_921_780), delay: 5, temperature: 20))
    let kept = KeptFiles(history: history, settings: nil, commandHistory: nil)
    let lock = SystemPath(directory.file("h.plist.lock"))
    let before = try #require(FileIdentity.of(path: lock))
    #expect(throws: ExportFile.Problem.keptFile(.historyLock)) {
      try ExportFile.write(Array("x".utf8), to: lock, sparing: kept)
    }
    #expect(FileIdentity.of(path: lock) == before)
    #expect(directory.bytes("h.plist.lock") == [])
  }

  @Test func aFileWithOtherNamesIsRefusedAndLeftAsItIs() throws {
    try directory.write("a.csv", "old")
    link(directory.file("a.csv"), directory.file("b.csv"))
    #expect(throws: ExportFile.Problem.hardLinked(links: 2)) {
      try ExportFile.write(Array("new".utf8), to: SystemPath(directory.file("a.csv")), sparing: nil)
    }
    #expect(directory.bytes("a.csv") == Array("old".utf8))
    unlink(directory.file("b.csv"))
    #expect(
      try ExportFile.write(Array("new".utf8), to: SystemPath(directory.file("a.csv")), sparing: nil)
        == .replaced)
    #expect(directory.bytes("a.csv") == Array("new".utf8))
  }

  func export(_ text: String, to name: String) throws(ExportFile.Problem) -> ExportFile.Delivery {
    try ExportFile.write(Array(text.utf8), to: SystemPath(directory.file(name)), sparing: nil)
  }

  @Test func aNewFileIsPrivateAndAnExistingOneKeepsItsMode() throws {
    #expect(try export("a", to: "new.csv") == .replaced)
    var info = stat()
    stat(directory.file("new.csv"), &info)
    #expect(info.st_mode & 0o7777 == 0o600)
    try directory.write("shared.csv", "old")
    chmod(directory.file("shared.csv"), 0o644)
    #expect(try export("new", to: "shared.csv") == .replaced)
    stat(directory.file("shared.csv"), &info)
    #expect(info.st_mode & 0o7777 == 0o644)
    #expect(directory.bytes("shared.csv") == Array("new".utf8))
  }

  @Test func aLinkStaysALinkAndItsFileIsReplacedOrMade() throws {
    try directory.write("real.csv", "old")
    symlink("real.csv", directory.file("link.csv"))
    symlink("later.csv", directory.file("dangling.csv"))
    #expect(try export("new", to: "link.csv") == .replaced)
    #expect(try export("made", to: "dangling.csv") == .replaced)
    var info = stat()
    for link in ["link.csv", "dangling.csv"] {
      lstat(directory.file(link), &info)
      #expect(info.st_mode & S_IFMT == S_IFLNK, "\(link)")
    }
    #expect(directory.bytes("real.csv") == Array("new".utf8))
    #expect(directory.bytes("later.csv") == Array("made".utf8))
  }

  @Test func aFIFOIsWrittenIntoNotReplaced() throws {
    try #require(mkfifo(directory.file("pipe"), 0o600) == 0)
    // A reader first, so that opening the FIFO to write does not wait for one.
    let reader = open(directory.file("pipe"), O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    #expect(try export("through", to: "pipe") == .streamed)
    var bytes = [UInt8](repeating: 0, count: 16)
    let count = read(reader, &bytes, bytes.count)
    #expect(count == 7 && Array(bytes.prefix(7)) == Array("through".utf8))
    var info = stat()
    lstat(directory.file("pipe"), &info)
    #expect(info.st_mode & S_IFMT == S_IFIFO)
  }

  /// A stop that asks once a byte is in `wake`'s read end, as a signal's self-pipe does.
  private func stopCheck(woken wake: [Int32]) -> StopCheck {
    StopCheck(
      isRequested: {
        var ready = [pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)]
        return poll(&ready, 1, 0) > 0
      }, wake: wake[0])
  }

  @Test func aStopEndsAnExportIntoAFIFOOrADescriptorThatNobodyReads() throws {
    try #require(mkfifo(directory.file("stalled"), 0o600) == 0)
    let reader = open(directory.file("stalled"), O_RDONLY | O_NONBLOCK)  // never reads
    try #require(reader >= 0)
    defer { close(reader) }
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    defer { close(ends[1]) }
    var incomplete = FileProblem(
      "stopped by a signal while its reader was not reading, so the export is incomplete")
    incomplete.isCancelled = true
    let large = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)  // more than a pipe holds
    for path in [directory.file("stalled"), "/dev/fd/\(ends[1])"] {
      var wake: [Int32] = [-1, -1]
      try #require(pipe(&wake) == 0)
      defer { close(wake[0]) }
      let waker = wake[1]
      DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
        var byte: UInt8 = 1
        _ = write(waker, &byte, 1)
        close(waker)
      }
      #expect(throws: ExportFile.Problem.file(incomplete)) {
        try ExportFile.write(large, to: SystemPath(path), sparing: nil, stop: stopCheck(woken: wake))
      }
    }
  }

  @Test func aStopEndsAWaitForAFIFOsReaderAndNothingIsWritten() throws {
    try #require(mkfifo(directory.file("unread"), 0o600) == 0)
    var wake: [Int32] = [-1, -1]
    try #require(pipe(&wake) == 0)
    defer { close(wake[0]) }
    var byte: UInt8 = 1
    _ = write(wake[1], &byte, 1)  // asked before the export even opens it
    close(wake[1])
    var waited = FileProblem("stopped by a signal while it waited for a reader; nothing was written")
    waited.isCancelled = true
    #expect(throws: ExportFile.Problem.file(waited)) {
      try ExportFile.write(
        Array("x".utf8), to: SystemPath(directory.file("unread")), sparing: nil, stop: stopCheck(woken: wake))
    }
  }

  @Test func aCharacterDeviceAndADescriptorOfThisProcessAreWrittenInto() throws {
    #expect(try ExportFile.write(Array("x".utf8), to: SystemPath("/dev/null"), sparing: nil) == .streamed)
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    #expect(
      try ExportFile.write(Array("fd".utf8), to: SystemPath("/dev/fd/\(ends[1])"), sparing: nil) == .streamed)
    close(ends[1])
    var bytes = [UInt8](repeating: 0, count: 8)
    #expect(read(ends[0], &bytes, bytes.count) == 2 && Array(bytes.prefix(2)) == Array("fd".utf8))
  }

  @Test func aDirectoryIsRefusedAndNothingIsWritten() throws {
    mkdir(directory.file("folder"), 0o700)
    #expect(
      throws: ExportFile.Problem.file(
        FileProblem("it is a directory; give the name of a file to write; nothing was written"))
    ) {
      try export("x", to: "folder")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("folder")).isEmpty)
  }

  @Test func aSocketIsRefused() throws {
    let socketPath = directory.file("socket")
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in socketPath.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0)
    #expect(
      throws: ExportFile.Problem.file(
        FileProblem("it is not a regular file, a FIFO or a character device; nothing was written"))
    ) {
      try export("x", to: "socket")
    }
  }
}
