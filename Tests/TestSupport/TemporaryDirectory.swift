import FoundationEssentials
import Glibc

/// A fresh directory under the system's temporary directory, removed when the value is released.
package final class TemporaryDirectory {
  package let path: String

  /// A directory under `parent`, or else the system's temporary directory.
  package init(in parent: String? = nil) {
    let template = (parent ?? FileManager.default.temporaryDirectory.path) + "/stormrange-tests-XXXXXX"
    var bytes = Array(template.utf8CString)
    path = bytes.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
  }

  /// Where directories in memory are made (`/dev/shm`), or nil where there is no such place.
  package static let memoryParent: String? = {
    var status = stat()
    guard stat("/dev/shm", &status) == 0, status.st_mode & S_IFMT == S_IFDIR, access("/dev/shm", W_OK) == 0
    else { return nil }
    return "/dev/shm"
  }()

  /// A directory in memory (in ``memoryParent``) where there is one, else as ``init(in:)``: for
  /// tests that save many times and test something other than durability, which `fsync` would
  /// slow down a hundredfold.
  package static func inMemory() -> TemporaryDirectory { TemporaryDirectory(in: memoryParent) }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  package func file(_ name: String) -> String { path + "/" + name }

  package func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
  }

  package func bytes(_ name: String) -> [UInt8]? {
    FileManager.default.contents(atPath: file(name)).map { Array($0) }
  }
}
