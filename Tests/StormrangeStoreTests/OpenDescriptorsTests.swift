import Glibc
import TestSupport
import Testing

@testable import StormrangeStore

/// Which descriptors are open, and which paths name one of them (`/dev/fd/3`, `/dev/stdout`).
@Suite struct OpenDescriptorsTests {
  let directory = TemporaryDirectory()

  func openFile(_ name: String) -> Int32 {
    open(directory.file(name), O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
  }

  /// A descriptor for a new file at `rank` below the highest number the process may have (each test
  /// its own rank): the tests run in parallel and each open takes the lowest number free, so once
  /// closed, no other test takes this one back before the test that closed it looks.
  func openFileHigh(_ name: String, rank: Int32) -> Int32 {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    let high = Int32(min(limit.rlim_cur, 4096)) - 1 - rank
    let descriptor = openFile(name)
    defer { close(descriptor) }
    let moved = dup2(descriptor, high)
    _ = fcntl(moved, F_SETFD, FD_CLOEXEC)
    return moved
  }

  @Test func aDescriptorOpenedIsListedAndOneClosedIsNot() {
    let descriptor = openFileHigh("a", rank: 0)
    #expect(descriptor >= 3)
    #expect(OpenDescriptors.numbers().contains(descriptor))
    close(descriptor)
    #expect(!OpenDescriptors.numbers().contains(descriptor))
    // The standard three are always the caller's, never listed.
    #expect(OpenDescriptors.numbers().allSatisfy { $0 >= 3 })
  }

  @Test func pathsThatNameAnOpenDescriptorGiveItsNumber() {
    let descriptor = openFile("a")
    defer { close(descriptor) }
    for path in [
      "/dev/fd/\(descriptor)", "/proc/self/fd/\(descriptor)", "/proc/\(getpid())/fd/\(descriptor)",
    ] {
      #expect(OpenDescriptors.named(by: SystemPath(path)) == descriptor, "\(path)")
    }
    // /dev/stdout is a link to /proc/self/fd/1.
    #expect(OpenDescriptors.named(by: SystemPath("/dev/stdout")) == 1)
  }

  @Test func pathsThatNameNoOpenDescriptorGiveNil() {
    let descriptor = openFileHigh("a", rank: 1)
    close(descriptor)
    for path in [
      "/dev/fd/\(descriptor)", "/dev/fd/", "/dev/fd/3x", "/dev/null", directory.file("a"), "/dev/fd/99999",
    ] {
      #expect(OpenDescriptors.named(by: SystemPath(path)) == nil, "\(path)")
    }
  }

  @Test func aLinkToADescriptorsPathNamesIt() {
    let descriptor = openFile("a")
    defer { close(descriptor) }
    symlink("/dev/fd/\(descriptor)", directory.file("link"))
    #expect(OpenDescriptors.named(by: SystemPath(directory.file("link"))) == descriptor)
  }

  @Test func theDescriptorsOpeningAFileAreFoundByItsIdentity() {
    let first = openFile("a")
    let second = open(directory.file("a"), O_RDONLY | O_CLOEXEC)
    let other = openFile("b")
    defer { [first, second, other].forEach { close($0) } }
    var info = stat()
    stat(directory.file("a"), &info)
    #expect(Set(OpenDescriptors.opening(info)) == [first, second])
  }
}
