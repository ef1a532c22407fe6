import CExtendedAttributes
import Glibc
import TestSupport
import Testing

@testable import StormrangeStore

/// A rewrite keeps the old file's `user.*` extended attributes and its access ACL, as it keeps the mode
/// and the owner, and takes no others.
@Suite struct DurableFileAttributesTests {
  let directory = TemporaryDirectory()
  var path: String { directory.file("h.plist") }

  /// An access ACL in the kernel's format: version 2, then (tag, permissions, id) entries sorted by
  /// tag: the owner rw, user `nobody` (65534) r, the owning group r, the mask r, others nothing.
  static let acl: [UInt8] = {
    func entry(_ tag: UInt16, _ permissions: UInt16, _ id: UInt32) -> [UInt8] {
      withUnsafeBytes(of: tag.littleEndian, Array.init)
        + withUnsafeBytes(of: permissions.littleEndian, Array.init)
        + withUnsafeBytes(of: id.littleEndian, Array.init)
    }
    let undefined = UInt32.max
    return withUnsafeBytes(of: UInt32(2).littleEndian, Array.init) + entry(0x01, 6, undefined)
      + entry(0x02, 4, 65534) + entry(0x04, 4, undefined) + entry(0x10, 4, undefined)
      + entry(0x20, 0, undefined)
  }()

  private func set(_ name: String, _ value: [UInt8]) -> Bool {
    value.withUnsafeBytes {
      setxattr(path, name, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), $0.count, 0)
    } == 0
  }

  private func get(_ name: String) -> [UInt8]? {
    let size = getxattr(path, name, nil, 0)
    guard size >= 0 else { return nil }
    var value = [UInt8](repeating: 0, count: size)
    guard getxattr(path, name, &value, size) == size else { return nil }
    return value
  }

  private func mode() -> mode_t {
    var info = stat()
    stat(path, &info)
    return info.st_mode & 0o7777
  }

  @Test func userAttributesAndTheAccessACLSurviveARewrite() throws {
    try DurableFile.replace(path: SystemPath(path), with: Array("old".utf8))
    // The file system under test must have them: a test that skipped here would prove nothing.
    try #require(
      set("user.tag", Array("storm".utf8)), "no user xattrs here: \(String(cString: strerror(errno)))")
    #expect(set("user.empty", []))
    #expect(set("system.posix_acl_access", Self.acl))
    chmod(path, 0o640)  // the mask follows the group bits: r
    let acl = get("system.posix_acl_access")
    let before = mode()
    try DurableFile.replace(path: SystemPath(path), with: Array("new".utf8))
    #expect(directory.bytes("h.plist") == Array("new".utf8))
    #expect(get("user.tag") == Array("storm".utf8))
    #expect(get("user.empty") == [])
    #expect(get("system.posix_acl_access") == acl)
    #expect(mode() == before)
  }

  @Test func aNewFileGetsNone() throws {
    try DurableFile.replace(path: SystemPath(path), with: Array("new".utf8))
    #expect(get("user.tag") == nil)
    #expect(get("system.posix_acl_access") == nil)
  }
}
